import GeoCore

/// A tile a frame wanted from a source that did not hold it yet.
public struct PendingTile: Hashable, Sendable {
    /// Index of the source among the renderer's (`MapRenderer.sources`).
    public var source: Int
    /// The tile, column wrapped, at the zoom the source was asked for.
    public var tile: TileID

    public init(source: Int, tile: TileID) {
        self.source = source
        self.tile = tile
    }
}
