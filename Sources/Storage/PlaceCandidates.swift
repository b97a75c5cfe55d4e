import GeoCore
import Places

/// The places a query found, before ranking: positions and categories are decoded, ids and names stay as
/// byte ranges of the bucket blobs they came from. A world view can match tens of thousands of places
/// of which only `limit` are answered; their strings are made only for those (and for ties).
struct PlaceCandidates {
    /// One candidate: where it is, what it is, and where its id and name lie in `blobs[blob]`.
    struct Item {
        var coordinate: LatLon
        var category: PlaceCategory
        var blob: Int32
        var id: Range<Int32>
        var name: Range<Int32>
    }

    private(set) var blobs: [[UInt8]] = []
    private(set) var items: [Item] = []

    var count: Int { items.count }

    /// Adds every entry of a bucket blob for which `accept(coordinate, category)` is true; false when the
    /// blob is malformed.
    mutating func add(_ blob: [UInt8], where accept: (LatLon, PlaceCategory) -> Bool) -> Bool {
        let index = Int32(blobs.count)  // checked: Int32 row ids: a store holds fewer than 2^31 places
        var found: [Item] = []
        let intact = blob.withUnsafeBytes { raw in
            PlaceBucket.scan(raw) { coordinate, category, id, name in
                guard accept(coordinate, category) else { return }
                found.append(
                    Item(
                        coordinate: coordinate, category: category, blob: index,
                        id: Int32(id.lowerBound)..<Int32(id.upperBound),
                        name: Int32(name.lowerBound)..<Int32(name.upperBound)))
            }
        }
        if !found.isEmpty {
            blobs.append(blob)
            items.append(contentsOf: found)
        }
        return intact
    }

    /// The id of candidate `i`.
    func id(_ i: Int) -> String { text(items[i].blob, items[i].id) }

    /// Candidate `i` as a place with `details = .none`.
    func place(_ i: Int) -> Place {
        let item = items[i]
        return Place(id: id(i), kind: item.category.kind, name: text(item.blob, item.name), coordinate: item.coordinate)
    }

    private func text(_ blob: Int32, _ range: Range<Int32>) -> String {
        blobs[Int(blob)].withUnsafeBytes { raw in
            String(
                decoding: UnsafeRawBufferPointer(rebasing: raw[Int(range.lowerBound)..<Int(range.upperBound)]),
                as: UTF8.self)
        }
    }
}
