import GeoCore

/// Raw tile bytes by XYZ tile id. Implementations: the MBTiles file reader (Storage) and
/// in-memory stores in tests. Must be safe to call from any thread.
public protocol TileStore: Sendable {
    var metadata: TileSetMetadata { get }
    /// The stored bytes of a tile (gzip-compressed or plain MVT), or nil when the set has no such tile.
    func tileData(_ id: TileID) throws -> [UInt8]?
}
