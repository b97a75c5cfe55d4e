import GeoCore

/// A static spatial index of places: build once, query many (a `PointIndex` over longitude and latitude).
/// Regions crossing the antimeridian are queried as their two halves. Places with an invalid coordinate
/// are not indexed.
public struct InMemoryPlaceIndex: Sendable {
    /// The indexed places, in the order given to `init` (invalid coordinates left out).
    public let places: [Place]
    private let tree: PointIndex

    /// Builds the index. `nodeSize` (≥ 2) is the leaf size: smaller leaves mean deeper trees.
    public init(_ places: [Place], nodeSize: Int = 64) {
        let valid = places.filter { $0.coordinate.isValid }
        self.places = valid
        tree = PointIndex(
            ids: valid.indices.map { Int32($0) }, xs: valid.map(\.coordinate.lon), ys: valid.map(\.coordinate.lat),
            nodeSize: nodeSize)
    }

    /// The number of indexed places.
    public var count: Int { places.count }

    /// Indices into `places` of every place inside `region` (edges included, as `GeoBounds.contains`),
    /// in no particular order.
    public func indices(in region: GeoBounds) -> [Int] {
        var result: [Int] = []
        guard region.south <= region.north else { return result }
        for part in region.parts {
            tree.forEach(minX: part.west, minY: part.south, maxX: part.east, maxY: part.north) {
                result.append(Int($0))
            }
        }
        return result
    }

    /// The places passing `filter` inside `region`, ranked and cut to `limit` by `PlaceRanking`.
    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) -> [Place] {
        guard limit > 0 else { return [] }
        return PlaceRanking.select(indices(in: region).map { places[$0] }, in: region, filter: filter, limit: limit)
    }
}
