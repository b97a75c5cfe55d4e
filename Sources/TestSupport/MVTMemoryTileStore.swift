import Foundation
import GeoCore
import Synchronization
import VectorTiles

/// An in-memory `TileStore` for tests: tile bytes by XYZ id, an optional injected read error,
/// and a count of reads (to check caching). Thread-safe.
public final class MVTMemoryTileStore: TileStore, Sendable {
    /// Thrown by `tileData` for ids in `failingTiles`.
    public struct ReadError: Error, Equatable {}

    public let metadata: TileSetMetadata
    private let tiles: [TileID: [UInt8]]
    private let failingTiles: Set<TileID>
    private let reads = Mutex<[TileID]>([])

    /// A store holding `tiles` (XYZ ids, bytes as stored: gzip or plain MVT).
    public init(
        tiles: [TileID: [UInt8]], minZoom: Int = 0, maxZoom: Int = 14, failingTiles: Set<TileID> = []
    ) {
        self.tiles = tiles
        self.failingTiles = failingTiles
        self.metadata = TileSetMetadata(name: "memory", format: "pbf", minZoom: minZoom, maxZoom: maxZoom)
    }

    public func tileData(_ id: TileID) throws -> [UInt8]? {
        reads.withLock { $0.append(id) }
        if failingTiles.contains(id) { throw ReadError() }
        return tiles[id]
    }

    /// Every id passed to `tileData`, in call order.
    public var readLog: [TileID] { reads.withLock { $0 } }
}
