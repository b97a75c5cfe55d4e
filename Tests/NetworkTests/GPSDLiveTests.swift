import Foundation
import GeoCore
import Network
import Positioning
import Testing

/// `GPSDClient` against the real gpsd (Debian's 3.22) fed by a loopback NMEA source: `make unit` runs the
/// tests under `Tests/services/gpsd.sh run`, which sets MAPTERM_TEST_GPSD; each test starts a gpsd of its
/// own through the same script (it steers the feed or stops the daemon), so they skip without gpsd.
@Suite(.serialized, .enabled(if: GPSDService.shared != nil, GPSDService.skipReason)) struct GPSDLiveTests {
    static func near(_ fix: GPSFix?, _ lat: Double, _ lon: Double) -> Bool {
        guard let fix else { return false }
        return abs(fix.position.lat - lat) <= 1e-6 && abs(fix.position.lon - lon) <= 1e-6
    }

    @Test func theSharedDaemonGivesTheFedPosition() throws {
        let endpoint = try GPSDEndpoint.parse(try #require(GPSDService.shared))
        let fix = try GPSDClient.firstFix(endpoint, timeout: 5).get()
        #expect(Self.near(fix, 37.7749, -122.4194), "\(fix)")
        #expect(fix.mode == .threeD)
    }

    @Test func theFirstFixIsTheFedPositionAndTheFeedMovesIt() throws {
        let service = try GPSDService(position: "48.8566 2.3522 0 0", rate: 5)
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: service.endpoint)
        client.start(deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(5) { $0.contains { $0.fix != nil } })
        let events = log.all
        #expect(events.first == .connected(source: service.endpoint.description))
        let first = try #require(events.compactMap(\.fix).first)
        #expect(Self.near(first, 48.8566, 2.3522), "\(first)")
        #expect(first.mode == .threeD)
        #expect(first.time != nil)
        #expect(first.altitude == 12.5)

        // 10 knots due east; then Sydney, heading 225.
        try service.set("48.8566 2.3522 10 90")
        #expect(log.wait(5) { $0.last?.fix.map { ($0.speed ?? 0) > 5 } == true })
        let moving = try #require(log.all.last?.fix)
        #expect(abs((moving.speed ?? 0) - 10 * 1852 / 3600) < 0.01)
        #expect(moving.heading == 90)
        try service.set("-33.8688 151.2093 3 225")
        #expect(log.wait(5) { Self.near($0.last?.fix, -33.8688, 151.2093) })
        #expect(log.all.last?.fix?.heading == 225)

        try service.set("nofix")
        #expect(log.wait(5) { $0.last == .report(.noFix) })
        #expect(!log.all.contains { $0.isLost })
        #expect(log.all.allSatisfy { $0.problem == nil })
    }

    @Test func aKilledDaemonIsLostOnceAndFoundAgain() throws {
        let service = try GPSDService(rate: 5)
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: service.endpoint)
        client.start(deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(5) { $0.contains { $0.fix != nil } })
        try service.stopDaemon()
        #expect(log.wait(5) { $0.contains { $0.isLost } })
        usleep(3_000_000)  // retries at 0.5, 1.5 and 3.5 s: still one outage
        #expect(log.all.filter(\.isLost).count == 1)
        let lost = try #require(log.all.first { $0.isLost })
        #expect(lost == .lost(reason: "\(service.endpoint): gpsd closed the connection"))
        try service.startDaemon()
        #expect(
            log.wait(10) { events in
                let back = events.lastIndex { $0.isConnected } ?? 0
                return events.filter(\.isConnected).count == 2 && events[back...].contains { $0.fix != nil }
            })
        #expect(log.all.filter(\.isLost).count == 1)
        #expect(Self.near(log.all.last?.fix, 37.7749, -122.4194))
    }

    @Test func timeGoingBackwardsAndJumpsAreReportedAsTheyCome() throws {
        let service = try GPSDService(position: "backwards 10 20 0 0", rate: 4)
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: service.endpoint)
        client.start(deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(8) { $0.compactMap(\.fix).count >= 3 })
        #expect(Self.near(log.all.compactMap(\.fix).last, 10, 20))
        try service.set("jump 10 20 0 0")
        #expect(log.wait(8) { $0.contains { Self.near($0.fix, 19, 20) } })
        try service.set("garbage 1 2 0 0")
        #expect(log.wait(8) { Self.near($0.last?.fix, 1, 2) })
        #expect(!log.all.contains { $0.isLost })
    }

    @Test func firstFixWaitsForTheFeedAndSaysWhenItHasNone() throws {
        let service = try GPSDService(position: "-41.2865 174.7762 0 0")
        let fix = try GPSDClient.firstFix(service.endpoint, timeout: 5).get()
        #expect(Self.near(fix, -41.2865, 174.7762))
        try service.set("nofix")
        usleep(1_500_000)
        let none = GPSDClient.firstFix(service.endpoint, timeout: 1.5)
        guard case .failure(.noFix(let endpoint, let seconds, _)) = none else {
            Issue.record("expected no fix, got \(none)")
            return
        }
        #expect(endpoint == service.endpoint.description)
        #expect(seconds == 1.5)
    }
}
