import Synchronization

/// Counts the requests under way per host, so that the remote sources of one map together send at most
/// `limit` at once to one host, and keeps each host's pause: after a 429 (with its `Retry-After`) or any
/// other failure, every source on that host waits, not only the one that was answered. A source refused
/// a slot leaves a callback, run (in a task of its own, outside every lock) when a slot of that host
/// frees. Each `TileSourceSet` has one; a store made on its own has its own.
public final class HostGate: Sendable {
    /// Most requests at once per host.
    public static let limit = 4

    private struct Slots {
        var inUse: [String: Int] = [:]
        var waiting: [String: [@Sendable () -> Void]] = [:]
        var pausedUntil: [String: Double] = [:]
    }

    private let slots = Mutex(Slots())

    public init() {}

    /// Takes a slot of `host`; when none is free, keeps `onFree` for the next release and answers false.
    public func acquire(host: String, onFree: @escaping @Sendable () -> Void) -> Bool {
        slots.withLock { slots in
            if slots.inUse[host, default: 0] < Self.limit {
                slots.inUse[host, default: 0] += 1
                return true
            }
            slots.waiting[host, default: []].append(onFree)
            return false
        }
    }

    /// Gives a slot of `host` back and wakes whoever waited for one.
    public func release(host: String) {
        let wake = slots.withLock { slots -> [@Sendable () -> Void] in
            slots.inUse[host] = max(0, slots.inUse[host, default: 0] - 1)
            defer { slots.waiting[host] = nil }
            return slots.waiting[host] ?? []
        }
        guard !wake.isEmpty else { return }
        Task { for callback in wake { callback() } }
    }

    /// Pauses `host` until `time` (seconds of the sources' clock), or later if it is paused longer already.
    public func pause(host: String, until time: Double) {
        slots.withLock { slots in slots.pausedUntil[host] = max(slots.pausedUntil[host] ?? -.infinity, time) }
    }

    /// When the pause of `host` ends (seconds of the sources' clock); -infinity when it was never paused.
    public func pausedUntil(host: String) -> Double {
        slots.withLock { $0.pausedUntil[host] ?? -.infinity }
    }

    /// Requests under way to `host` now.
    public func count(host: String) -> Int { slots.withLock { $0.inUse[host, default: 0] } }
}
