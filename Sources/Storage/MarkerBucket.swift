import GeoCore
import Places

/// Up to `capacity` markers of one cluster hierarchy that share their zoom range exactly, packed into
/// the blob of one `markers_rtree` row (whose box is their bounding box and zoom range).
///
/// Blob layout, entry after entry (little-endian, LEB128 varints):
/// - common: `lat: Float64, lon: Float64, tag: UInt8` (0 place, 1 cluster);
/// - place: `category: UInt8, rank: UInt8, id: text, name: text` (text = varint length + UTF-8);
/// - cluster: `node: varint, rank: UInt8, expansionZoom: UInt8, counts: varint × group slots`.
package enum MarkerBucket {
    /// Markers per bucket.
    static let capacity = 32

    /// One marker to pack.
    package enum Entry {
        case place(id: String, name: String, coordinate: LatLon, category: PlaceCategory, rank: UInt8)
        case cluster(node: Int64, coordinate: LatLon, rank: UInt8, expansionZoom: UInt8, counts: [Int32])

        var coordinate: LatLon {
            switch self {
            case .place(_, _, let coordinate, _, _), .cluster(_, let coordinate, _, _, _): return coordinate
            }
        }
    }

    /// The blob and bounding box of `entries`.
    static func pack(_ entries: some Sequence<Entry>) -> (bytes: [UInt8], box: PlaceBucket.Box) {
        var bytes: [UInt8] = []
        var box = PlaceBucket.Box()
        for entry in entries {
            let c = entry.coordinate
            box.minLon = min(box.minLon, c.lon)
            box.maxLon = max(box.maxLon, c.lon)
            box.minLat = min(box.minLat, c.lat)
            box.maxLat = max(box.maxLat, c.lat)
            BlobBytes.append(c.lat, to: &bytes)
            BlobBytes.append(c.lon, to: &bytes)
            switch entry {
            case .place(let id, let name, _, let category, let rank):
                bytes += [0, category.code, rank]
                BlobBytes.appendText(id, to: &bytes)
                BlobBytes.appendText(name, to: &bytes)
            case .cluster(let node, _, let rank, let expansionZoom, let counts):
                bytes.append(1)
                BlobBytes.appendVarint(UInt64(node), to: &bytes)
                bytes += [rank, expansionZoom]
                for count in counts { BlobBytes.appendVarint(UInt64(count), to: &bytes) }
            }
        }
        return (bytes, box)
    }

    /// Appends the markers of a blob of `group` whose position `accept`s, counting only the category slots
    /// of `slotMask`, as markers at `zoom`; false when the blob is malformed (what was read before stays).
    package static func unpack(
        _ bytes: [UInt8], group: ClusterGroup, zoom: Int, slotMask: UInt16, into markers: inout [PlaceMarker],
        where accept: (LatLon) -> Bool
    ) -> Bool {
        let categories = group.categories
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard offset + 17 <= raw.count else { return false }
                let coordinate = LatLon(
                    lat: BlobBytes.double(raw, at: offset), lon: BlobBytes.double(raw, at: offset + 8))
                let tag = raw[offset + 16]
                offset += 17
                if tag == 0 {
                    guard offset + 2 <= raw.count, let category = PlaceCategory(code: raw[offset]),
                        category.group == group
                    else { return false }
                    let rank = raw[offset + 1]
                    offset += 2
                    guard let id = BlobBytes.textRange(raw, &offset), let name = BlobBytes.textRange(raw, &offset)
                    else { return false }
                    guard slotMask & (1 << group.slot(of: category)) != 0, accept(coordinate) else { continue }
                    let place = Place(
                        id: String(decoding: UnsafeRawBufferPointer(rebasing: raw[id]), as: UTF8.self),
                        kind: category.kind,
                        name: String(decoding: UnsafeRawBufferPointer(rebasing: raw[name]), as: UTF8.self),
                        coordinate: coordinate)
                    markers.append(.single(place, rank: rank, zoom: zoom))
                } else {
                    guard tag == 1, let node = BlobBytes.varint(raw, &offset), offset + 2 <= raw.count else {
                        return false
                    }
                    let rank = raw[offset], expansion = raw[offset + 1]
                    offset += 2
                    var counts = KindCounts()
                    var total = 0
                    for (slot, category) in categories.enumerated() {
                        guard let n = BlobBytes.varint(raw, &offset) else { return false }
                        if slotMask & (1 << slot) != 0 {
                            counts[category.kind] += Int(n)
                            total += Int(n)
                        }
                    }
                    guard total > 0, accept(coordinate) else { continue }
                    markers.append(
                        PlaceMarker(
                            content: .cluster(ClusterRef(group: group, node: Int64(node))), coordinate: coordinate,
                            count: total, kindCounts: counts, rank: rank, expansionZoom: Int(expansion)))
                }
            }
            return true
        }
    }
}

/// A cluster's row of the `clusters` table: its counts per category slot and its children, so that its
/// most important places are found without reading the rest of the hierarchy.
///
/// `counts`: one varint per slot of the group. `children`: per child, `varint(ref << 1 | isPlace)` (ref is
/// the place's rowid or the cluster's node), `rank: UInt8`, and for a place `category: UInt8`.
package enum ClusterRecord {
    /// A child of a cluster.
    package struct Child {
        package var isPlace: Bool
        /// The place's rowid, or the child cluster's node.
        package var ref: Int64
        package var rank: UInt8
        /// For a place.
        package var category: PlaceCategory?

        package init(isPlace: Bool, ref: Int64, rank: UInt8, category: PlaceCategory? = nil) {
            self.isPlace = isPlace
            self.ref = ref
            self.rank = rank
            self.category = category
        }
    }

    static func packCounts(_ counts: ArraySlice<Int32>) -> [UInt8] {
        var bytes: [UInt8] = []
        for count in counts { BlobBytes.appendVarint(UInt64(count), to: &bytes) }
        return bytes
    }

    static func packChildren(_ children: [Child]) -> [UInt8] {
        var bytes: [UInt8] = []
        for child in children {
            BlobBytes.appendVarint(UInt64(child.ref) << 1 | (child.isPlace ? 1 : 0), to: &bytes)
            bytes.append(child.rank)
            if let category = child.category { bytes.append(category.code) }
        }
        return bytes
    }

    /// The counts, nil when malformed.
    package static func counts(_ bytes: [UInt8]) -> [Int]? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            var counts: [Int] = []
            while offset < raw.count {
                guard let n = BlobBytes.varint(raw, &offset) else { return nil }
                counts.append(Int(n))
            }
            return counts
        }
    }

    /// The children, nil when malformed.
    package static func children(_ bytes: [UInt8]) -> [Child]? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            var children: [Child] = []
            while offset < raw.count {
                guard let key = BlobBytes.varint(raw, &offset), offset < raw.count else { return nil }
                let isPlace = key & 1 == 1
                let rank = raw[offset]
                offset += 1
                var category: PlaceCategory?
                if isPlace {
                    guard offset < raw.count, let known = PlaceCategory(code: raw[offset]) else { return nil }
                    category = known
                    offset += 1
                }
                children.append(Child(isPlace: isPlace, ref: Int64(key >> 1), rank: rank, category: category))
            }
            return children
        }
    }
}
