import GeoCore

/// A tile a view needs that its source does not hold yet (a remote source fetching in the background).
public struct PendingTile: Hashable, Sendable {
    /// The source that lacks it.
    public var source: TileSourceID
    /// The tile, column wrapped, at the zoom the source was asked for.
    public var tile: TileID

    public init(source: TileSourceID, tile: TileID) {
        self.source = source
        self.tile = tile
    }
}
