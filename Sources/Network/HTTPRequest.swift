import Foundation

/// One GET to perform: where, with which extra headers, and how much of which answers to read.
public struct HTTPRequest: Sendable {
    public var url: URL
    /// Extra request headers by name ("Range": "bytes=0-16383"); values must not hold line breaks.
    public var headers: [String: String]
    /// Sent as `User-Agent`.
    public var userAgent: String
    /// Largest accepted body, bytes.
    public var maxBodyBytes: Int
    /// Statuses whose body is read; any other final status is returned with an empty body.
    public var readStatuses: Set<Int>

    public init(
        url: URL, headers: [String: String] = [:], userAgent: String = MaptermRelease.userAgent,
        maxBodyBytes: Int, readStatuses: Set<Int> = [200]
    ) {
        self.url = url
        self.headers = headers
        self.userAgent = userAgent
        self.maxBodyBytes = maxBodyBytes
        self.readStatuses = readStatuses
    }

    /// "Name: value" lines for libcurl, line breaks removed from values.
    var headerLines: [String] {
        headers.sorted { $0.key < $1.key }.map { name, value in
            "\(name): \(value.filter { $0 != "\r" && $0 != "\n" })"
        }
    }

    func readsBody(ofStatus status: Int) -> Bool { readStatuses.contains(status) }
}

/// A final answer to an `HTTPRequest`: status, the few headers the program looks at, and the body (empty
/// unless the status is one the request reads).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header values by lower-case name; only `keptHeaders` are kept.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The headers a response keeps (lower case).
    static let keptHeaders: Set<String> = [
        "retry-after", "cache-control", "content-range", "content-type", "content-length", "expires", "age",
        "accept-ranges", "etag", "location", "date",
    ]

    /// Seconds the answer may be reused, nil when the server does not say: `Cache-Control: max-age=N`
    /// (minus `Age`) when present, else `Expires` counted from the response's `Date` (from `now` when it
    /// has none); `no-store` and `no-cache`, and an `Expires` that is no date (RFC 9111: already
    /// expired), count as 0. At most `longestMaxAge`.
    public func maxAge(now: Date = Date()) -> Double? {
        if let control = headers["cache-control"]?.lowercased() {
            if control.contains("no-store") || control.contains("no-cache") { return 0 }
            for part in control.split(separator: ",") {
                let item = part.trimmingCharacters(in: .whitespaces)
                guard item.hasPrefix("max-age="), let seconds = Double(item.dropFirst(8)), seconds >= 0,
                    seconds.isFinite
                else { continue }
                let age = headers["age"].flatMap(Double.init).map { $0.isFinite ? max(0, $0) : 0 } ?? 0
                return min(max(0, seconds - age), Self.longestMaxAge)
            }
        }
        guard let expires = headers["expires"] else { return nil }
        guard let end = Self.httpDate(expires) else { return 0 }
        let start = headers["date"].flatMap(Self.httpDate) ?? now
        return min(max(0, end.timeIntervalSince(start)), Self.longestMaxAge)
    }

    /// The longest lifetime taken from a server: a year (RFC 9111 advises no more).
    public static let longestMaxAge = 365 * 86_400.0

    /// Seconds to wait before asking again: `Retry-After` as seconds or as an HTTP date (relative to
    /// `now`), nil when absent or unreadable.
    public func retryAfter(now: Date = Date()) -> Double? {
        guard let value = headers["retry-after"] else { return nil }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return seconds }
        guard let date = Self.httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP date ("Sun, 06 Nov 1994 08:49:37 GMT", RFC 9110's preferred form), nil for anything else.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}

/// The program's name and version as servers see them.
public enum MaptermRelease {
    public static let version = "0.1.0"
    /// Where to read about mapterm and reach its authors: the one place the address is written (in the
    /// User-Agent of every request; tile services ask for it). A placeholder until the project has one.
    public static let homepage = "https://mapterm.invalid/"
    /// "mapterm/0.1.0 (terminal map browser; +https://mapterm.invalid/)": the program, its version and
    /// where to find it, as tile services ask of an application (see docs/data.md, tile services).
    public static let userAgent = "mapterm/\(version) (terminal map browser; +\(homepage))"
}
