import Foundation
import GeoCore
import VectorTiles

/// An in-memory `TileStore` for tests: tile bytes by XYZ id, an optional injected read error,
/// and a count of reads (to check caching). Thread-safe.
public final class MVTMemoryTileStore: TileStore, @unchecked Sendable {
    /// Thrown by `tileData` for ids in `failingTiles`.
    public struct ReadError: Error, Equatable {}

    public let metadata: TileSetMetadata
    private let tiles: [TileID: [UInt8]]
    private let failingTiles: Set<TileID>
    private let lock = NSLock()
    private var reads: [TileID] = []

    /// A store holding `tiles` (XYZ ids, bytes as stored: gzip or plain MVT).
    public init(
        tiles: [TileID: [UInt8]], minZoom: Int = 0, maxZoom: Int = 14, failingTiles: Set<TileID> = []
    ) {
        self.tiles = tiles
        self.failingTiles = failingTiles
        self.metadata = TileSetMetadata(name: "memory", format: "pbf", minZoom: minZoom, maxZoom: maxZoom)
    }

    public func tileData(_ id: TileID) throws -> [UInt8]? {
        lock.lock()
        reads.append(id)
        lock.unlock()
        if failingTiles.contains(id) { throw ReadError() }
        return tiles[id]
    }

    /// Every id passed to `tileData`, in call order.
    public var readLog: [TileID] {
        lock.lock()
        defer { lock.unlock() }
        return reads
    }
}
