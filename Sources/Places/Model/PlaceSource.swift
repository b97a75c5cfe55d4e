import GeoCore

/// Anything that can list the places in a region and put them on the map as markers: the SQLite store,
/// the Refuge Restrooms HTTP client, a fixture file.
///
/// Every implementation follows the same rules (checked by `checkPlaceSourceContract` in TestSupport):
/// - `places`: only places with `region.contains(place.coordinate)` (edges included) that pass the
///   filter. A region with `west > east` crosses the antimeridian and must work. A filter without kinds
///   or `limit <= 0` gives an empty result. At most `limit` places, in `PlaceRanking` order: nearest to
///   the region's centre first (great-circle distance), ties by `id`. No two results share an `id`.
/// - `markers`: the markers of the `ClusterTree` hierarchies of the source's places at a whole zoom
///   (0…18), those whose position lies in the region, counting only places that pass the filter.
///   Every place passing the filter belongs to exactly one marker at every zoom from its group's first.
/// - Errors are `PlaceSourceError`, or `CancellationError` when the calling task was cancelled.
public protocol PlaceSource: Sendable {
    /// The places passing `filter` inside `region`, nearest to its centre first, at most `limit`.
    func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place]

    /// The place with everything its detail pane shows. A source whose results may leave `details` as
    /// `.none` for speed (the SQLite store) loads them here; others return it unchanged.
    func details(for place: Place) async throws -> Place

    /// The markers at whole zoom `zoom` whose position lies inside `region`.
    func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch

    /// Up to `limit` places of a cluster this source returned, passing `filter`, most important first.
    func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place]
}

extension PlaceSource {
    /// Sources that already return full places hand the place back unchanged.
    public func details(for place: Place) async throws -> Place { place }

    /// The places of `kinds` (closed airports left out) inside `region`, nearest to its centre first.
    public func places(in region: GeoBounds, kinds: Set<PlaceKind>, limit: Int) async throws -> [Place] {
        try await places(in: region, filter: PlaceFilter(kinds: kinds), limit: limit)
    }

    /// The places of every kind (closed airports left out) inside `region`, nearest to its centre first.
    public func places(in region: GeoBounds, limit: Int) async throws -> [Place] {
        try await places(in: region, filter: .standard, limit: limit)
    }
}
