/// A latitude/longitude box in degrees. When `west > east` the box crosses the antimeridian.
public struct GeoBounds: Hashable, Sendable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The whole Mercator world.
    public static let world = GeoBounds(south: -90, west: -180, north: 90, east: 180)

    /// True when the box crosses the antimeridian.
    public var crossesAntimeridian: Bool { west > east }

    /// One or two boxes that do not cross the antimeridian and together cover this one.
    public var parts: [GeoBounds] {
        guard crossesAntimeridian else { return [self] }
        return [
            GeoBounds(south: south, west: west, north: north, east: 180),
            GeoBounds(south: south, west: -180, north: north, east: east),
        ]
    }

    /// True when the point lies inside (edges included), honouring antimeridian crossing.
    public func contains(_ point: LatLon) -> Bool {
        guard point.lat >= south, point.lat <= north else { return false }
        let lon = LatLon.wrapLongitude(point.lon) == -180 && point.lon == 180 ? 180 : point.lon
        if crossesAntimeridian { return lon >= west || lon <= east }
        return lon >= west && lon <= east
    }
}
