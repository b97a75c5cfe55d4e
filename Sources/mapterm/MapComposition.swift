import Foundation
import GeoCore
import Places
import Render
import Storage
import TileSources
import VectorTiles

/// Builds the map renderer from the shipped resources and the user's tile sources: the world basemap,
/// the shipped street samples, then every `--tiles` source (or the config file's) in order, drawn with
/// the dark style. Owns the remote sources' traffic: after each frame it hands them what was missing.
final class MapComposition {
    let renderer: MapRenderer
    let style: MapStyle
    /// The user's sources (`--tiles`, config), opened.
    let userSources: TileSourceSet
    /// Index of the first user source among the renderer's sources.
    let userOffset: Int
    /// Every source's attribution, in drawing order, without repeats (a remote source's may arrive
    /// with its TileJSON). Thread-safe.
    var attribution: String { Self.attribution(of: renderer.sources.map(\.store)) }

    /// The shipped tile files drawn over the world basemap, in order.
    static let shippedOverlays = ["monaco.mbtiles", "bayarea.mbtiles"]

    /// - Parameters:
    ///   - tiles: the `--tiles` values; when empty, the config file's `tiles`.
    ///   - cacheDirectory: where remote tiles are cached (nil: no disk cache).
    init(resources: ResourceLocator, tiles: [String], config: UserConfig, cacheDirectory: URL?) throws {
        let styleData: Data
        do {
            styleData = try Data(contentsOf: resources.file("style-dark.json"))
        } catch {
            throw UsageError("cannot read the map style \(resources.file("style-dark.json").path)")
        }
        style = try MapStyle.decode(from: styleData)
        var stores: [any TileStore] = [try Self.openMBTiles(resources.file("world.mbtiles").path)]
        for name in Self.shippedOverlays { stores.append(try Self.openMBTiles(resources.file(name).path)) }
        userOffset = stores.count
        var specs: [TileSourceSpec] = []
        for text in tiles.isEmpty ? config.tiles : tiles {
            do {
                specs.append(try TileSourceSpec(parsing: text))
            } catch {
                throw UsageError(error.description)
            }
        }
        var options = TileSourceSet.Options(
            cacheDirectory: cacheDirectory, cacheLimitBytes: config.tileCacheMB << 20,
            maxAge: config.tileMaxAgeDays * 86_400)
        options.styleLayers = Set(style.layers.map(\.sourceLayer))
        userSources = try TileSourceSet(specs: specs, options: options, openLocal: Self.openLocal)
        stores += userSources.stores
        renderer = MapRenderer(sources: stores.map { TileLoader(store: $0) }, style: style)
    }

    // MARK: Frames

    /// Before a frame: forgets the tiles the remote sources refreshed, so the frame draws them anew.
    func beforeFrame() {
        let refreshed = userSources.takeRefreshed()
        guard !refreshed.isEmpty else { return }
        renderer.forget(refreshed.map { PendingTile(source: $0.0 + userOffset, tile: $0.1) })
    }

    /// After a frame for `camera`: hands the tiles it lacked to their sources, nearest the centre first
    /// (a tile no longer among them stops loading).
    func afterFrame(camera: Camera) {
        let center = camera.centerWorld
        let pending = renderer.pendingTiles.sorted { a, b in
            Self.distance(a.tile, center) < Self.distance(b.tile, center)
        }
        userSources.want(pending, offset: userOffset)
    }

    /// True when the camera is above z10 and no source but the world basemap drew anything, nor is
    /// anything on its way: the view has no streets.
    func lacksStreets(camera: Camera) -> Bool {
        guard camera.zoom > 10 else { return false }
        return renderer.drawnTileCounts.dropFirst().allSatisfy { $0 == 0 } && renderer.pendingTiles.isEmpty
    }

    /// Squared distance, in world units, from a tile's centre (nearest copy) to a world point.
    static func distance(_ tile: TileID, _ point: WorldPoint) -> Double {
        let n = Double(1 << tile.z)
        var dx = (Double(tile.x) + 0.5) / n - point.x
        dx -= dx.rounded()
        let dy = (Double(tile.y) + 0.5) / n - point.y
        return dx * dx + dy * dy
    }

    // MARK: Opening

    /// Opens a local tile file of the user's.
    static func openLocal(_ spec: TileSourceSpec) throws -> any TileStore {
        switch spec {
        case .mbtiles(let path): return try openMBTiles(path)
        case .pmtiles(let path):
            do {
                return try PMTilesFile(path: path)
            } catch {
                throw UsageError(error.description)
            }
        case .remotePMTiles, .template, .tileJSON: preconditionFailure("remote sources are opened by TileSourceSet")
        }
    }

    /// Opens an MBTiles file, turning every failure into one line for the user.
    static func openMBTiles(_ path: String) throws -> MBTilesFile {
        do {
            try RegularFile.check(path)
        } catch {
            throw UsageError("cannot use tiles file: \(error)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read tiles file \(path): no such readable file")
        }
        do {
            return try MBTilesFile(path: path)
        } catch {
            throw UsageError("cannot use tiles file \(path): \(error)")
        }
    }

    /// The attributions of `stores`, each once, joined with " · ".
    static func attribution(of stores: [any TileStore]) -> String {
        var seen: [String] = []
        for store in stores {
            guard let text = store.metadata.attribution?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
                !seen.contains(text)
            else { continue }
            seen.append(text)
        }
        return seen.joined(separator: " · ")
    }
}
