import Foundation

/// Counts the requests under way per host, so that all remote sources together send at most `limit` at
/// once to one host. A source refused a slot leaves a callback, run (on a global queue, outside every
/// lock) when a slot of that host frees.
public final class HostGate: @unchecked Sendable {
    /// The one gate of the process.
    public static let shared = HostGate()
    /// Most requests at once per host.
    public static let limit = 4

    private let lock = NSLock()
    private var inUse: [String: Int] = [:]
    private var waiting: [String: [@Sendable () -> Void]] = [:]

    /// Takes a slot of `host`; when none is free, keeps `onFree` for the next release and answers false.
    public func acquire(host: String, onFree: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            if inUse[host, default: 0] < Self.limit {
                inUse[host, default: 0] += 1
                return true
            }
            waiting[host, default: []].append(onFree)
            return false
        }
    }

    /// Gives a slot of `host` back and wakes whoever waited for one.
    public func release(host: String) {
        let wake = lock.withLock { () -> [@Sendable () -> Void] in
            inUse[host] = max(0, inUse[host, default: 0] - 1)
            defer { waiting[host] = nil }
            return waiting[host] ?? []
        }
        guard !wake.isEmpty else { return }
        DispatchQueue.global().async { for callback in wake { callback() } }
    }

    /// Requests under way to `host` now.
    public func count(host: String) -> Int { lock.withLock { inUse[host, default: 0] } }
}
