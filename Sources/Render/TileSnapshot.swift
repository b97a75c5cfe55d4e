import GeoCore
import VectorTiles

/// The tiles of one view, prepared for drawing, as an immutable value: what `MapRenderer` draws from.
/// A `TileSnapshotBuilder` makes it off the frame path; the map's state holds the newest one. Two
/// snapshots are equal when they are the same build (`version`), so comparing states stays cheap.
public struct TileSnapshot: Sendable, Equatable {
    /// One source's share, in drawing order.
    struct Source: Sendable {
        var id: TileSourceID
        /// The source's zoom range when the snapshot was made (a remote source learns it late).
        var minZoom: Int
        var maxZoom: Int
        /// Prepared tiles by id (column wrapped): the view's tiles, and ancestors standing in for
        /// pending ones.
        var tiles: [TileID: PreparedTile] = [:]
        /// Tiles of the view the source does not hold yet (a tile may be both here and in `tiles`,
        /// prepared for some style layers only).
        var pending: Set<TileID> = []
        /// For a pending tile drawn by an ancestor: the zoom of that ancestor (in `tiles`).
        var standInZoom: [TileID: Int] = [:]
    }

    var sources: [Source]
    /// Which build this is (0: the empty snapshot); newer builds have larger versions.
    public let version: Int
    /// The region generation of the request it answers.
    public let generation: Int
    /// The view's tiles that sources do not hold yet, in the order the view meets them (rows from the
    /// north), nearest the centre first within a source.
    public let pendingTiles: [PendingTile]
    /// How many tiles (or stand-ins) of the view each source has, by source, in drawing order.
    public let drawnCounts: [TileSourceID: Int]

    init(
        sources: [Source], version: Int, generation: Int, pendingTiles: [PendingTile],
        drawnCounts: [TileSourceID: Int]
    ) {
        self.sources = sources
        self.version = version
        self.generation = generation
        self.pendingTiles = pendingTiles
        self.drawnCounts = drawnCounts
    }

    /// No tiles at all: what a map draws before its first tiles arrive (its background only).
    public static let empty = TileSnapshot(
        sources: [], version: 0, generation: 0, pendingTiles: [], drawnCounts: [:])

    /// The sources, in drawing order.
    public var sourceIDs: [TileSourceID] { sources.map(\.id) }

    /// True when no source but `basemap` has a tile of the view, nor is one on its way.
    public func hasNothingBut(_ basemap: TileSourceID) -> Bool {
        pendingTiles.isEmpty && drawnCounts.allSatisfy { $0.key == basemap || $0.value == 0 }
    }

    public static func == (a: TileSnapshot, b: TileSnapshot) -> Bool {
        a.version == b.version && a.generation == b.generation
    }
}
