import Foundation

/// One TCP connection to gpsd (POSIX sockets: gpsd speaks lines of JSON over plain TCP, nothing libcurl
/// is for), made within a time limit that a wake descriptor can cut short.
struct GPSDSocket {
    let fd: Int32

    /// Connects to `host`:`port` within `timeout` seconds, giving up early when `wake` becomes readable.
    /// - Throws: `GPSDConnectError` saying why (refused, unknown host, no answer, stopped).
    static func connect(host: String, port: Int, timeout: Double, wake: Int32) throws(GPSDConnectError)
        -> GPSDSocket
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unknownHost(host + ": " + String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var failure = GPSDConnectError.refused("no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            if let problem = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout, wake: wake) {
                Glibc.close(fd)
                if problem == .stopped { throw problem }
                failure = problem
                continue
            }
            return GPSDSocket(fd: fd)
        }
        throw failure
    }

    /// Connects `fd` (left non-blocking) within `timeout` seconds; nil when connected, else why not.
    private static func connect(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeout: Double, wake: Int32
    ) -> GPSDConnectError? {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.connect(fd, address, length) != 0 else { return nil }
        guard errno == EINPROGRESS else { return .describe(errno) }
        var fds = [
            pollfd(fd: fd, events: Int16(POLLOUT), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(max(0, min(timeout, 60)) * 1000)  // checked: 0...60 s
        var ready: Int32
        repeat { ready = poll(&fds, 2, milliseconds) } while ready < 0 && errno == EINTR
        if fds[1].revents != 0 { return .stopped }
        guard ready > 0, fds[0].revents != 0 else { return .noAnswer(timeout) }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        return error == 0 ? nil : .describe(error)
    }

    /// Writes all of `bytes` (the socket is non-blocking: waits up to a second for room); false when the
    /// connection failed.
    func send(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&poller, 1, 1000) > 0 else { return false }
                continue
            }
            guard n > 0 else { return false }
            rest = rest.dropFirst(n)
        }
        return true
    }

    func close() { _ = Glibc.close(fd) }
}

/// Why no connection to gpsd was made.
enum GPSDConnectError: Error, Equatable, CustomStringConvertible {
    /// Nothing listens there (or the network refused).
    case refused(String)
    /// The host name has no address.
    case unknownHost(String)
    /// No answer to the connection within the time limit (seconds).
    case noAnswer(Double)
    /// `stop` was called while connecting.
    case stopped

    /// The error of `code` (ECONNREFUSED …) in words.
    static func describe(_ code: Int32) -> GPSDConnectError {
        .refused(code == ECONNREFUSED ? "connection refused" : String(cString: strerror(code)))
    }

    var description: String {
        switch self {
        case .refused(let why): return why
        case .unknownHost(let why): return "unknown host " + why
        case .noAnswer(let seconds): return "no answer within \(Int(seconds.rounded())) s"  // checked: 2 s
        case .stopped: return "stopped"
        }
    }
}
