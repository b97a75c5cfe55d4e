import Foundation
import Synchronization

/// The courtesy every router is owed: at most one request started per `interval` seconds per host (a
/// request asked sooner waits its turn, it is not dropped), and after a 429 the host's `Retry-After`
/// honoured (requests before it ends fail at once, without being sent). One gate is shared by every
/// `OSRMClient` of the process (`shared`); tests make their own with a clock and a sleep of their own.
public final class RouterGate: Sendable {
    /// The gate of every client that is not given one.
    public static let shared = RouterGate()

    /// Seconds between the starts of two requests to one host.
    public let interval: Double
    /// The longest pause a `Retry-After` may ask, seconds; longer ones are cut to it.
    public static let longestPause = 300.0
    /// The pause after a 429 without a readable `Retry-After`, seconds.
    public static let defaultPause = 10.0

    private struct Hosts {
        /// When the next request to each host may start (seconds of `clock`).
        var nextStart: [String: Double] = [:]
        /// Until when each host asked not to be asked (seconds of `clock`).
        var pausedUntil: [String: Double] = [:]
    }

    private let hosts = Mutex(Hosts())
    private let clock: @Sendable () -> Double
    private let sleep: @Sendable (Double) async throws -> Void

    /// - Parameters:
    ///   - interval: seconds between two starts to one host (default 1).
    ///   - clock: seconds of a monotonic clock (default: the system's uptime).
    ///   - sleep: waits that many seconds, throwing `CancellationError` when the task is cancelled.
    public init(
        interval: Double = 1, clock: @escaping @Sendable () -> Double = RouterGate.uptime,
        sleep: @escaping @Sendable (Double) async throws -> Void = RouterGate.taskSleep
    ) {
        self.interval = interval
        self.clock = clock
        self.sleep = sleep
    }

    /// Waits until a request to `host` may start and counts it as started.
    /// - Returns: nil, or the seconds left of the host's pause when it asked not to be asked (nothing
    ///   is counted then), also when the pause began while the request waited its turn.
    /// - Throws: `CancellationError` when the task is cancelled while it waits; its turn is given back
    ///   when no later request took the one after it, so a question replaced at once costs no second.
    public func enter(host: String) async throws -> Double? {
        let now = clock()
        let turn = hosts.withLock { hosts -> Turn in
            if let until = hosts.pausedUntil[host], until > now { return .paused(until - now) }
            let start = max(now, hosts.nextStart[host] ?? -.infinity)
            hosts.nextStart[host] = start + interval
            return .after(start - now, start: start)
        }
        switch turn {
        case .paused(let left): return left
        case .after(let wait, let start):
            if wait > 0 {
                do {
                    try await sleep(wait)
                } catch {
                    hosts.withLock { hosts in
                        if hosts.nextStart[host] == start + interval { hosts.nextStart[host] = start }
                    }
                    throw error
                }
            }
            let after = clock()
            return hosts.withLock { hosts in hosts.pausedUntil[host].flatMap { $0 > after ? $0 - after : nil } }
        }
    }

    /// A request's turn: after so many seconds (its start on the clock), or refused for the seconds left
    /// of a pause.
    private enum Turn {
        case after(Double, start: Double)
        case paused(Double)
    }

    /// Pauses `host` for `seconds` (at most `longestPause`) from now, or longer if it is paused longer.
    public func pause(host: String, seconds: Double) {
        let until = clock() + min(max(0, seconds), Self.longestPause)
        hosts.withLock { hosts in hosts.pausedUntil[host] = max(hosts.pausedUntil[host] ?? -.infinity, until) }
    }

    /// The system's monotonic clock, seconds.
    public static let uptime: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// `Task.sleep` for that many seconds.
    public static let taskSleep: @Sendable (Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 3600) * 1e9))
    }
}
