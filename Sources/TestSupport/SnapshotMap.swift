import GeoCore
import Render
import VectorTiles

/// Draws views the way the map does, in one call: a snapshot of the view's tiles from a
/// `TileSnapshotBuilder`, then a frame of it from a `MapRenderer`. For tests and the bench.
public final class SnapshotMap {
    public let builder: TileSnapshotBuilder
    public let renderer: MapRenderer
    /// The snapshot the last frame drew.
    public private(set) var lastSnapshot = TileSnapshot.empty

    public init(
        sources: [TileLoader], ids: [TileSourceID]? = nil, style: MapStyle, cacheCapacity: Int = 512,
        cacheBytes: Int = TileSnapshotBuilder.defaultCacheBytes
    ) {
        builder = TileSnapshotBuilder(
            sources: sources, ids: ids, style: style, cacheCapacity: cacheCapacity, cacheBytes: cacheBytes)
        renderer = MapRenderer(style: style)
    }

    /// The sources, in drawing order.
    public var sources: [TileLoader] { builder.sources }

    /// The tiles the last frame's view lacked (see `TileSnapshot.pendingTiles`).
    public var pendingTiles: [PendingTile] { lastSnapshot.pendingTiles }

    /// Tiles that could not be read or decoded so far.
    public var damagedTileCount: Int { builder.damagedTileCount }

    /// Forgets every prepared tile (the next frame is a cold one).
    public func clearCache() { builder.clearCache() }

    /// Takes a snapshot of the view and draws it, names placed.
    public func render(camera: Camera, viewport: Viewport, ascii: Bool = false) -> CellGrid {
        lastSnapshot = builder.snapshot(camera: camera, viewport: viewport)
        return renderer.render(camera: camera, viewport: viewport, tiles: lastSnapshot, ascii: ascii)
    }

    /// Takes a snapshot of the view and draws it without its names (see `MapRenderer.renderLayers`).
    public func renderLayers(camera: Camera, viewport: Viewport, ascii: Bool = false) -> RenderedMap {
        lastSnapshot = builder.snapshot(camera: camera, viewport: viewport)
        return renderer.renderLayers(camera: camera, viewport: viewport, tiles: lastSnapshot, ascii: ascii)
    }
}
