import Blocking
import Foundation
import GeoCore
import Network
import Storage
import Terminal
import TextSafety
import TileSources
import VectorTiles

/// `mapterm download`: the tiles of an area, from any tile source, into a standard MBTiles file for
/// offline use, with a progress bar; resumable (run it again after Ctrl-C); refuses more than
/// `maxTiles` tiles unless `--yes`, so that nobody hammers a free server by mistake.
enum DownloadCommand {
    static let usage =
        "mapterm download --tiles SOURCE (--bbox S,W,N,E | --around LAT,LON --radius KM) --zoom Z0-Z1 --out FILE.mbtiles [--yes]"
    /// Most tiles a download takes without `--yes`.
    static let maxTiles = 50_000

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(
            arguments, options: ["tiles", "bbox", "around", "radius", "zoom", "out"], switches: ["yes"])
        guard let sourceText = args["tiles"] else { throw UsageError("download needs --tiles SOURCE (\(usage))") }
        guard let out = args["out"] else { throw UsageError("download needs --out FILE.mbtiles (\(usage))") }
        let area = try self.area(args)
        guard let zoomText = args["zoom"] else { throw UsageError("download needs --zoom Z0-Z1, like 0-14 (\(usage))") }
        let zooms = try parseZooms(zoomText)
        let total = area.tileCount(zooms: zooms)
        guard total <= maxTiles || args.has("yes") else {
            throw UsageError(
                "the area has \(total) tiles at z\(zooms.lowerBound)-\(zooms.upperBound), more than \(maxTiles): "
                    + "choose a smaller area or fewer zooms, or add --yes if the server allows it")
        }
        let spec: TileSourceSpec
        do {
            spec = try TileSourceSpec(parsing: sourceText)
        } catch {
            throw UsageError(error.description)
        }
        let (fetcher, metadata) = try open(spec)
        let target: DownloadFile
        do {
            target = try DownloadFile(path: out)
        } catch {
            throw UsageError(TextSanitizer.clean(error.description, maxLength: 400))
        }
        let file = try outputFile(target, metadata: metadata, area: area, zooms: zooms)
        let tiles = AreaTiles(area, zooms: zooms)
        TerminalRestorer.installSignalHandlers()
        let bar = ProgressBar()
        let download = TileDownload(tiles: tiles, fetcher: fetcher, metadata: metadata, into: file)
        do {
            try download.run(interrupted: { TerminalRestorer.interruptRequested }, report: bar.show)
        } catch .interrupted {
            bar.end()
            Diagnostics.say("interrupted: the tiles so far are in \(out); run the same command again to go on")
            exit(128 + TerminalRestorer.interruptSignal)
        } catch {
            bar.end()
            throw UsageError("download stopped: \(error.description) (the tiles so far are in \(out))")
        }
        bar.end()
        Diagnostics.say("\(total) tiles of z\(zooms.lowerBound)-\(zooms.upperBound) in \(out)")
        withExtendedLifetime(target) {}  // held until the end: see DownloadFile
    }

    // MARK: Options

    static func area(_ args: ArgumentList) throws -> GeoBounds {
        if let text = args["bbox"] {
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let s = parts[0], let w = parts[1], let n = parts[2], let e = parts[3],
                [s, w, n, e].allSatisfy(\.isFinite)
            else {
                throw UsageError("--bbox must be S,W,N,E in degrees, like 37.77,-122.43,37.80,-122.39 (got '\(text)')")
            }
            guard (-90...90).contains(s), (-90...90).contains(n), s < n else {
                throw UsageError("--bbox latitudes must be -90...90 with south below north (got '\(text)')")
            }
            guard (-180...180).contains(w), (-180...180).contains(e) else {
                throw UsageError("--bbox longitudes must be -180...180 (got '\(text)')")
            }
            return GeoBounds(south: s, west: w, north: n, east: e)
        }
        guard let text = args["around"] else {
            throw UsageError("download needs --bbox S,W,N,E or --around LAT,LON --radius KM (\(usage))")
        }
        let center = try MapOptions.parseCenter(text)
        guard let radiusText = args["radius"], let radius = Double(radiusText), radius.isFinite, radius > 0,
            radius <= 20_000
        else { throw UsageError("--around needs --radius KM, a number above 0 and at most 20000") }
        return GeoBounds.around(center, radiusKm: radius)
    }

    /// "0-14" (or "12"): whole zooms within 0...22.
    static func parseZooms(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let low = parts[0], let high = parts.last ?? nil, low >= 0, high <= 22,
            low <= high
        else { throw UsageError("--zoom must be Z0-Z1 with 0 <= Z0 <= Z1 <= 22, like 0-14 (got '\(text)')") }
        return low...high
    }

    // MARK: Source and file

    /// How to fetch from the source, and what is known of it (asks the network for a TileJSON or an
    /// archive's header first).
    static func open(_ spec: TileSourceSpec) throws -> (any TileFetcher, TileSetMetadata) {
        do {
            switch spec {
            case .template(let template):
                let client = try TileServerClient(template: template)
                return (client, TileSetMetadata(name: client.host, format: "pbf", minZoom: 0, maxZoom: 22))
            case .tileJSON(let url):
                return try BlockingBridge.runThrowing { try await TileSourceSet.readTileJSON(url, timeout: 10) }
            case .remotePMTiles(let url):
                let fetcher = try BlockingBridge.runThrowing { try await PMTilesRangeFetcher.open(url, timeout: 10) }
                return (fetcher, fetcher.archive.metadata)
            case .mbtiles, .pmtiles:
                let store = try MapComposition.openLocal(spec)
                return (LocalTileFetcher(store: store), store.metadata)
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("cannot use tiles \(TextSanitizer.clean(spec.description, maxLength: 120)): \(error)")
        }
    }

    /// Opens (or, resuming, reopens) the output file and writes its metadata.
    static func outputFile(
        _ target: DownloadFile, metadata: TileSetMetadata, area: GeoBounds, zooms: ClosedRange<Int>
    ) throws -> TileCache {
        let path = target.path
        let file: TileCache
        do {
            file = try target.openCache()
        } catch {
            throw UsageError("cannot write \(path): \(error)")
        }
        var values = [
            "name": metadata.name, "format": "pbf", "type": "baselayer", "version": "1",
            "minzoom": "\(zooms.lowerBound)", "maxzoom": "\(zooms.upperBound)",
            "bounds": "\(area.west),\(area.south),\(area.east),\(area.north)",
            "center": "\((area.west + area.east) / 2),\((area.south + area.north) / 2),\(zooms.upperBound)",
        ]
        if let attribution = metadata.attribution { values["attribution"] = attribution }
        if !metadata.layerNames.isEmpty {
            let layers = metadata.layerNames.map { "{\"id\":\"\($0)\",\"fields\":{}}" }.joined(separator: ",")
            values["json"] = "{\"vector_layers\":[\(layers)]}"
        }
        do {
            try file.setMetadata(values)
        } catch {
            throw UsageError("cannot write \(path): \(error)")
        }
        return file
    }
}

/// Reads tiles of a local file as if fetched (a download can copy an area out of a big file).
struct LocalTileFetcher: TileFetcher {
    let store: any TileStore
    var host: String { "local file" }

    func fetch(_ id: TileID) async throws -> FetchedTile {
        do {
            return try store.tileData(id).map { .tile($0, maxAge: nil) } ?? .empty(maxAge: nil)
        } catch {
            throw TileFetchError.failed("cannot read \(store.metadata.name): \(error)")
        }
    }
}
