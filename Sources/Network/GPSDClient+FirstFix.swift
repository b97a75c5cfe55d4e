import Foundation
import Layers
import Positioning
import TextSafety

extension GPSDClient {
    /// Waits, blocking the calling thread, for gpsd at `endpoint` to report one fix, at most `timeout`
    /// seconds in all (connecting included): for `render --location gpsd`. Lines are read as the client
    /// reads them (bounded, sanitised).
    public static func firstFix(_ endpoint: GPSDEndpoint, timeout: Double) -> Result<GPSFix, GPSDWaitProblem> {
        let limit = timeout.isFinite ? min(max(timeout, 0.1), 3_600) : 3_600
        let deadline = now() + limit
        let socket: GPSDSocket
        do {
            socket = try GPSDSocket.connect(
                host: endpoint.host, port: endpoint.port, timeout: min(connectTimeout, limit), wake: -1)
        } catch {
            return .failure(.unreachable(endpoint: endpoint.description, reason: error.description))
        }
        defer { socket.close() }
        guard socket.send(watch) else { return .failure(.closed(endpoint: endpoint.description)) }
        var splitter = LineSplitter(limit: GPSReport.maximumLineBytes)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var answered = false
        var last: String?
        while now() < deadline {
            var poller = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(((deadline - now()) * 1000).rounded(.up)))  // checked: at most 3.6e6 ms
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n > 0 else { return .failure(.closed(endpoint: endpoint.description)) }
            answered = true
            var found: GPSFix?
            splitter.feed(buffer[0..<n]) { line, _ in
                guard found == nil else { return }
                guard let line else { return last = GPSLineProblem.tooLong.description }
                switch GPSReport.parse(line: line) {
                case .success(.fix(let fix)): found = fix
                case .success(.noFix): last = "no fix yet"
                case .success(.rejected(let why)): last = why
                case .success(.other): break
                case .failure(let problem): last = problem.description
                }
            }
            if let found { return .success(found) }
        }
        guard answered else { return .failure(.noAnswer(endpoint: endpoint.description, seconds: limit)) }
        return .failure(.noFix(endpoint: endpoint.description, seconds: limit, last: last))
    }
}

/// Why `GPSDClient.firstFix` has no fix: one line for the user (the endpoint's name and our words; what
/// came from gpsd is sanitised).
public enum GPSDWaitProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection: refused, an unknown host, no answer to the connection.
    case unreachable(endpoint: String, reason: String)
    /// Connected, but gpsd sent nothing within the time (seconds).
    case noAnswer(endpoint: String, seconds: Double)
    /// gpsd closed the connection before a fix.
    case closed(endpoint: String)
    /// gpsd answered but reported no fix within the time (seconds); `last` says what it did report.
    case noFix(endpoint: String, seconds: Double, last: String?)

    public var description: String {
        switch self {
        case .unreachable(let endpoint, let reason):
            return TextSanitizer.clean("cannot reach \(endpoint): \(reason) (is gpsd running?)", maxLength: 200)
        case .noAnswer(let endpoint, let seconds):
            return "\(endpoint) sent nothing within \(Self.seconds(seconds))"
        case .closed(let endpoint): return "\(endpoint) closed the connection before a fix"
        case .noFix(let endpoint, let seconds, let last):
            let said = last.map { " (last: " + TextSanitizer.clean($0, maxLength: 80) + ")" } ?? ""
            return "no fix from \(endpoint) within \(Self.seconds(seconds))" + said
        }
    }

    /// "5 s", "0.5 s".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"  // checked: 0.1...3 600
    }
}
