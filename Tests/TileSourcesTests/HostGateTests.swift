import Foundation
import TestSupport
import Testing

@testable import TileSources

/// The per-host slots of remote tile requests: at the limit, one past it and a million waiting
/// sources, every refused source is woken once when a slot frees, and nothing deadlocks.
@Suite struct HostGateTests {
    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var value = 0
        func add() { lock.withLock { value += 1 } }
        var current: Int { lock.withLock { value } }
    }

    /// With the limit's slots taken and `waiting` sources refused, one release: how many sources were
    /// refused, how many woken, and whether the freed slot is taken once and then refused again (nil:
    /// not within the deadline).
    static func release(waiting: Int) -> (refused: Int, woken: Int, slotTakenOnce: Bool)? {
        let gate = HostGate()
        let host = "tiles.example.org"
        let woken = Counter()
        return Deadline.run(seconds: 60) {
            var refused = 0
            for _ in 0..<(HostGate.limit + waiting) where !gate.acquire(host: host, onFree: { woken.add() }) {
                refused += 1
            }
            gate.release(host: host)
            while woken.current < refused { usleep(1_000) }
            let slotTakenOnce = gate.acquire(host: host) {} && !gate.acquire(host: host) {}
            return (refused, woken.current, slotTakenOnce)
        }
    }

    @Test(arguments: [0, 1, 1_000_000])
    func everyRefusedSourceIsWokenOnceWhenASlotFrees(waiting: Int) throws {
        let released = try #require(Self.release(waiting: waiting), "\(waiting) waiting sources were not all woken")
        #expect(released.refused == waiting && released.woken == waiting && released.slotTakenOnce)
    }

    @Test func theLimitIsPerHost() {
        let gate = HostGate()
        for _ in 0..<HostGate.limit { #expect(gate.acquire(host: "a") {}) }
        #expect(!gate.acquire(host: "a") {})
        #expect(gate.acquire(host: "b") {})
        #expect(gate.count(host: "a") == HostGate.limit && gate.count(host: "b") == 1)
    }
}
