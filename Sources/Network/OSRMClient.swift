import Foundation
import GeoCore
import Places
import Routing
import TextSafety

/// Routes from a server speaking the OSRM HTTP API (https://project-osrm.org/docs/v5.24.0/api/):
/// `GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=full&geometries=polyline6&steps=true`,
/// sent with mapterm's User-Agent through `HTTPFetcher` (a deadline, a body cap, same-host redirects).
///
/// What comes back is read by `OSRMAnswer`: "Ok" is a `RoutePlan`; "NoRoute" is `.noRoute`; any other
/// code (NoSegment, InvalidQuery, TooBig, …) is `.refused("CODE: message")`; no answer, a time-out or an
/// HTTP error without an OSRM body is `.unreachable`; anything else (not JSON, wrong types, numbers out
/// of range, a bad polyline, a body over the cap) is `.badAnswer`. Requests pass the `RouterGate` first:
/// one start per second per host, and a 429 pauses the host for its `Retry-After` (capped), failing that
/// request with `.unreachable("busy, …")`. A cancelled task throws `CancellationError`.
public struct OSRMClient: RouteFinder {
    /// How the client talks to its servers.
    public struct Configuration: Sendable, Equatable {
        /// The server of each profile.
        public var endpoints: RouterEndpoints
        /// Seconds one request may take, from start to the last byte (default 10); the wait at the gate
        /// comes before it.
        public var timeout: TimeInterval
        /// Largest accepted answer, bytes (default 4 MiB).
        public var maxResponseBytes: Int
        /// Most points of a route's drawn way (default 500 000).
        public var maxPathPoints: Int
        /// Most steps of a route (default 5 000).
        public var maxSteps: Int

        public init(
            endpoints: RouterEndpoints = .fossgis, timeout: TimeInterval = 10, maxResponseBytes: Int = 4 << 20,
            maxPathPoints: Int = 500_000, maxSteps: Int = 5_000
        ) {
            self.endpoints = endpoints
            self.timeout = timeout
            self.maxResponseBytes = maxResponseBytes
            self.maxPathPoints = maxPathPoints
            self.maxSteps = maxSteps
        }
    }

    public let configuration: Configuration
    private let gate: RouterGate

    /// A client of `configuration`'s servers, sharing `gate` (by default the process's).
    public init(configuration: Configuration, gate: RouterGate = .shared) {
        self.configuration = configuration
        self.gate = gate
    }

    /// The route for `query` (see the type's comment for what each failure becomes).
    public func route(_ query: RouteQuery) async throws -> RoutePlan {
        guard let base = configuration.endpoints.base(for: query.profile) else {
            throw RouteProblem.noServer("no router for \(query.profile.rawValue)")
        }
        guard RouterEndpoints.isUsable(base), let url = Self.url(base: base, query: query) else {
            throw RouteProblem.noServer("the router of \(query.profile.rawValue) is not an http(s) URL")
        }
        let host = RouterEndpoints.hostLabel(base)
        if let left = try await gate.enter(host: host) {
            throw RouteProblem.unreachable(
                "busy, \(host) asked to wait \(left.clampedInt(.up, in: 0...Int(RouterGate.longestPause)) ?? 0) s more")
        }
        let response = try await fetch(url, host: host)
        if response.status == 429 {
            let pause = response.retryAfter() ?? RouterGate.defaultPause
            gate.pause(host: host, seconds: pause)
            let seconds = pause.clampedInt(.up, in: 0...Int(RouterGate.longestPause)) ?? 0
            throw RouteProblem.unreachable("busy, \(host) asks to wait \(seconds) s (HTTP 429)")
        }
        let limits = OSRMAnswer.Limits(maxPathPoints: configuration.maxPathPoints, maxSteps: configuration.maxSteps)
        return try Self.read(response, query: query, host: host, limits: limits)
    }

    /// The route in `response`, or the problem it says; an HTTP error without an OSRM answer is
    /// `.unreachable`.
    static func read(_ response: HTTPResponse, query: RouteQuery, host: String, limits: OSRMAnswer.Limits)
        throws(RouteProblem) -> RoutePlan
    {
        let problem: RouteProblem?
        do {
            problem = try OSRMAnswer.problem(in: response.body)
        } catch {
            guard response.status == 200 else { throw .unreachable("\(host) answered HTTP \(response.status)") }
            throw error
        }
        if let problem { throw problem }
        guard response.status == 200 else { throw .unreachable("\(host) answered HTTP \(response.status)") }
        return try OSRMAnswer.plan(from: response.body, query: query, limits: limits)
    }

    /// `{base}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=full&geometries=polyline6&steps=true`,
    /// coordinates with 6 decimals (about 0.1 m); nil when `base` cannot start a URL.
    public static func url(base: URL, query: RouteQuery) -> URL? {
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        func pair(_ p: LatLon) -> String { String(format: "%.6f,%.6f", p.lon, p.lat) }
        let path = "/route/v1/\(query.profile.osrmName)/\(pair(query.from));\(pair(query.to))"
        return URL(string: prefix + path + "?overview=full&geometries=polyline6&steps=true")
    }

    /// The response to `url` (any status, its body read), or the problem that kept it from coming.
    private func fetch(_ url: URL, host: String) async throws -> HTTPResponse {
        let fetcher = HTTPFetcher(timeout: configuration.timeout, maxBodyBytes: configuration.maxResponseBytes)
        let request = HTTPRequest(
            url: url, headers: ["Accept": "application/json"], maxBodyBytes: configuration.maxResponseBytes,
            readStatuses: Set(200...599).subtracting([429]))
        do {
            return try await fetcher.fetch(request)
        } catch let error as PlaceSourceError {
            switch error {
            case .timeout:
                let seconds = String(format: "%g", configuration.timeout)
                throw RouteProblem.unreachable("no answer from \(host) within \(seconds) s")
            case .tooLarge:
                let mib = String(format: "%g", Double(configuration.maxResponseBytes) / 1_048_576)
                throw RouteProblem.badAnswer("the answer is larger than \(mib) MiB")
            case .transport(let why): throw RouteProblem.unreachable(why)
            default: throw RouteProblem.unreachable(error.description)
            }
        }
    }
}
