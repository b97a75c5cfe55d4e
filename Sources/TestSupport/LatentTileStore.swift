import Foundation
import GeoCore
import Synchronization
import VectorTiles

/// A `TileStore` standing in for a remote source in tests: it holds tiles, but hands out only those that
/// have "arrived" (`arrive(_:)`), throwing `TileNotYetLoaded` for the others. Thread-safe.
public final class LatentTileStore: TileStore, Sendable {
    public let metadata: TileSetMetadata
    private let tiles: [TileID: [UInt8]]
    private let arrived = Mutex<Set<TileID>>([])

    /// A store of `tiles` (XYZ ids, bytes as stored), none of them arrived yet.
    public init(tiles: [TileID: [UInt8]], minZoom: Int = 0, maxZoom: Int = 14) {
        self.tiles = tiles
        metadata = TileSetMetadata(name: "latent", format: "pbf", minZoom: minZoom, maxZoom: maxZoom)
    }

    /// Makes these tiles (or, for ids the store does not hold, their absence) available from now on.
    public func arrive(_ ids: some Sequence<TileID>) {
        arrived.withLock { $0.formUnion(ids) }
    }

    /// Makes these tiles unavailable again, as a remote source that dropped them from its cache.
    public func leave(_ ids: some Sequence<TileID>) {
        arrived.withLock { $0.subtract(ids) }
    }

    public func tileData(_ id: TileID) throws -> [UInt8]? {
        guard arrived.withLock({ $0.contains(id) }) else { throw TileNotYetLoaded() }
        return tiles[id]
    }
}
