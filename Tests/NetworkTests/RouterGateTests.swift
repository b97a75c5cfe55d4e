import Foundation
import Network
import Routing
import Synchronization
import TestSupport
import Testing

/// `RouterGate`: one start a second per host, later requests wait their turn, hosts apart.
@Suite struct RouterGateTests {
    /// A gate on a manual clock whose sleeps are recorded and, when `advances`, move the clock.
    final class Fixture: Sendable {
        let clock = ManualClock()
        let advances: Bool
        private let sleeps = Mutex<[Double]>([])

        init(advances: Bool = true) { self.advances = advances }

        var gate: RouterGate {
            RouterGate(interval: 1, clock: { [self] in clock.now() }, sleep: { [self] seconds in record(seconds) })
        }

        var recorded: [Double] { sleeps.withLock { $0 } }

        private func record(_ seconds: Double) {
            sleeps.withLock { $0.append(seconds) }
            if advances { clock.advance(by: seconds) }
        }
    }

    @Test func aRequestAskedSoonerWaitsItsTurn() async throws {
        let fixture = Fixture()
        let gate = fixture.gate
        #expect(try await gate.enter(host: "a") == nil)
        #expect(fixture.recorded == [])
        fixture.clock.advance(by: 0.25)
        #expect(try await gate.enter(host: "a") == nil)
        #expect(fixture.recorded == [0.75])
        #expect(try await gate.enter(host: "b") == nil)
        #expect(fixture.recorded == [0.75])
        fixture.clock.advance(by: 5)
        #expect(try await gate.enter(host: "a") == nil)
        #expect(fixture.recorded == [0.75])
    }

    @Test func requestsAskedTogetherAreSpreadASecondApart() async throws {
        let fixture = Fixture(advances: false)
        let gate = fixture.gate
        for _ in 0..<4 { _ = try await gate.enter(host: "h") }
        #expect(fixture.recorded == [1, 2, 3])
    }

    @Test func aPauseRefusesUntilItEnds() async throws {
        let fixture = Fixture()
        let gate = fixture.gate
        gate.pause(host: "a", seconds: 12)
        #expect(try await gate.enter(host: "a") == 12)
        #expect(try await gate.enter(host: "b") == nil)
        fixture.clock.advance(by: 12.5)
        #expect(try await gate.enter(host: "a") == nil)
        gate.pause(host: "a", seconds: 1e9)
        #expect(try await gate.enter(host: "a") == RouterGate.longestPause)
    }

    /// A question replaced while it waits (its task cancelled) gives its turn back: the next one waits
    /// one interval, not two.
    @Test func aCancelledWaitGivesItsTurnBack() async throws {
        let clock = ManualClock()
        let sleeps = Mutex<[Double]>([])
        let gate = RouterGate(
            interval: 1, clock: { clock.now() },
            sleep: { seconds in
                let count = sleeps.withLock { sleeps in
                    sleeps.append(seconds)
                    return sleeps.count
                }
                if count == 1 { throw CancellationError() }
            })
        #expect(try await gate.enter(host: "h") == nil)
        await #expect(throws: CancellationError.self) { try await gate.enter(host: "h") }
        #expect(try await gate.enter(host: "h") == nil)
        #expect(sleeps.withLock { $0 } == [1, 1])
    }

    /// A 429 that comes while a request waits its turn refuses it when the wait is over: it is not sent.
    @Test func aPauseThatBeginsDuringTheWaitRefuses() async throws {
        let clock = ManualClock()
        let box = Mutex<RouterGate?>(nil)
        let gate = RouterGate(
            interval: 1, clock: { clock.now() },
            sleep: { seconds in
                box.withLock { $0 }?.pause(host: "h", seconds: 30)
                clock.advance(by: seconds)
            })
        box.withLock { $0 = gate }
        #expect(try await gate.enter(host: "h") == nil)
        let left = try #require(try await gate.enter(host: "h"))
        #expect(abs(left - 29) < 1e-9)
    }

    @Test func theClientWaitsAtTheGateBetweenTwoRoutes() async throws {
        let server = try HTTPTestServer { _ in .json(OSRMFake.ok()) }
        defer { server.stop() }
        let fixture = Fixture()
        let client = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(all: server.baseURL), timeout: 5), gate: fixture.gate)
        let query = RouteQuery(from: OSRMFake.from, to: OSRMFake.to, profile: .car)
        _ = try await client.route(query)
        _ = try await client.route(query)
        #expect(server.requests.count == 2)
        #expect(fixture.recorded == [1])
    }

    @Test func theRealSleepWaitsAboutASecond() async throws {
        let gate = RouterGate(interval: 1)
        let started = Date()
        _ = try await gate.enter(host: "x")
        _ = try await gate.enter(host: "x")
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.95 && waited < 3)
    }
}
