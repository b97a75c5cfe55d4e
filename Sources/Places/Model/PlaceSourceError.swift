import Foundation

/// Why a `PlaceSource` could not answer. `description` (also `errorDescription`) is one short sentence
/// meant for the second line of the "Unable to retrieve locations" alert.
public enum PlaceSourceError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The request did not reach the server or the connection broke; the text says how
    /// ("could not connect to www.refugerestrooms.org").
    case transport(String)
    /// No complete answer within the time limit.
    case timeout
    /// The server answered with an HTTP status other than 200.
    case httpStatus(Int)
    /// The answer or file could not be read as places; the text says why.
    case undecodable(String)
    /// The answer or file is larger than the 10 MB limit.
    case tooLarge
    /// The source cannot be opened at all (a fixture file that is missing or unreadable); the text says why.
    case unavailable(String)

    public var description: String {
        switch self {
        case .transport(let reason): return "Network error: \(reason)."
        case .timeout: return "The server did not answer in time."
        case .httpStatus(let code): return "The server answered with HTTP status \(code) (\(Self.reason(for: code)))."
        case .undecodable(let reason): return "The data could not be read: \(reason)."
        case .tooLarge: return "The data is larger than the 10 MB limit."
        case .unavailable(let reason): return "The places are unavailable: \(reason)."
        }
    }

    public var errorDescription: String? { description }

    /// A short English reason phrase for common HTTP status codes.
    static func reason(for code: Int) -> String {
        switch code {
        case 301, 302, 303, 307, 308: return "redirect"
        case 400: return "bad request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not found"
        case 408: return "request timeout"
        case 429: return "too many requests"
        case 500: return "internal server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timeout"
        case 400..<500: return "client error"
        case 500..<600: return "server error"
        default: return "unexpected"
        }
    }
}
