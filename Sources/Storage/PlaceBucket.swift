import GeoCore
import Places

/// A group of up to `capacity` places that are neighbours along the Hilbert curve, packed into one
/// blob: the R*Tree of a place store indexes buckets, not places, and carries each bucket's blob as an
/// auxiliary column, so a viewport query reads a few dozen R*Tree rows and no other table.
///
/// Why: SQLite spends about a microsecond per row on anything beyond the R*Tree's own cursor (an
/// auxiliary column is a lookup in a shadow table per row, measured slower than a join), which alone is
/// twice the 0.5 ms budget for 1000 places; one row per 32 places spends it 32 times less often.
///
/// Blob layout, entry after entry with no header (little-endian):
/// `lat: Float64, lon: Float64, category: UInt8 (PlaceCategory.code), idLength: LEB128, id: UTF-8,
/// nameLength: LEB128, name: UTF-8`. Coordinates are the exact doubles of the `places` table.
package enum PlaceBucket {
    /// Places per bucket: 32 keeps a blob of typical names (≈ 1.5–2.5 KB) inside one 4 KiB page.
    static let capacity = 32

    /// One place as a bucket holds it: what the map draws. Far smaller than a `Place` (whose inline
    /// details make it over 200 bytes), so queries collect and rank entries and build `Place` values
    /// only for the answer.
    struct Entry {
        var id: String
        var category: PlaceCategory
        var name: String
        var coordinate: LatLon

        init(id: String, category: PlaceCategory, name: String, coordinate: LatLon) {
            self.id = id
            self.category = category
            self.name = name
            self.coordinate = coordinate
        }

        init(_ place: Place) {
            self.init(id: place.id, category: PlaceCategory.of(place), name: place.name, coordinate: place.coordinate)
        }

        /// The place, with `details = .none`.
        var place: Place { Place(id: id, kind: category.kind, name: name, coordinate: coordinate) }
    }

    /// The bounding box of a bucket in degrees (for its R*Tree row).
    package struct Box: Equatable, Sendable {
        package var minLon = Double.infinity
        package var maxLon = -Double.infinity
        package var minLat = Double.infinity
        package var maxLat = -Double.infinity
    }

    // MARK: Packing

    /// The blob and bounding box of `places` (all with valid coordinates).
    static func pack(_ places: some Sequence<Entry>) -> (bytes: [UInt8], box: Box) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity * 48)
        var box = Box()
        for place in places {
            let c = place.coordinate
            box.minLon = min(box.minLon, c.lon)
            box.maxLon = max(box.maxLon, c.lon)
            box.minLat = min(box.minLat, c.lat)
            box.maxLat = max(box.maxLat, c.lat)
            BlobBytes.append(c.lat, to: &bytes)
            BlobBytes.append(c.lon, to: &bytes)
            bytes.append(place.category.code)
            BlobBytes.appendText(place.id, to: &bytes)
            BlobBytes.appendText(place.name, to: &bytes)
        }
        return (bytes, box)
    }

    // MARK: Unpacking

    /// Appends to `entries` every entry of `bytes` for which `accept(coordinate, category)` is true;
    /// entries of unknown category codes are skipped. Returns false when the blob is malformed (what was
    /// read before the damage is kept).
    static func unpack(
        _ bytes: [UInt8], into entries: inout [Entry], where accept: (LatLon, PlaceCategory) -> Bool
    ) -> Bool {
        bytes.withUnsafeBytes { raw in
            scan(raw) { coordinate, category, id, name in
                guard accept(coordinate, category) else { return }
                entries.append(
                    Entry(
                        id: String(decoding: UnsafeRawBufferPointer(rebasing: raw[id]), as: UTF8.self),
                        category: category,
                        name: String(decoding: UnsafeRawBufferPointer(rebasing: raw[name]), as: UTF8.self),
                        coordinate: coordinate))
            }
        }
    }

    /// Calls `visit` with the position, category and the byte ranges of the id and name of every entry
    /// of known category in `raw`. Returns false when the blob is malformed (the entries before the damage
    /// have been visited).
    static func scan(
        _ raw: UnsafeRawBufferPointer, visit: (LatLon, PlaceCategory, Range<Int>, Range<Int>) -> Void
    ) -> Bool {
        var offset = 0
        let end = raw.count
        while offset < end {
            guard offset + 17 <= end else { return false }
            let lat = BlobBytes.double(raw, at: offset)
            let lon = BlobBytes.double(raw, at: offset + 8)
            let category = PlaceCategory(code: raw[offset + 16])
            offset += 17
            guard let idRange = BlobBytes.textRange(raw, &offset), let nameRange = BlobBytes.textRange(raw, &offset)
            else {
                return false
            }
            if let category { visit(LatLon(lat: lat, lon: lon), category, idRange, nameRange) }
        }
        return true
    }
}
