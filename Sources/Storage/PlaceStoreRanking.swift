import GeoCore
import Places

/// `PlaceRanking`'s order (great-circle distance from `PlaceRanking.center(of:)`, ties by id) and
/// `limit` for entries the store has already filtered: inside the region, of the wanted kinds, no id
/// twice. It gives exactly `PlaceRanking.select`'s answer for such candidates (the tests check that) at
/// a fraction of the cost: it sorts (distance, index) pairs of small `PlaceCandidates` items and
/// builds strings and a `Place` only for each place of the answer (and ids for ties).
enum PlaceStoreRanking {
    /// The first `limit` of `candidates` in ranking order around `center`, as places with `details = .none`.
    static func nearest(_ candidates: PlaceCandidates, to center: LatLon, limit: Int) -> [Place] {
        guard limit > 0, candidates.count > 0 else { return [] }
        let distances = candidates.items.map { Geodesy.sphericalDistance(center, $0.coordinate) }
        var keys = distances.indices.map { (distance: distances[$0], index: $0) }
        if candidates.count > 2 * limit {
            // Only the entries within the limit-th smallest distance (ties included) can be in the answer:
            // sort plain doubles to find it, then sort the few survivors with the full comparator.
            let cutoff = distances.sorted()[limit - 1]
            keys.removeAll { $0.distance > cutoff }
        }
        keys.sort { a, b in
            a.distance != b.distance ? a.distance < b.distance : candidates.id(a.index) < candidates.id(b.index)
        }
        return keys.prefix(limit).map { candidates.place($0.index) }
    }
}
