import GeoCore
import Routing

/// The way to the selection the map shows: asked of the router, found along roads, or the straight
/// line when no route could be had.
public struct RouteState: Equatable, Sendable {
    /// Where the way starts: the user's location, or the map centre when it is unknown.
    public var from: LatLon
    /// True when `from` is the user's location; false when it is the map centre.
    public var fromUser: Bool
    public var to: LatLon
    public var profile: RouteProfile
    /// The question this state waits for (or was answered by); older answers are dropped.
    public var generation: Int
    public var phase: Phase {
        didSet { pieces = plan.map { Geodesy.splitAtAntimeridian($0.path) } ?? straight.pieces }
    }
    /// The great-circle line between the ends: drawn until a route comes, and when none can.
    public var straight: StraightLine
    /// What is drawn, cut at the antimeridian once (not at every frame): the route's path when one was
    /// found, else the straight line.
    public private(set) var pieces: [[LatLon]]

    public enum Phase: Equatable, Sendable {
        /// The router was asked and has not answered.
        case asking
        case found(RoutePlan)
        /// No route: the straight line is drawn, labelled with why.
        case straight(RouteProblem)
    }

    public init(from: LatLon, fromUser: Bool, to: LatLon, profile: RouteProfile, generation: Int) {
        self.from = from
        self.fromUser = fromUser
        self.to = to
        self.profile = profile
        self.generation = generation
        phase = .asking
        straight = StraightLine(from: from, to: to)
        pieces = straight.pieces
    }

    /// The question this state asks.
    public var request: RouteRequest {
        RouteRequest(generation: generation, query: RouteQuery(from: from, to: to, profile: profile))
    }

    /// The route found, if any.
    public var plan: RoutePlan? {
        if case .found(let plan) = phase { return plan }
        return nil
    }

    /// "from you" or "from the map centre".
    public var originText: String { fromUser ? "from you" : "from the map centre (no location known)" }
}

/// A route question as an effect carries it: answers to an older generation are dropped.
public struct RouteRequest: Equatable, Sendable {
    public var generation: Int
    public var query: RouteQuery

    public init(generation: Int, query: RouteQuery) {
        self.generation = generation
        self.query = query
    }
}

/// The great-circle line between two points: drawn while a route is asked and when none can be had.
public struct StraightLine: Equatable, Sendable {
    /// The path cut at the antimeridian; longitudes inside -180...180.
    public var pieces: [[LatLon]]
    /// Geodesic distance on WGS84, kilometres.
    public var distanceKm: Double
    /// Initial bearing in degrees clockwise from north.
    public var bearing: Double

    public init(from: LatLon, to: LatLon) {
        pieces = Geodesy.splitAtAntimeridian(Geodesy.greatCircle(from: from, to: to, maxStepKm: 25))
        distanceKm = Geodesy.distance(from, to)
        bearing = Geodesy.bearing(from: from, to: to)
    }

    /// "5837.2 km (3627.1 mi)"; under a kilometre, "450 m".
    public var distanceText: String { RouteText.distance(distanceKm * 1000) }

    /// "292° WNW": the initial bearing and its compass point.
    public var bearingText: String { String(format: "%.0f° ", bearing) + Geodesy.compassPoint(bearing) }
}
