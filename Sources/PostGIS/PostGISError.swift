import Places

/// Why a PostGIS places database could not be used. `description` is one line for the user that names
/// what is missing; a URL in it is always `PostgresURL.redacted`, and server text is sanitised.
public enum PostGISError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection string is not a usable `postgresql://` URL.
    case badURL(String, reason: String)
    /// The server could not be reached or refused the connection (libpq's reason).
    case cannotConnect(String, reason: String)
    /// The database has no PostGIS and it could not be installed (the server's reason).
    case noPostGIS(String, reason: String)
    /// The places table is missing (nothing was imported) or lacks columns.
    case schema(String, reason: String)
    /// The connection broke while a query ran.
    case connectionLost(String)
    /// A query failed (the server's message).
    case query(String)

    public var description: String {
        switch self {
        case .badURL(let url, let reason): return "\(url) is not a PostgreSQL URL mapterm can use: \(reason)"
        case .cannotConnect(let url, let reason): return "cannot connect to \(url): \(reason)"
        case .noPostGIS(let url, let reason): return "\(url) has no PostGIS extension: \(reason)"
        case .schema(let url, let reason): return "\(url) holds no mapterm places: \(reason)"
        case .connectionLost(let url): return "the connection to \(url) was lost"
        case .query(let message): return "PostgreSQL error: \(message)"
        }
    }

    /// The `PlaceSourceError` the map and `places` show: a lost or refused connection is a transport
    /// failure, the rest makes the places unavailable.
    public var sourceError: PlaceSourceError {
        switch self {
        case .cannotConnect, .connectionLost: return .transport(description)
        case .badURL, .noPostGIS, .schema, .query: return .unavailable(description)
        }
    }
}
