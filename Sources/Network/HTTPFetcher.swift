import Foundation
import Places
import TextSafety

/// Performs one HTTP GET with a deadline, a body size limit and a short, safe redirect policy, mapping
/// every failure to `PlaceSourceError` (or `CancellationError` when the calling task is cancelled).
///
/// The transfer runs on libcurl directly (`CurlTransfer`), not on URLSession: libcurl hands the body over
/// in chunks of at most 16 KiB and stops reading the socket the moment a chunk is refused, so memory is
/// bounded by `maxBodyBytes` whatever the server sends. (swift-corelibs URLSession keeps reading and
/// queueing chunks to its delegate, so an endless body grew the process by gigabytes.)
///
/// - A `Content-Length` above `maxBodyBytes` is refused from the header, before any body is read; a body
///   without one is cut as soon as it passes the limit.
/// - Redirects (301, 302, 303, 307, 308) are followed only to the same scheme and host (any port), at
///   most `maxRedirects` in a row; the deadline covers them all.
/// - Proxies come from the usual environment variables (`http_proxy`, `https_proxy`, `no_proxy`), except
///   that a URL on this machine never goes through a proxy.
public struct HTTPFetcher: Sendable {
    /// Seconds the whole request may take, from start to the last byte, redirects included.
    public var timeout: TimeInterval
    /// Largest accepted body in bytes.
    public var maxBodyBytes: Int
    /// Most redirects followed for one request.
    public var maxRedirects = 3

    public init(timeout: TimeInterval, maxBodyBytes: Int) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// The body of a 200 response (asking for JSON); any other status is `PlaceSourceError.httpStatus`.
    func get(_ url: URL) async throws -> Data {
        let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], maxBodyBytes: maxBodyBytes)
        let response = try await fetch(request)
        guard response.status == 200 else { throw PlaceSourceError.httpStatus(response.status) }
        return response.body
    }

    /// The final response to `request` (any status), after same-host redirects. `maxBodyBytes` of the
    /// request applies (not the fetcher's).
    public func fetch(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        let deadline = Date().addingTimeInterval(timeout)
        var current = url
        for _ in 0...maxRedirects {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw PlaceSourceError.timeout }
            let transfer = CurlTransfer(url: current, request: request, timeout: remaining)
            switch try await transfer.run() {
            case .response(let response): return response
            case .redirect(let target): current = try Self.follow(target, from: url)
            }
        }
        throw PlaceSourceError.transport("\(Self.hostLabel(url)) redirected more than \(maxRedirects) times")
    }

    /// `fetch` on the calling thread, which waits (for readers that are themselves synchronous, such as
    /// a PMTiles archive over HTTP; never call it from a frame or a task of the shared pool).
    public func fetchBlocking(_ request: HTTPRequest) throws -> HTTPResponse {
        let url = request.url
        let deadline = Date().addingTimeInterval(timeout)
        var current = url
        for _ in 0...maxRedirects {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw PlaceSourceError.timeout }
            switch try CurlTransfer(url: current, request: request, timeout: remaining).runBlocking() {
            case .response(let response): return response
            case .redirect(let target): current = try Self.follow(target, from: url)
            }
        }
        throw PlaceSourceError.transport("\(Self.hostLabel(url)) redirected more than \(maxRedirects) times")
    }

    /// The redirect target, when it stays on the scheme and host of the URL first asked for.
    static func follow(_ target: URL, from url: URL) throws -> URL {
        guard sameSchemeAndHost(url, target) else {
            throw PlaceSourceError.transport(
                "\(hostLabel(url)) redirected to another server (\(hostLabel(target)))")
        }
        return target
    }

    /// True when both URLs have the same scheme and host (compared without case); ports may differ.
    static func sameSchemeAndHost(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let hostA = a.host?.lowercased() else { return false }
        return schemeA == b.scheme?.lowercased() && hostA == b.host?.lowercased()
    }

    /// True when the URL's host is this machine (127.0.0.0/8, localhost, ::1).
    static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// "host" or "host:port" for messages, sanitised (a redirect target comes from the server).
    static func hostLabel(_ url: URL) -> String {
        guard let host = url.host else { return "the server" }
        let label = url.port.map { "\(host):\($0)" } ?? host
        return TextSanitizer.clean(label, maxLength: 80)
    }
}
