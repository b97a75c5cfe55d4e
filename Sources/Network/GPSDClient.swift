import Foundation
import Layers
import Positioning
import Synchronization
import TextSafety

/// Reads positions from gpsd on a thread of its own and hands them on as `GPSEvent`s: `.connected` when
/// the daemon first answers, each TPV report, `.lost` once per outage (then it connects again by itself,
/// waiting 0.5 s, doubling to 5 s, until `stop`). Reading is bounded: a line longer than 64 KiB is
/// dropped as it arrives; a flood is handed on at most `maximumRate` times a second, the newest report
/// kept; dropped lines and rejected positions are said at most once a second.
public final class GPSDClient: Sendable {
    /// Most reports handed on a second (each may become a redraw).
    public static let maximumRate = 30.0
    /// Seconds a connected daemon may stay silent before its first line counts as no answer.
    static let answerTimeout = 5.0
    /// Seconds a connection may take.
    static let connectTimeout = 2.0
    static let shortestWait = 0.5
    static let longestWait = 5.0
    static let watch = "?WATCH={\"enable\":true,\"json\":true}\n"

    public let endpoint: GPSDEndpoint
    private let stopped = Mutex(false)
    private let wake: (read: Int32, write: Int32)

    public init(endpoint: GPSDEndpoint) {
        self.endpoint = endpoint
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    /// Starts reading; `deliver` is called on the client's thread. `optional`: when nothing answers at the
    /// first try (no location was asked for, and no gpsd runs here), nothing at all is delivered and the
    /// thread ends.
    public func start(optional: Bool = false, deliver: @escaping @Sendable (GPSEvent) -> Void) {
        let thread = Thread { [self] in run(optional: optional, deliver: deliver) }
        thread.name = "gpsd"
        thread.start()
    }

    /// Ends reading soon (the thread wakes from any wait).
    public func stop() {
        stopped.withLock { $0 = true }
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func run(optional: Bool, deliver: @escaping @Sendable (GPSEvent) -> Void) {
        var wait = Self.shortestWait
        var outage = false
        var first = true
        while !isStopped {
            let reason: String
            do {
                let socket = try GPSDSocket.connect(
                    host: endpoint.host, port: endpoint.port, timeout: Self.connectTimeout)
                first = false
                var session = GPSDSession(source: endpoint.description, deliver: deliver)
                reason = read(socket, &session)
                socket.close()
                if session.answered {
                    wait = Self.shortestWait
                    outage = false
                }
            } catch {
                if first && optional { return }
                reason = error.description
            }
            first = false
            guard !isStopped else { return }
            if !outage {
                deliver(.lost(reason: TextSanitizer.clean(reason, maxLength: 120)))
                outage = true
            }
            pause(wait)
            wait = min(wait * 2, Self.longestWait)
        }
    }

    /// Asks for reports and reads them until the connection ends or `stop`; why it ended.
    private func read(_ socket: GPSDSocket, _ session: inout GPSDSession) -> String {
        guard socket.send(Self.watch) else { return "gpsd closed the connection" }
        var splitter = LineSplitter(limit: GPSReport.maximumLineBytes)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let began = Self.now()
        while !isStopped {
            var timeout = session.secondsUntilDue(now: Self.now()) ?? 1
            if !session.answered { timeout = min(timeout, max(0, began + Self.answerTimeout - Self.now())) }
            var fds = [
                pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, Int32(timeout * 1000))  // checked: 0...1 s
            if ready < 0, errno != EINTR { return String(cString: strerror(errno)) }
            session.flush(now: Self.now())
            if !session.answered, Self.now() - began >= Self.answerTimeout {
                return "gpsd did not answer within \(Int(Self.answerTimeout)) s"
            }
            guard ready > 0, fds[0].revents != 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            if n < 0 { return String(cString: strerror(errno)) }
            if n == 0 { return "gpsd closed the connection" }
            let now = Self.now()
            splitter.feed(buffer[0..<n]) { line, _ in session.take(line, now: now) }
            session.flush(now: now)
        }
        return "stopped"
    }

    /// Sleeps `seconds`, or less when `stop` is called.
    private func pause(_ seconds: Double) {
        var poller = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, Int32(seconds * 1000))  // checked: 0.5...5 s
    }

    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
