import CCurl
import Foundation
import GeoCore
import Places
import TextSafety

/// One GET on a libcurl easy handle, without following redirects: the building block of `HTTPFetcher`.
///
/// `run()` performs the blocking transfer on a thread of its own and resumes exactly once: with the
/// response (status, a few headers, and the body when the status is one the request reads), with the
/// target of a redirect, or with an error. The body is gathered by the write callback, which refuses the
/// chunk that would pass `maxBodyBytes` (libcurl then stops reading at once); the first chunk of a status
/// the request does not read is refused too, since error bodies are not read. Cancelling
/// the calling task resumes at once with `CancellationError`; the progress callback then aborts the
/// transfer within about a second, and whatever it still receives is dropped.
// @unchecked: owns a libcurl easy handle (a C handle) while its thread runs; all state is under `lock`.
final class CurlTransfer: @unchecked Sendable {
    /// What a transfer ends with, short of an error.
    enum Outcome {
        /// A final (non-redirect) response; `body` is empty unless its status is one the request reads.
        case response(HTTPResponse)
        /// A 3xx response pointing to this absolute URL.
        case redirect(URL)
    }

    private let url: URL
    private let request: HTTPRequest
    private let timeout: TimeInterval
    private let lock = NSLock()
    // Guarded by `lock`.
    private var body = Data()
    private var status = 0
    private var headers: [String: String] = [:]
    private var overflowed = false
    private var cancelled = false
    private var continuation: CheckedContinuation<Outcome, any Error>?
    private var resumed = false

    /// - Parameters:
    ///   - url: where to send `request` (the request's own URL, or a redirect's target).
    ///   - timeout: seconds the transfer may take, from start to the last byte (connect included).
    init(url: URL, request: HTTPRequest, timeout: TimeInterval) {
        self.url = url
        self.request = request
        self.timeout = timeout
    }

    private var maxBodyBytes: Int { request.maxBodyBytes }

    /// Performs the transfer (see the type's comment).
    func run() async throws -> Outcome {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, any Error>) in
                lock.lock()
                self.continuation = continuation
                let alreadyCancelled = cancelled
                lock.unlock()
                if alreadyCancelled {
                    finish(.failure(CancellationError()))
                    return
                }
                // A thread of its own: the transfer blocks in libcurl, and the dispatch pool (as wide as
                // the machine has cores) would run only that many transfers at once.
                let thread = Thread { self.finish(self.perform()) }
                thread.name = "mapterm-http"
                thread.start()
            }
        } onCancel: {
            lock.lock()
            cancelled = true
            lock.unlock()
            finish(.failure(CancellationError()))
        }
    }

    /// Performs the transfer on the calling thread (which waits for it); cannot be cancelled.
    func runBlocking() throws -> Outcome {
        try perform().get()
    }

    /// Resumes the continuation with `result` unless it has been resumed already.
    private func finish(_ result: Result<Outcome, any Error>) {
        lock.lock()
        guard !resumed, let continuation else {
            lock.unlock()
            return
        }
        resumed = true
        self.continuation = nil
        body = Data()
        lock.unlock()
        continuation.resume(with: result)
    }

    // MARK: The transfer (on a dispatch thread)

    /// Runs the blocking transfer and maps its end to an outcome.
    private func perform() -> Result<Outcome, any Error> {
        guard let curl = CurlLibrary.shared else {
            return .failure(PlaceSourceError.transport("the HTTP library (libcurl) could not be loaded"))
        }
        guard let handle = curl.easyInit() else {
            return .failure(PlaceSourceError.transport("the HTTP library could not start"))
        }
        defer { curl.easyCleanup(handle) }
        var headers: UnsafeMutablePointer<curl_slist>? = nil
        for line in request.headerLines { headers = curl.slistAppend(headers, line) }
        defer { curl.slistFreeAll(headers) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code = withExtendedLifetime(self) { () -> CURLcode in
            configure(handle, curl: curl, headers: headers, context: context)
            return curl.easyPerform(handle)
        }
        var status = 0
        _ = mt_curl_get_long(curl.getinfo, handle, CURLINFO_RESPONSE_CODE, &status)
        return outcome(code: code, status: status, curl: curl)
    }

    /// Sets every option of the transfer on `handle`.
    private func configure(
        _ handle: UnsafeMutableRawPointer, curl: CurlLibrary, headers: UnsafeMutablePointer<curl_slist>?,
        context: UnsafeMutableRawPointer
    ) {
        let setopt = curl.setopt
        let milliseconds = (timeout * 1000).clampedInt(.up, in: 1...Int(Int32.max)) ?? 1
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_URL, url.absoluteString)
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = mt_curl_set_long(setopt, handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = mt_curl_set_long(setopt, handle, CURLOPT_NOSIGNAL, 1)
        _ = mt_curl_set_long(setopt, handle, CURLOPT_TIMEOUT_MS, milliseconds)
        _ = mt_curl_set_long(setopt, handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        _ = mt_curl_set_offset(setopt, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes))
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_USERAGENT, request.userAgent)
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_HTTPHEADER, headers)
        if HTTPFetcher.isLoopback(url) { _ = mt_curl_set_pointer(setopt, handle, CURLOPT_NOPROXY, "*") }
        _ = mt_curl_set_write_function(setopt, handle, Self.receive)
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_WRITEDATA, context)
        _ = mt_curl_set_header_function(setopt, handle, Self.receiveHeader)
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_HEADERDATA, context)
        _ = mt_curl_set_progress_function(setopt, handle, Self.progress)
        _ = mt_curl_set_pointer(setopt, handle, CURLOPT_XFERINFODATA, context)
        _ = mt_curl_set_long(setopt, handle, CURLOPT_NOPROGRESS, 0)
    }

    /// The write callback: keeps a chunk of a 200 body, or returns 0 (which aborts the transfer) when the
    /// status is not one the request reads, the body would pass the limit, or the fetch was cancelled.
    private static let receive: curl_write_callback = { bytes, size, count, context in
        guard let bytes, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.keep(UnsafeRawPointer(bytes), count: size * count) ? size * count : 0
    }

    /// The header callback: records the status line and the headers of the last response head.
    private static let receiveHeader: curl_write_callback = { bytes, size, count, context in
        guard let bytes, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: size * count), as: UTF8.self)
        transfer.record(headerLine: line)
        return size * count
    }

    /// Notes one line of a response head: a status line starts a new head (after a 100 or a redirect).
    private func record(headerLine line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        lock.lock()
        defer { lock.unlock() }
        if trimmed.hasPrefix("HTTP/") {
            let parts = trimmed.split(separator: " ")
            status = parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
            headers = [:]
        } else if let colon = trimmed.firstIndex(of: ":"), headers.count < 64 {
            let name = trimmed[..<colon].lowercased()
            guard HTTPResponse.keptHeaders.contains(name) else { return }
            headers[name] = String(
                trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces).prefix(256))
        }
    }

    /// The progress callback: a non-zero answer aborts a cancelled transfer.
    private static let progress: curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled || resumed
    }

    /// Appends `count` bytes to the body; false when they must be refused.
    private func keep(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled, !resumed, request.readsBody(ofStatus: status) else { return false }
        guard body.count + count <= maxBodyBytes else {
            overflowed = true
            body = Data()
            return false
        }
        body.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        return true
    }

    // MARK: Mapping the end of a transfer

    /// The outcome of a transfer that ended with `code` and HTTP `status`. A redirect's `Location` may be
    /// relative to the URL asked for.
    private func outcome(code: CURLcode, status: Int, curl: CurlLibrary) -> Result<Outcome, any Error> {
        lock.lock()
        let data = body
        let overflowed = overflowed
        let cancelled = cancelled
        let headers = headers
        lock.unlock()
        if cancelled { return .failure(CancellationError()) }
        if overflowed || code == CURLE_FILESIZE_EXCEEDED { return .failure(PlaceSourceError.tooLarge) }
        let refused = code == CURLE_WRITE_ERROR && status != 0 && !request.readsBody(ofStatus: status)
        guard code == CURLE_OK || refused else {
            return .failure(Self.error(for: code, url: url, curl: curl))
        }
        if [301, 302, 303, 307, 308].contains(status) {
            let location = headers["location"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
            guard let target = location, target.host != nil else {
                return .failure(
                    PlaceSourceError.transport("\(HTTPFetcher.hostLabel(url)) redirected to an invalid address"))
            }
            return .success(.redirect(target))
        }
        return .success(.response(HTTPResponse(status: status, headers: headers, body: data)))
    }

    /// A libcurl failure as a `PlaceSourceError` with a short, user-facing reason.
    static func error(for code: CURLcode, url: URL, curl: CurlLibrary) -> any Error {
        let host = HTTPFetcher.hostLabel(url)
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return PlaceSourceError.timeout
        case CURLE_ABORTED_BY_CALLBACK: return CancellationError()
        case CURLE_COULDNT_CONNECT: return PlaceSourceError.transport("could not connect to \(host)")
        case CURLE_COULDNT_RESOLVE_HOST: return PlaceSourceError.transport("could not find \(host)")
        case CURLE_COULDNT_RESOLVE_PROXY: return PlaceSourceError.transport("could not find the proxy")
        case CURLE_UNSUPPORTED_PROTOCOL: return PlaceSourceError.transport("\(host) needs http or https")
        case CURLE_GOT_NOTHING: return PlaceSourceError.transport("\(host) closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return PlaceSourceError.transport("the connection to \(host) was lost")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return PlaceSourceError.transport("\(host) sent an invalid response")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
            return PlaceSourceError.transport("secure connection to \(host) failed")
        default:
            let reason = curl.easyStrerror(code).map { String(cString: $0) } ?? "code \(code.rawValue)"
            return PlaceSourceError.transport(
                "request to \(host) failed (\(TextSanitizer.clean(reason, maxLength: 60).lowercased()))")
        }
    }
}
