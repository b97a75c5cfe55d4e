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
        "accept-ranges", "etag", "location",
    ]

    /// Seconds the answer may be reused: `Cache-Control: max-age=N` (minus `Age`), nil when not stated.
    /// `no-store` and `no-cache` count as 0.
    public var maxAge: Double? {
        guard let control = headers["cache-control"]?.lowercased() else { return nil }
        if control.contains("no-store") || control.contains("no-cache") { return 0 }
        for part in control.split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard item.hasPrefix("max-age="), let seconds = Double(item.dropFirst(8)), seconds >= 0 else { continue }
            let age = headers["age"].flatMap(Double.init) ?? 0
            return max(0, seconds - age)
        }
        return nil
    }

    /// Seconds to wait before asking again: `Retry-After` as seconds or as an HTTP date (relative to
    /// `now`), nil when absent or unreadable.
    public func retryAfter(now: Date = Date()) -> Double? {
        guard let value = headers["retry-after"] else { return nil }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// The program's name and version as servers see them.
public enum MaptermRelease {
    public static let version = "0.1.0"
    /// "mapterm/0.1.0 (terminal map browser)": names the program and its version.
    public static let userAgent = "mapterm/\(version) (terminal map browser)"
}
