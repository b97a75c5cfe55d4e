import GeoCore
import Places

/// `PlaceRanking`'s order (great-circle distance from `PlaceRanking.center(of:)`, ties by id) and
/// `limit` for entries the store has already filtered: inside the region, of the wanted kinds, no id
/// twice. It gives exactly `PlaceRanking.select`'s answer for such candidates (the tests check that) at
/// a fraction of the cost: it sorts (distance, index) pairs of small `PlaceBucket.Entry` values and
/// builds a `Place` only for each place of the answer.
enum PlaceStoreRanking {
    /// The first `limit` of `entries` in ranking order around `center`, as places with `details = .none`.
    static func nearest(_ entries: [PlaceBucket.Entry], to center: LatLon, limit: Int) -> [Place] {
        guard limit > 0, !entries.isEmpty else { return [] }
        let distances = entries.map { Geodesy.distance(center, $0.coordinate) }
        var keys = distances.indices.map { (distance: distances[$0], index: $0) }
        if entries.count > 2 * limit {
            // Only the entries within the limit-th smallest distance (ties included) can be in the answer:
            // sort plain doubles to find it, then sort the few survivors with the full comparator.
            let cutoff = distances.sorted()[limit - 1]
            keys.removeAll { $0.distance > cutoff }
        }
        keys.sort { a, b in
            a.distance != b.distance ? a.distance < b.distance : entries[a.index].id < entries[b.index].id
        }
        return keys.prefix(limit).map { entries[$0.index].place }
    }
}
