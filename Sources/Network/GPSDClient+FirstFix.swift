import Foundation
import Positioning
import Synchronization

extension GPSDClient {
    /// Waits (blocking the caller) up to `timeout` seconds for one fix from gpsd at `endpoint`, for
    /// `render --location gpsd`. - Throws: `GPSDWaitError` saying why there is none.
    public static func firstFix(_ endpoint: GPSDEndpoint, timeout: Double) throws(GPSDWaitError) -> GPSFix {
        let client = GPSDClient(endpoint: endpoint)
        let seen = Mutex(FirstFixWait())
        let done = FirstFixSignal()
        client.start { event in
            let finished = seen.withLock { wait in
                wait.take(event)
                return wait.fix != nil
            }
            if finished { done.signal() }
        }
        done.wait(seconds: timeout)
        client.stop()
        let wait = seen.withLock { $0 }
        if let fix = wait.fix { return fix }
        if let lost = wait.lost, !wait.answered { throw .unreachable(endpoint.description, lost) }
        throw .noFix(endpoint.description, seconds: timeout, said: wait.answered)
    }
}

/// What a wait for the first fix has seen.
struct FirstFixWait {
    var fix: GPSFix?
    var answered = false
    var lost: String?

    mutating func take(_ event: GPSEvent) {
        switch event {
        case .connected: answered = true
        case .report(.fix(let fix)): self.fix = self.fix ?? fix
        case .lost(let reason): lost = reason
        case .report, .problem: break
        }
    }
}

/// A one-time signal a waiting thread sleeps on (a pipe: poll waits with a time limit).
final class FirstFixSignal: Sendable {
    private let fds: (read: Int32, write: Int32)

    init() {
        var pair: [Int32] = [-1, -1]
        _ = pipe(&pair)
        fds = (pair[0], pair[1])
    }

    deinit {
        Glibc.close(fds.read)
        Glibc.close(fds.write)
    }

    func signal() {
        var byte: UInt8 = 1
        _ = Glibc.write(fds.write, &byte, 1)
    }

    /// Returns when signalled or after `seconds`.
    func wait(seconds: Double) {
        var poller = pollfd(fd: fds.read, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(seconds, 600)) * 1000)  // checked: 0...600 s
        _ = poll(&poller, 1, milliseconds)
    }
}

/// Why `render --location gpsd` has no position to draw.
public enum GPSDWaitError: Error, Equatable, CustomStringConvertible {
    /// gpsd could not be reached: its name and why.
    case unreachable(String, String)
    /// No fix within the wait: gpsd's name, the seconds waited, whether the daemon answered at all.
    case noFix(String, seconds: Double, said: Bool)

    public var description: String {
        switch self {
        case .unreachable(let name, let why): return "no location: \(name) cannot be reached (\(why))"
        case .noFix(let name, let seconds, let answered):
            let how = answered ? "it reported no fix" : "it did not answer"
            return String(format: "no location: no fix from %@ within %g s (%@)", name, seconds, how)
        }
    }
}
