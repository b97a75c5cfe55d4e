import GeoCore
import Storage
import VectorTiles

/// A remote source offline (`--offline`): the tiles its cache file holds, fresh or stale, and nothing
/// else. It asks no network; a tile the cache lacks is absent, as in a local file.
public struct CachedTileStore: TileStore {
    public let metadata: TileSetMetadata
    private let cache: TileCache?

    /// - Parameter cache: the source's cache file; nil when it has none (then every tile is absent).
    public init(metadata: TileSetMetadata, cache: TileCache?) {
        self.metadata = metadata
        self.cache = cache
    }

    public func tileData(_ id: TileID) throws -> [UInt8]? { cache?.entry(id)?.bytes }
}
