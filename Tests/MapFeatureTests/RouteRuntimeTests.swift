import GeoCore
import MapFeature
import Routing
import Synchronization
import TestSupport
import Testing

/// The runtime asks the router and posts `.routeAnswered`; a newer question cancels the one under way,
/// and without a router the answer is `.noServer` at once.
@Suite struct RouteRuntimeTests {
    /// A router that answers each question after the test lets it go, with a one-step plan.
    final class GatedRouter: RouteFinder {
        struct Gate {
            var asked: [RouteQuery] = []
            var released = 0
        }
        let gate = Mutex(Gate())

        func release(_ count: Int) { gate.withLock { $0.released += count } }
        var asked: [RouteQuery] { gate.withLock { $0.asked } }

        func route(_ query: RouteQuery) async throws -> RoutePlan {
            let number = gate.withLock { gate in
                gate.asked.append(query)
                return gate.asked.count
            }
            while gate.withLock({ $0.released < number }) { try await Task.sleep(nanoseconds: 1_000_000) }
            if query.profile == .foot { throw RouteProblem.noRoute("NoRoute: Impossible route") }
            return RoutePlan(
                profile: query.profile, path: [query.from, query.to], distanceMeters: Double(number * 1000),
                durationSeconds: 60, steps: [])
        }
    }

    static func request(_ generation: Int, _ profile: RouteProfile = .car) -> RouteRequest {
        RouteRequest(
            generation: generation,
            query: RouteQuery(
                from: LatLon(lat: 37.789, lon: -122.401), to: LatLon(lat: 37.7955, lon: -122.404), profile: profile))
    }

    @Test func theAnswerComesBackAsAnAction() async throws {
        let router = GatedRouter()
        let runtime = MapRuntime(source: PlacesStubSource(), router: router, clock: ManualClock())
        #expect(runtime.perform([.findRoute(Self.request(1))]))
        router.release(1)
        await runtime.waitForRoute()
        let actions = runtime.takeActions()
        #expect(actions.count == 1)
        let action = try #require(actions.first)
        guard case .routeAnswered(let request, .success(let plan)) = action else {
            Issue.record("expected a route, got \(action)")
            return
        }
        #expect(request == Self.request(1) && plan.distanceMeters == 1000)
    }

    @Test func aNewerQuestionCancelsTheOneUnderWay() async throws {
        let router = GatedRouter()
        let runtime = MapRuntime(source: PlacesStubSource(), router: router, clock: ManualClock())
        #expect(runtime.perform([.findRoute(Self.request(1))]))
        while router.asked.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(runtime.perform([.findRoute(Self.request(2, .foot))]))
        router.release(2)
        await runtime.waitForRoute()
        let actions = runtime.takeActions()
        #expect(actions.count == 1, "only the newest question is answered: \(actions)")
        let action = try #require(actions.first)
        guard case .routeAnswered(let request, .failure(let problem)) = action else {
            Issue.record("expected the foot question's failure, got \(action)")
            return
        }
        #expect(request.generation == 2 && problem == .noRoute("NoRoute: Impossible route"))
    }

    @Test func withoutARouterTheAnswerIsNoServer() async throws {
        let runtime = MapRuntime(
            source: PlacesStubSource(), router: NoRouter(why: "--offline"), clock: ManualClock())
        #expect(runtime.perform([.findRoute(Self.request(7))]))
        await runtime.waitForAll()
        let actions = runtime.takeActions()
        let action = try #require(actions.first)
        guard case .routeAnswered(let request, .failure(.noServer(let why))) = action else {
            Issue.record("expected no server, got \(action)")
            return
        }
        #expect(request.generation == 7 && why == "--offline")
    }
}
