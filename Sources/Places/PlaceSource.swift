import GeoCore

/// Anything that can list the places in a region: the SQLite store, the Refuge Restrooms HTTP client,
/// a fixture file.
///
/// Every implementation follows the same rules (checked by `checkPlaceSourceContract` in TestSupport):
/// - Only places with `region.contains(place.coordinate)` (edges included) and `kinds.contains(place.kind)`.
///   A region with `west > east` crosses the antimeridian and must work.
/// - An empty `kinds` set or `limit <= 0` gives an empty result.
/// - At most `limit` places, in `PlaceRanking` order: nearest to the region's centre first (great-circle
///   distance), ties by `id`. When more than `limit` places match, the nearest `limit` are returned.
/// - No two results share an `id`.
/// - Errors are `PlaceSourceError`, or `CancellationError` when the calling task was cancelled.
public protocol PlaceSource: Sendable {
    /// The places of the given kinds inside `region`, nearest to its centre first, at most `limit`.
    func places(in region: GeoBounds, kinds: Set<PlaceKind>, limit: Int) async throws -> [Place]

    /// The place with everything its detail pane shows. A source whose `places` results may leave
    /// `details` as `.none` for speed (the SQLite store) loads them here; others return it unchanged.
    func details(for place: Place) async throws -> Place
}

extension PlaceSource {
    /// Sources that already return full places hand the place back unchanged.
    public func details(for place: Place) async throws -> Place { place }

    /// The places of every kind inside `region`, nearest to its centre first, at most `limit`.
    public func places(in region: GeoBounds, limit: Int) async throws -> [Place] {
        try await places(in: region, kinds: PlaceKind.all, limit: limit)
    }
}
