import GeoCore

/// A question for a router: the way from one point to another by one profile.
public struct RouteQuery: Equatable, Hashable, Sendable {
    public var from: LatLon
    public var to: LatLon
    public var profile: RouteProfile

    public init(from: LatLon, to: LatLon, profile: RouteProfile) {
        self.from = from
        self.to = to
        self.profile = profile
    }
}

/// Finds the way along roads; adapters talk to a routing server. Every failure is a `RouteProblem`.
public protocol RouteFinder: Sendable {
    /// The route for `query`, or throws a `RouteProblem`.
    func route(_ query: RouteQuery) async throws -> RoutePlan
}

/// The router when there is none to ask (`--offline`, none configured): every question is answered
/// with `.noServer(why)` at once.
public struct NoRouter: RouteFinder {
    public let why: String

    public init(why: String) { self.why = why }

    public func route(_ query: RouteQuery) async throws -> RoutePlan { throw RouteProblem.noServer(why) }
}
