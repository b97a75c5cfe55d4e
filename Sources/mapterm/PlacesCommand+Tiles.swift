import Foundation
import GeoCore
import Network
import Places
import TileSources
import VectorTiles

extension PlacesCommand {
    /// The most tiles read for `places --tiles` (nearest the point first): a 5 km radius at z14 needs
    /// a few dozen.
    static let maxTilesRead = 400
    /// Seconds to wait for the tiles of a remote `--tiles` source.
    static let tileWaitSeconds = 10.0

    /// The places of `base` and the points of interest of the `--tiles` sources' tiles covering
    /// `region` (each source at z14, or its deepest zoom when it stops above; remote tiles waited for
    /// up to `tileWaitSeconds`, or only their cache `offline`), as one source (`TilePlaceSource`);
    /// `settings` are the settings file's.
    static func withTilePlaces(
        _ base: any PlaceSource, tiles: [String], settings: UserConfig, region: GeoBounds, near: LatLon,
        offline: Bool
    ) async throws -> TilePlaceSource {
        let merged = TilePlaceSource(base: base, matchesBase: !(base is RefugeRestroomsClient))
        let composition = try MapComposition(
            resources: try ResourceLocator.locate(), tiles: tiles, config: settings,
            cacheDirectory: UserConfig.tileCacheURL(), offline: offline)
        let sources = composition.userSources
        let loaders = sources.stores.map { TileLoader(store: $0) }
        var wanted: [(loader: TileLoader, id: TileSourceID, tile: TileID)] = []
        for (loader, id) in zip(loaders, sources.ids) {
            let zoom = max(loader.minZoom, min(TilePlaceCollector.minZoom, loader.maxZoom))
            let center = Mercator.project(near)
            let tiles = region.tiles(atZoom: zoom).sorted { a, b in
                distance(a, center) < distance(b, center)
            }
            wanted += tiles.prefix(maxTilesRead).map { (loader, id, $0) }
        }
        var waiting: [(loader: TileLoader, id: TileSourceID, tile: TileID)] = []
        for item in wanted {
            if case .pending = item.loader.load(item.tile) { waiting.append(item) }
        }
        if !waiting.isEmpty {
            sources.want(waiting.map { PendingTile(source: $0.id, tile: $0.tile) })
            sources.waitUntilIdle(seconds: tileWaitSeconds)
        }
        for item in wanted {
            guard case .tile(let vectorTile, let read) = item.loader.load(item.tile) else { continue }
            let schema =
                TileSchema.detect(layerNames: vectorTile.layerNames) ?? item.loader.metadata.schema ?? .openMapTiles
            let places = TilePlaceExtractor.places(in: vectorTile, id: read, schema: schema)
            await merged.add(places, in: TilePlaceCollector.bounds(of: read))
        }
        return merged
    }

    /// Squared distance, in world units, from a tile's centre to a world point.
    private static func distance(_ tile: TileID, _ point: WorldPoint) -> Double {
        let n = Double(tile.size)
        let dx = (Double(tile.x) + 0.5) / n - point.x
        let dy = (Double(tile.y) + 0.5) / n - point.y
        return dx * dx + dy * dy
    }
}
