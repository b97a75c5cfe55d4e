import GeoCore
import TextSafety

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

extension RouteFinder {
    /// The route for `query` or why there is none: a `RouteProblem` as thrown, any other error (a
    /// cancellation included; the caller checks `Task.isCancelled`) as `.unreachable`.
    public func answer(_ query: RouteQuery) async -> Result<RoutePlan, RouteProblem> {
        do {
            return .success(try await route(query))
        } catch let problem as RouteProblem {
            return .failure(problem)
        } catch {
            return .failure(.unreachable(TextSanitizer.clean(String(describing: error), maxLength: 120)))
        }
    }
}

/// The router when there is none to ask (`--offline`, none configured): every question is answered
/// with `.noServer(why)` at once.
public struct NoRouter: RouteFinder {
    public let why: String

    public init(why: String) { self.why = why }

    public func route(_ query: RouteQuery) async throws -> RoutePlan { throw RouteProblem.noServer(why) }
}
