import Foundation
import GeoCore
import Places
import TextSafety

/// What a tile server answered for one tile.
public enum FetchedTile: Sendable, Equatable {
    /// The tile's bytes as served (gzip or plain MVT; a `Content-Encoding: gzip` is already undone),
    /// and the seconds they may be reused when the server says (`Cache-Control: max-age`, `Expires`).
    case tile([UInt8], maxAge: Double?)
    /// The server has no such tile (404, 204 or an empty body): an empty tile, not an error.
    case empty(maxAge: Double?)
}

/// Why a tile could not be fetched. `description` is one short line for the status bar.
public enum TileFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server asks to slow down (429) or is failing (5xx): try again after `retryAfter` seconds when
    /// it says (`Retry-After`), else after the caller's backoff.
    case busy(status: Int, retryAfter: Double?)
    /// The server cannot be reached, did not answer in time, or answered with something unusable.
    case failed(String)

    public var description: String {
        switch self {
        case .busy(429, _): return "the tile server asks to slow down (HTTP 429)"
        case .busy(let status, _): return "the tile server is failing (HTTP \(status))"
        case .failed(let reason): return reason
        }
    }
}

/// Fetches tiles from an HTTP(S) tile server given as a `{z}/{x}/{y}` URL template. Polite: the
/// request names mapterm and its version, waits at most `timeout` seconds, and reads at most
/// `maxTileBytes`. (How many requests run at once, and the backoff, are the caller's: see
/// `RemoteTileStore`.)
public struct TileServerClient: Sendable {
    /// The template, e.g. "https://tiles.example.org/planet/{z}/{x}/{y}.pbf".
    public let template: String
    /// Seconds one tile request may take.
    public var timeout: TimeInterval
    /// Largest tile accepted, bytes.
    public var maxTileBytes: Int

    /// Largest tile accepted by default: 8 MiB (real vector tiles stay under 1 MiB).
    public static let defaultMaxTileBytes = 8 << 20

    /// A client for `template`, which must be an http or https URL holding `{z}`, `{x}` and `{y}`.
    public init(template: String, timeout: TimeInterval = 5, maxTileBytes: Int = defaultMaxTileBytes) throws {
        guard let url = URL(string: Self.fill(template, TileID(z: 0, x: 0, y: 0))),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else {
            throw TileFetchError.failed(
                "not a tile URL: \(TextSanitizer.clean(template, maxLength: 120)) (need http(s)://…/{z}/{x}/{y}…)")
        }
        guard ["{z}", "{x}", "{y}"].allSatisfy(template.contains) else {
            throw TileFetchError.failed(
                "a tile URL needs {z}, {x} and {y}: \(TextSanitizer.clean(template, maxLength: 120))")
        }
        self.template = template
        self.timeout = timeout
        self.maxTileBytes = maxTileBytes
    }

    /// The host the requests go to (for per-host limits and messages).
    public var host: String { URL(string: Self.fill(template, TileID(z: 0, x: 0, y: 0)))?.host ?? "" }

    /// The URL of tile `id` (column wrapped).
    public func url(for id: TileID) -> URL? { URL(string: Self.fill(template, id.wrapped)) }

    /// Fetches tile `id`. Throws `TileFetchError` (or `CancellationError`).
    public func fetch(_ id: TileID) async throws -> FetchedTile {
        guard let url = url(for: id) else { throw TileFetchError.failed("bad tile URL for \(id)") }
        let request = HTTPRequest(
            url: url, headers: ["Accept": "application/vnd.mapbox-vector-tile, application/x-protobuf, */*"],
            maxBodyBytes: maxTileBytes, readStatuses: [200])
        let response: HTTPResponse
        do {
            response = try await HTTPFetcher(timeout: timeout, maxBodyBytes: maxTileBytes).fetch(request)
        } catch let error as PlaceSourceError {
            throw TileFetchError.failed(Self.reason(error))
        }
        switch response.status {
        case 200:
            let maxAge = response.maxAge()
            return response.body.isEmpty ? .empty(maxAge: maxAge) : .tile([UInt8](response.body), maxAge: maxAge)
        case 204, 404: return .empty(maxAge: response.maxAge())
        case 429, 500...599: throw TileFetchError.busy(status: response.status, retryAfter: response.retryAfter())
        default: throw TileFetchError.failed("the tile server answered HTTP \(response.status)")
        }
    }

    /// `template` with its placeholders filled in (for tile 0/0/0), so that it parses as a URL.
    public static func placeholderFree(_ template: String) -> String { fill(template, TileID(z: 0, x: 0, y: 0)) }

    /// `template` with {z}, {x} and {y} replaced.
    static func fill(_ template: String, _ id: TileID) -> String {
        template.replacingOccurrences(of: "{z}", with: String(id.z)).replacingOccurrences(of: "{x}", with: String(id.x))
            .replacingOccurrences(of: "{y}", with: String(id.y))
    }

    /// A place-source error as a short reason without the sentence frame ("could not connect to …").
    static func reason(_ error: PlaceSourceError) -> String {
        switch error {
        case .transport(let reason): return reason
        case .timeout: return "the tile server did not answer in time"
        case .tooLarge: return "a tile was larger than the limit"
        default: return String(describing: error)
        }
    }
}
