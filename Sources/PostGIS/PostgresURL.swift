import Foundation
import TextSafety

/// A `postgresql://` (or `postgres://`) connection URL as libpq takes it, with the one form of it that
/// may be printed: `redacted`, where a password is replaced by `***` (the password never appears in
/// output, errors or logs; everything this module says names the URL by `redacted`).
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, for libpq only.
    let text: String
    /// The URL with its password (in the user part, or a `password=` parameter) replaced by `***`,
    /// sanitised for a terminal.
    public let redacted: String

    /// True when `text` names a PostgreSQL server (`postgresql://` or `postgres://`, any case).
    public static func isPostgres(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// Checks the shape of `text`: the scheme, then a host or socket and a database name.
    /// - Throws: `PostGISError.badURL` naming what is wrong (with the password redacted).
    public init(_ text: String) throws {
        self.text = text
        redacted = Self.redact(text)
        guard Self.isPostgres(text) else {
            throw PostGISError.badURL(redacted, reason: "it does not start with postgresql:// or postgres://")
        }
        guard let components = URLComponents(string: text) else {
            throw PostGISError.badURL(redacted, reason: "it is not a valid URL")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty else {
            throw PostGISError.badURL(redacted, reason: "it names no database (postgresql://HOST:PORT/DATABASE)")
        }
        if components.port == nil, let authority = Self.authority(of: text), authority.hasSuffix(":") {
            throw PostGISError.badURL(redacted, reason: "its port is empty")
        }
    }

    public var description: String { redacted }

    /// `text` with any password replaced by `***`: the part between the user's `:` and the last `@` of
    /// the authority, and the value of a `password=` query parameter.
    public static func redact(_ text: String) -> String {
        var result = text
        if let schemeEnd = result.range(of: "://") {
            let rest = result[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result.replaceSubrange(result.index(after: colon)..<at, with: "***")
            }
        }
        if let query = result.firstIndex(of: "?") {
            var parameters = result[result.index(after: query)...].split(
                separator: "&", omittingEmptySubsequences: false
            )
            .map(String.init)
            for (index, parameter) in parameters.enumerated() where parameter.lowercased().hasPrefix("password=") {
                parameters[index] = "password=***"
            }
            result = String(result[...query]) + parameters.joined(separator: "&")
        }
        return TextSanitizer.clean(result)
    }

    /// The authority (`user:password@host:port`) of a URL text, nil without `://`.
    private static func authority(of text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        return rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
    }
}
