import Foundation

/// One TCP connection to gpsd, made with a time limit (POSIX sockets: gpsd speaks lines of JSON over
/// plain TCP, nothing libcurl is for).
struct GPSDSocket {
    let fd: Int32

    /// Connects to `host`:`port` within `timeout` seconds. - Throws: `GPSDSocketError` with one line.
    static func connect(host: String, port: Int, timeout: Double) throws(GPSDSocketError) -> GPSDSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .failed("cannot find host \(host): " + String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            if let problem = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout) {
                reason = problem
                Glibc.close(fd)
                continue
            }
            return GPSDSocket(fd: fd)
        }
        throw .failed(reason)
    }

    /// Connects `fd` without blocking longer than `timeout` seconds; nil when connected, else why not.
    private static func connect(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeout: Double
    ) -> String? {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if Glibc.connect(fd, address, length) != 0 {
            guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let milliseconds = Int32(max(0, min(timeout, 60)) * 1000)  // checked: 0...60 s
            guard poll(&poller, 1, milliseconds) == 1 else { return "no answer within \(Int(timeout)) s" }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
            if error != 0 { return String(cString: strerror(error)) }
        }
        _ = fcntl(fd, F_SETFL, flags)
        return nil
    }

    /// Writes all of `text`; false when the connection failed.
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    func close() { _ = Glibc.close(fd) }
}

/// Why a connection to gpsd could not be made.
enum GPSDSocketError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case .failed(let why): return why
        }
    }
}
