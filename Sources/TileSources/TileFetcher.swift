import GeoCore
import Network
import VectorTiles

/// Fetches single tiles from somewhere slow: a tile server, a PMTiles archive over HTTP.
public protocol TileFetcher: Sendable {
    /// Where the requests go ("tiles.example.org"): requests to one host share `HostGate`'s limit.
    var host: String { get }
    /// Fetches tile `id`. Throws `TileFetchError` (or `CancellationError`).
    func fetch(_ id: TileID) async throws -> FetchedTile
}

extension TileServerClient: TileFetcher {}
