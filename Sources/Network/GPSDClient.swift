import Foundation
import Layers
import Positioning
import Synchronization
import TextSafety

/// Reads positions from gpsd on a thread of its own and hands them on as `GPSEvent`s: `.connected` when
/// the daemon's first line (VERSION) arrives, the TPV reports, `.lost` once per outage, after which it
/// connects again by itself (waiting 0.5 s, doubling to 5 s) until `stop()`.
///
/// Reading is bounded: a line longer than `GPSReport.maximumLineBytes` is dropped as it arrives. A flood
/// is handed on at most `maximumRate` times a second (the newest fix kept, a change to no fix never
/// lost); dropped lines and rejected positions at most once a second. A daemon that accepts the
/// connection but sends nothing for `answerTimeout` seconds counts as lost.
public final class GPSDClient: Sendable {
    /// Most reports handed on a second (each may become a redraw).
    public static let maximumRate = 30.0
    /// Seconds a connection may take.
    static let connectTimeout = 2.0
    /// Seconds a connected daemon may take to send its first line.
    static let answerTimeout = 5.0
    /// The first and the longest wait between attempts, seconds.
    static let shortestWait = 0.5
    static let longestWait = 5.0
    /// Asks gpsd for its JSON reports.
    static let watch = Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8)

    public let endpoint: GPSDEndpoint
    private let wake: GPSDWakePipe
    /// Set by `stop()`; the thread is running while `running` holds.
    private let flags = Mutex((stopped: false, running: false, thread: pthread_t?.none))

    public init(endpoint: GPSDEndpoint) {
        self.endpoint = endpoint
        wake = GPSDWakePipe()
    }

    /// Starts reading on a thread of its own; `deliver` is called on that thread, in order. `optional`:
    /// when the first try gets no answer (no location was asked for and no gpsd runs here), nothing at
    /// all is delivered and the thread ends. A second call does nothing. The thread holds the client until
    /// it ends: call `stop()` when done.
    public func start(optional: Bool = false, deliver: @escaping @Sendable (GPSEvent) -> Void) {
        let begin = flags.withLock { flags -> Bool in
            guard !flags.stopped, !flags.running else { return false }
            flags.running = true
            return true
        }
        guard begin else { return }
        let thread = Thread { [self] in
            flags.withLock { $0.thread = pthread_self() }
            run(optional: optional, deliver: deliver)
            flags.withLock { $0.running = false }
        }
        thread.name = "gpsd"
        thread.start()
    }

    /// Ends reading: the thread wakes from any wait (connecting, reading, backing off) and ends; returns
    /// once it has (within about a millisecond), or at once when called from `deliver`. Nothing is
    /// delivered after it returns.
    public func stop() {
        let onOwnThread = flags.withLock { flags -> Bool in
            flags.stopped = true
            return flags.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        wake.signal()
        guard !onOwnThread else { return }
        for _ in 0..<2_000 where isRunning { usleep(1_000) }
    }

    /// Whether the reading thread still runs.
    public var isRunning: Bool { flags.withLock { $0.running } }

    private var isStopped: Bool { flags.withLock { $0.stopped } }

    private func run(optional: Bool, deliver: @escaping @Sendable (GPSEvent) -> Void) {
        var wait = Self.shortestWait
        var outage = false
        var firstTry = true
        // Nothing is handed on once stop() was called.
        let hand: (GPSEvent) -> Void = { [self] event in if !isStopped { deliver(event) } }
        while !isStopped {
            var reason: String
            var answered = false
            do {
                let socket = try GPSDSocket.connect(
                    host: endpoint.host, port: endpoint.port, timeout: Self.connectTimeout, wake: wake.read)
                let ended = read(socket, deliver: hand)
                socket.close()
                reason = ended.reason
                answered = ended.answered
            } catch {
                reason = error.description
            }
            if isStopped || (optional && firstTry && !answered) { return }
            firstTry = false
            if answered {
                wait = Self.shortestWait
                outage = false
            }
            if !outage {
                hand(.lost(reason: TextSanitizer.clean("\(endpoint): \(reason)", maxLength: 160)))
                outage = true
            }
            pause(wait)
            wait = min(wait * 2, Self.longestWait)
        }
    }

    /// Asks for reports and hands them on until the connection ends or `stop()`: why it ended, and
    /// whether the daemon sent anything.
    private func read(_ socket: GPSDSocket, deliver: (GPSEvent) -> Void) -> (reason: String, answered: Bool) {
        var answered = false
        guard socket.send(Self.watch) else { return ("the connection failed while asking for reports", false) }
        var splitter = LineSplitter(limit: GPSReport.maximumLineBytes)
        var session = GPSDSession()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let began = Self.now()
        func handOn(_ events: [GPSEvent]) { events.forEach(deliver) }
        while !isStopped {
            let now = Self.now()
            var timeout = session.secondsUntilDue(now: now) ?? 1
            if !answered { timeout = min(timeout, max(0, began + Self.answerTimeout - now)) }
            var fds = [
                pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, Int32((timeout * 1000).rounded(.up)))  // checked: 0...1 000 ms
            if ready < 0, errno != EINTR { return (String(cString: strerror(errno)), answered) }
            if !answered, Self.now() - began >= Self.answerTimeout {
                return ("no answer within \(Int(Self.answerTimeout)) s", false)  // checked: 5
            }
            if ready > 0, fds[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 {
                    handOn(session.drain())
                    return (n == 0 ? "gpsd closed the connection" : String(cString: strerror(errno)), answered)
                }
                if !answered {
                    answered = true
                    deliver(.connected(source: endpoint.description))
                }
                splitter.feed(buffer[0..<n]) { line, _ in
                    guard let line else { return session.take(.failure(.tooLong)) }
                    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                    session.take(GPSReport.parse(line: line))
                }
            }
            handOn(session.due(now: Self.now()))
        }
        return ("stopped", answered)
    }

    /// Sleeps `seconds`, or less when `stop()` is called.
    private func pause(_ seconds: Double) {
        var poller = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, Int32(seconds * 1000))  // checked: 0.5...5 s
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// A pipe whose read end becomes readable, and stays so, once `signal()` is called: the wake of the
/// client's waits. Both ends close with it.
final class GPSDWakePipe: Sendable {
    let read: Int32
    private let write: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        read = fds[0]
        write = fds[1]
    }

    deinit {
        if read >= 0 { Glibc.close(read) }
        if write >= 0 { Glibc.close(write) }
    }

    func signal() {
        var byte: UInt8 = 1
        _ = Glibc.write(write, &byte, 1)
    }
}
