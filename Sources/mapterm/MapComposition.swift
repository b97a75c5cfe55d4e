import Foundation
import GeoCore
import Network
import Places
import Render
import Storage
import TileSources
import VectorTiles

/// Opens the map's tile sources from the shipped resources and the user's choice: the world basemap,
/// the shipped street samples, then every `--tiles` source (else the config file's, else
/// `DefaultTiles.source`) in order, drawn with the dark style. Remote sources are asked for tiles from
/// `lowestRemoteZoom` only, and not at all `offline`. Hands out what draws them: a `TileSnapshotBuilder` over all of them (for the map's
/// `TileWorker`) and a `MapRenderer`.
final class MapComposition {
    let renderer: MapRenderer
    let style: MapStyle
    /// The user's sources (`--tiles`, config, else the default), opened.
    let userSources: TileSourceSet
    /// True when the user named no source: the default's failures are notes, not errors.
    let usesDefaultTiles: Bool
    /// Every source's loader, in drawing order, and its stable name.
    let loaders: [TileLoader]
    let ids: [TileSourceID]
    /// Every source's attribution, in drawing order, without repeats (a remote source's may arrive
    /// with its TileJSON). Thread-safe.
    var attribution: String { Self.credits(of: loaders.map(\.store), ids: ids, services: services).full }
    /// Each source's service credit where its terms are known (`TileServiceTerms`), like `ids`.
    let services: [String?]

    /// The lowest zoom remote tiles are asked for: below it the shipped world map serves (a planet
    /// service's tiles of z0–5 are hundreds of kilobytes each and add nothing the world map lacks).
    static let lowestRemoteZoom = 6

    /// - Parameters:
    ///   - tiles: the `--tiles` values; when empty, the config file's `tiles`, else the default source.
    ///   - cacheDirectory: where remote tiles are cached (nil: no disk cache).
    ///   - offline: no request at all: remote sources draw what their caches hold.
    init(
        resources: ResourceLocator, tiles: [String], config: UserConfig, cacheDirectory: URL?, offline: Bool = false
    ) throws {
        let shipped: ShippedMap
        do {
            shipped = try ShippedMap(resources: resources.directory, open: Self.openMBTiles)
        } catch let error as ShippedMapError {
            throw UsageError(error.description)
        }
        style = shipped.style
        var stores: [any TileStore] = shipped.stores
        var specs: [TileSourceSpec] = []
        usesDefaultTiles = tiles.isEmpty && config.tiles == nil
        for text in DefaultTiles.texts(given: tiles, configured: config.tiles) {
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
        options.offline = offline
        options.lowestRemoteZoom = Self.lowestRemoteZoom
        userSources = try TileSourceSet(specs: specs, options: options, openLocal: Self.openLocal)
        stores += userSources.stores
        loaders = stores.map { TileLoader(store: $0) }
        ids = shipped.ids + userSources.ids
        services = shipped.ids.map { _ in nil } + specs.map { Self.terms(of: $0)?.credit }
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

    /// The credits of `stores`, named `ids`, as their metadata states them now, with the credits their
    /// services ask for.
    static func credits(of stores: [any TileStore], ids: [TileSourceID], services: [String?]) -> TileCredits {
        TileCredits(ids: ids, attributions: stores.map(\.metadata.attribution), services: services)
    }

    /// The terms of the service a remote source belongs to, if known.
    static func terms(of spec: TileSourceSpec) -> TileServiceTerms? {
        switch spec {
        case .tileJSON(let url), .remotePMTiles(let url): return TileServiceTerms.forURL(url)
        case .template(let template):
            return TileServiceTerms.forURL(URL(string: TileServerClient.placeholderFree(template)))
        case .mbtiles, .pmtiles: return nil
        }
    }
}
