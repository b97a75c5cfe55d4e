import Foundation
import GeoCore
import Places
import Render
import Storage
import TileSources
import VectorTiles

/// Opens the map's tile sources from the shipped resources and the user's choice: the world basemap,
/// the shipped street samples, then every `--tiles` source (or the config file's) in order, drawn with
/// the dark style. Hands out what draws them: a `TileSnapshotBuilder` over all of them (for the map's
/// `TileWorker`) and a `MapRenderer`.
final class MapComposition {
    let renderer: MapRenderer
    let style: MapStyle
    /// The user's sources (`--tiles`, config), opened.
    let userSources: TileSourceSet
    /// Every source's loader, in drawing order, and its stable name.
    let loaders: [TileLoader]
    let ids: [TileSourceID]
    /// Every source's attribution, in drawing order, without repeats (a remote source's may arrive
    /// with its TileJSON). Thread-safe.
    var attribution: String { Self.attribution(of: loaders.map(\.store)) }

    /// - Parameters:
    ///   - tiles: the `--tiles` values; when empty, the config file's `tiles`.
    ///   - cacheDirectory: where remote tiles are cached (nil: no disk cache).
    init(resources: ResourceLocator, tiles: [String], config: UserConfig, cacheDirectory: URL?) throws {
        let shipped: ShippedMap
        do {
            shipped = try ShippedMap(resources: resources.directory, open: Self.openMBTiles)
        } catch let error as ShippedMapError {
            throw UsageError(error.description)
        }
        style = shipped.style
        var stores: [any TileStore] = shipped.stores
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
        loaders = stores.map { TileLoader(store: $0) }
        ids = shipped.ids + userSources.ids
        renderer = MapRenderer(style: style)
    }

    /// A builder of snapshots over every source (its cache of prepared tiles starts empty).
    func makeBuilder() -> sending TileSnapshotBuilder {
        TileSnapshotBuilder(sources: loaders, ids: ids, style: style)
    }

    /// Tiles that could not be read or decoded so far, over all sources.
    var damagedTileCount: Int { loaders.reduce(0) { $0 + $1.damagedTileCount } }

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
