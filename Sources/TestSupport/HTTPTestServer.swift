import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 server for tests: listens on 127.0.0.1 on a port the OS picks, answers every request
/// through `handler`, one connection at a time on its own thread (POSIX sockets and `poll`), or, when
/// `concurrent`, each connection on a thread of its own (a handler may then sleep to add latency).
///
/// ```swift
/// let server = try HTTPTestServer { target in .json("[]") }
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("api")
/// ```
/// Every response carries `Connection: close`. `stop()` ends the thread and closes every descriptor the
/// server opened (it must be called: the thread keeps the server alive until then).
public final class HTTPTestServer: @unchecked Sendable {
    /// What the server does with a request.
    public enum Response: Sendable {
        /// A complete response with `Content-Length`.
        case send(status: Int, body: Data, contentType: String)
        /// A complete response with `Content-Length` and extra headers ("Retry-After": "2").
        case sendWithHeaders(status: Int, headers: [String: String], body: Data)
        /// Headers announcing `declaredLength` body bytes, then only `partialBody`; the connection then
        /// stays open and silent until the server stops (a body that never finishes).
        case stall(status: Int, partialBody: Data, declaredLength: Int)
        /// A complete response without `Content-Length`: the body ends when the server closes the
        /// connection (HTTP/1.0 style), so a client cannot know its size in advance.
        case unframed(status: Int, body: Data)
        /// Closes the connection without answering.
        case close
        /// A redirect (301, 302, 303, 307 or 308) to `location`, with a short body.
        case redirect(status: Int, location: String)

        /// A 200 (or `status`) response with a JSON body.
        public static func json(_ text: String, status: Int = 200) -> Response {
            .send(status: status, body: Data(text.utf8), contentType: "application/json; charset=utf-8")
        }

        /// A plain-text response.
        public static func text(_ text: String, status: Int) -> Response {
            .send(status: status, body: Data(text.utf8), contentType: "text/plain; charset=utf-8")
        }
    }

    /// Maps the request target (path and query, "/api/v1/x?a=1") to a response. Called on the server thread.
    public typealias Handler = @Sendable (String) -> Response

    /// The port the server listens on.
    public let port: UInt16
    private let handler: Handler
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var targets: [String] = []
    private var heads: [[String: String]] = []
    private var openDescriptors: Set<Int32> = []
    private var running = true
    private var stopped = false
    private let concurrent: Bool

    /// Starts listening and serving immediately.
    /// - Throws: `POSIXError` when the socket cannot be created or bound.
    public init(concurrent: Bool = false, handler: @escaping Handler) throws {
        self.handler = handler
        self.concurrent = concurrent
        let (listener, port) = try Self.bindLoopback()
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            close(listener)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        guard listen(listener, 16) == 0 else {
            close(listener)
            close(pipeFDs[0])
            close(pipeFDs[1])
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        Self.setCloseOnExec(pipeFDs[0])
        Self.setCloseOnExec(pipeFDs[1])
        self.listener = listener
        self.port = port
        self.wakeRead = pipeFDs[0]
        self.wakeWrite = pipeFDs[1]
        openDescriptors = [listener, pipeFDs[0], pipeFDs[1]]
        let thread = Thread { [self] in self.run() }
        thread.name = "HTTPTestServer:\(port)"
        thread.start()
    }

    /// "http://127.0.0.1:PORT".
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request targets received so far, in order.
    public var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return targets
    }

    /// The headers of each request received so far, like `requests`: values by lower-case name.
    public var requestHeaders: [[String: String]] {
        lock.lock()
        defer { lock.unlock() }
        return heads
    }

    /// True until the server thread has finished after `stop()`.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// The number of file descriptors the server holds (listener, wake pipe, open connections); 0 after
    /// `stop()`.
    public var openDescriptorCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return openDescriptors.count
    }

    /// Stops serving, waits for the thread to end and closes every descriptor. Idempotent.
    public func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        done.wait()
        closeDescriptor(wakeWrite)
    }

    /// A port on 127.0.0.1 that nothing listens on: bound, read, then closed again. Connecting to it is
    /// refused (unless something else grabs it meanwhile, which the OS makes unlikely).
    public static func unusedPort() throws -> UInt16 {
        let (fd, port) = try bindLoopback()
        close(fd)
        return port
    }

    // MARK: Sockets

    private static func bindLoopback() throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Keeps `fd` out of child processes (tests spawn tmux and the app).
    private static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private func closeDescriptor(_ fd: Int32) {
        lock.lock()
        let owned = openDescriptors.remove(fd) != nil
        lock.unlock()
        if owned { close(fd) }
    }

    private func track(_ fd: Int32) {
        lock.lock()
        openDescriptors.insert(fd)
        lock.unlock()
    }

    // MARK: Serving

    private func run() {
        var stalled: [Int32] = []
        serving: while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { break serving }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Self.setCloseOnExec(connection)
            track(connection)
            if concurrent {
                Thread { [self] in
                    // A stalled connection is closed by `stop()` with the others.
                    if !self.serve(connection) { self.closeDescriptor(connection) }
                }.start()
            } else if serve(connection) {
                stalled.append(connection)
            } else {
                closeDescriptor(connection)
            }
        }
        for fd in stalled { closeDescriptor(fd) }
        closeDescriptor(listener)
        if concurrent { closeConnectionsLeft() }
        closeDescriptor(wakeRead)
        lock.lock()
        running = false
        lock.unlock()
        done.signal()
    }

    /// Closes the connections that concurrent threads still hold (stalled bodies), leaving the wake pipe.
    private func closeConnectionsLeft() {
        lock.lock()
        let left = openDescriptors.subtracting([wakeRead, wakeWrite])
        lock.unlock()
        for fd in left { closeDescriptor(fd) }
    }

    /// Answers one connection; true when it must stay open (a stalled body).
    private func serve(_ connection: Int32) -> Bool {
        guard let head = readHead(connection) else { return false }
        let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        let target = parts.count >= 2 ? String(parts[1]) : "/"
        let headers = Self.headers(of: head)
        lock.lock()
        targets.append(target)
        heads.append(headers)
        lock.unlock()
        switch answer(target, on: connection) {
        case .finish:
            finishWriting(connection)
            return false
        case .keepOpen: return true
        case .close: return false
        }
    }

    /// The header lines of a request head, by lower-case name (the last of a repeated name).
    private static func headers(of head: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
        }
        return headers
    }

    /// What becomes of a connection once its answer is sent.
    private enum Disposition {
        /// Half-close it and wait for the client to close (see `finishWriting`).
        case finish
        /// Leave it open, silent (a stalled body).
        case keepOpen
        /// Close it now.
        case close
    }

    /// Sends the handler's response for `target`.
    private func answer(_ target: String, on connection: Int32) -> Disposition {
        switch handler(target) {
        case .send(let status, let body, let contentType):
            send(connection, header(status: status, contentType: contentType, length: body.count) + body)
            return .finish
        case .sendWithHeaders(let status, let headers, let body):
            var head = header(status: status, contentType: "application/octet-stream", length: body.count)
            let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            head.insert(contentsOf: Data(extra.utf8), at: head.count - 2)
            send(connection, head + body)
            return .finish
        case .unframed(let status, let body):
            send(connection, header(status: status, contentType: "application/json", length: nil) + body)
            return .finish
        case .stall(let status, let partialBody, let declaredLength):
            send(
                connection,
                header(status: status, contentType: "application/json", length: declaredLength) + partialBody)
            return .keepOpen
        case .close:
            return .close
        case .redirect(let status, let location):
            var head = header(status: status, contentType: "text/plain", length: 6)
            head.insert(contentsOf: Data("Location: \(location)\r\n".utf8), at: head.count - 2)
            send(connection, head + Data("moved\n".utf8))
            return .finish
        }
    }

    private func header(status: Int, contentType: String, length: Int?) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\n"
        if let length { text += "Content-Length: \(length)\r\n" }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 206: return "Partial Content"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// Reads up to the blank line ending the request head (requests have no body here). Gives up after
    /// 5 s of silence, at 64 KiB, at end of stream, or when the server is stopping.
    private func readHead(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 65536 {
            guard waitReadable(connection, milliseconds: 5000) else { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count >= 4 && bytes.suffix(from: max(0, bytes.count - n - 3)).firstRange(of: end) != nil {
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return nil
    }

    /// True when `fd` has data (or EOF) within the time, false on timeout or when the server is stopping.
    private func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && fds[1].revents == 0 && fds[0].revents != 0
        }
    }

    private func send(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Half-closes the connection and waits briefly for the client to close its side, so that closing
    /// never turns into a reset that could cut off the response.
    private func finishWriting(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 512)
        while waitReadable(connection, milliseconds: 200) {
            let n = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
        }
    }
}
