import GeoCore

/// A route a router found: the way drawn on the map, its length and time, and its steps.
public struct RoutePlan: Equatable, Sendable {
    public var profile: RouteProfile
    /// The way along the roads, from the start to the end (at least two points).
    public var path: [LatLon]
    /// Metres along the way, as the router says.
    public var distanceMeters: Double
    /// Seconds of travel, as the router says.
    public var durationSeconds: Double
    /// The manoeuvres in order, the departure first and the arrival last.
    public var steps: [RouteStep]
    /// Snap distances up to this many metres go unsaid, in the map and by `mapterm route` (the width of a
    /// street and its sidewalks).
    public static let snapNoteMeters = 25.0

    /// Metres from the asked start to the road the way starts on (the router snaps to the nearest road).
    public var startSnapMeters: Double
    /// Metres from the asked end to the road the way ends on.
    public var endSnapMeters: Double

    public init(
        profile: RouteProfile, path: [LatLon], distanceMeters: Double, durationSeconds: Double,
        steps: [RouteStep], startSnapMeters: Double = 0, endSnapMeters: Double = 0
    ) {
        self.profile = profile
        self.path = path
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.steps = steps
        self.startSnapMeters = startSnapMeters
        self.endSnapMeters = endSnapMeters
    }

    /// The geodesic distance in metres from `point` to the nearest point of the path (its segments are
    /// short enough to be treated as straight in a local tangent plane).
    public func metersOff(_ point: LatLon) -> Double {
        guard var previous = path.first else { return .infinity }
        var best = Geodesy.distance(point, previous) * 1000
        for next in path.dropFirst() {
            best = min(best, RouteGeometry.metersToSegment(point, previous, next))
            previous = next
        }
        return best
    }
}
