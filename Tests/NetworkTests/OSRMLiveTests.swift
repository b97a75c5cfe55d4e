import Foundation
import GeoCore
import Network
import Routing
import Testing

/// `OSRMClient` against a real `osrm-routed` on loopback (`Tests/services/osrm.sh` starts it and exports
/// MAPTERM_TEST_OSRM_CAR and MAPTERM_TEST_OSRM_FOOT, built from the Bay Area extract).
@Suite struct OSRMLiveTests {
    static let car = ProcessInfo.processInfo.environment["MAPTERM_TEST_OSRM_CAR"].flatMap(URL.init(string:))
    static let foot = ProcessInfo.processInfo.environment["MAPTERM_TEST_OSRM_FOOT"].flatMap(URL.init(string:))
    static let from = LatLon(lat: 37.7890, lon: -122.4010)
    static let to = LatLon(lat: 37.7955, lon: -122.4040)

    static func client(_ bases: [RouteProfile: URL]) -> OSRMClient {
        OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(bases: bases), timeout: 10), gate: RouterGate(interval: 0))
    }

    @Test(.enabled(if: car != nil, "needs MAPTERM_TEST_OSRM_CAR (Tests/services/osrm.sh run …)"))
    func aDriveFromSecondStreetToWashingtonStreet() async throws {
        let base = try #require(Self.car)
        let plan = try await Self.client([.car: base]).route(RouteQuery(from: Self.from, to: Self.to, profile: .car))
        let streets = Set(plan.steps.map(\.street))
        #expect(streets.contains("Market Street"))
        #expect(streets.contains("Washington Street"))
        #expect((800...4_000).contains(plan.distanceMeters))
        #expect(plan.durationSeconds > 0)
        #expect(plan.steps.first?.type == "depart")
        #expect(plan.steps.last?.type == "arrive")
        let first = try #require(plan.path.first)
        let last = try #require(plan.path.last)
        #expect(Geodesy.distance(first, Self.from) * 1000 <= plan.startSnapMeters + 0.5)
        #expect(Geodesy.distance(last, Self.to) * 1000 <= plan.endSnapMeters + 0.5)
        #expect(abs(plan.steps.map(\.distanceMeters).reduce(0, +) - plan.distanceMeters) < 1)
    }

    @Test(
        .enabled(if: car != nil && foot != nil, "needs MAPTERM_TEST_OSRM_CAR and MAPTERM_TEST_OSRM_FOOT"))
    func walkingDiffersFromDriving() async throws {
        let client = Self.client([.car: try #require(Self.car), .foot: try #require(Self.foot)])
        let drive = try await client.route(RouteQuery(from: Self.from, to: Self.to, profile: .car))
        let walk = try await client.route(RouteQuery(from: Self.from, to: Self.to, profile: .foot))
        #expect(walk.profile == .foot)
        #expect(walk.durationSeconds > drive.durationSeconds)
        #expect(walk.path != drive.path)
    }

    @Test(.enabled(if: car != nil, "needs MAPTERM_TEST_OSRM_CAR"))
    func aPointAtSeaSnapsFarOrFindsNoSegment() async throws {
        let base = try #require(Self.car)
        let sea = LatLon(lat: 37.80, lon: -122.60)
        do {
            let plan = try await Self.client([.car: base]).route(RouteQuery(from: sea, to: Self.to, profile: .car))
            #expect(plan.startSnapMeters > 1_000)
        } catch let problem as RouteProblem {
            #expect(problem.serverAnswered, "\(problem)")
        }
    }
}
