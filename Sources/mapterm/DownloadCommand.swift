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
/// `maxTiles` tiles unless `--yes`, so that nobody hammers a free server by mistake, and refuses, before
/// any request, a service whose terms forbid bulk copies (`TileServiceTerms`).
enum DownloadCommand {
    static let spec = CommandSpec(
        name: "download",
        summary: "Saves the tiles of an area and zooms from a remote tile source to an MBTiles file, for offline use.",
        items: [
            .required(OptionTable.tiles),
            .oneOf([[OptionTable.bbox], [OptionTable.around, OptionTable.downloadRadius]], required: true),
            .required(OptionTable.downloadZooms), .required(OptionTable.out), .optional(OptionTable.yes),
        ])
    /// Most tiles a download takes without `--yes`.
    static let maxTiles = 50_000

    static func run(_ args: ArgumentList) throws {
        guard let sourceText = args.text(OptionTable.tiles) else {
            throw spec.missing(OptionTable.tiles)
        }
        guard let out = args.text(OptionTable.out) else {
            throw spec.missing(OptionTable.out)
        }
        let source: TileSourceSpec
        do {
            source = try TileSourceSpec(parsing: sourceText)
        } catch {
            throw UsageError(error.description)
        }
        if let refusal = refusal(source) { throw UsageError(refusal) }
        let area = try self.area(args)
        guard let zooms = try args.value(OptionTable.downloadZooms) else {
            throw spec.missing(OptionTable.downloadZooms)
        }
        let total = area.tileCount(zooms: zooms)
        guard total <= maxTiles || args.has(OptionTable.yes) else {
            throw UsageError(
                "the area has \(total) tiles at z\(zooms.lowerBound)-\(zooms.upperBound), more than \(maxTiles): "
                    + "choose a smaller area or fewer zooms, or add --yes if the server allows it")
        }
        let (fetcher, metadata) = try open(source)
        // A TileJSON elsewhere may send the tiles' requests to a service that forbids copies.
        if let refusal = TileServiceTerms.forHost(fetcher.host)?.downloadRefusal { throw UsageError(refusal) }
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
            TerminalRestorer.exitNow(status: 128 + TerminalRestorer.interruptSignal)
        } catch {
            bar.end()
            throw UsageError("download stopped: \(error.description) (the tiles so far are in \(out))")
        }
        bar.end()
        Diagnostics.say("\(total) tiles of z\(zooms.lowerBound)-\(zooms.upperBound) in \(out)")
        withExtendedLifetime(target) {}  // held until the end: see DownloadFile
    }

    // MARK: Options

    /// `--bbox`, else the box around `--around` of `--radius`.
    static func area(_ args: ArgumentList) throws -> GeoBounds {
        if let box = try args.value(OptionTable.bbox) { return box }
        guard let center = try args.value(OptionTable.around) else {
            throw spec.missing("\(OptionTable.bbox.synopsis) or \(OptionTable.around.synopsis)")
        }
        guard let radius = try args.value(OptionTable.downloadRadius) else {
            throw UsageError("--around needs --radius KM, a number above 0 and at most 20000")
        }
        return GeoBounds.around(center, radiusKm: radius)
    }

    // MARK: Source and file

    /// Why a download from `spec` is refused before anything is asked: its host belongs to a service
    /// whose terms forbid bulk copies (one line, with where to go instead); nil for any other source.
    static func refusal(_ spec: TileSourceSpec) -> String? {
        switch spec {
        case .template(let template):
            return TileServiceTerms.forURL(URL(string: TileServerClient.placeholderFree(template)))?.downloadRefusal
        case .tileJSON(let url), .remotePMTiles(let url): return TileServiceTerms.forURL(url)?.downloadRefusal
        case .mbtiles, .pmtiles: return nil
        }
    }

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
            "bounds": boundsText(area), "center": centerText(area, zoom: zooms.upperBound),
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

extension DownloadCommand {
    /// Decimals of the degrees written to the metadata: 6 (about 0.1 m).
    static let metadataDecimals = 6

    /// The MBTiles `bounds` value, "west,south,east,north" in degrees, each rounded outward to
    /// `metadataDecimals` so that the written box still holds the whole area.
    static func boundsText(_ area: GeoBounds) -> String {
        let scale = pow(10, Double(metadataDecimals))
        return [
            (area.west * scale).rounded(.down), (area.south * scale).rounded(.down),
            (area.east * scale).rounded(.up), (area.north * scale).rounded(.up),
        ].map { degrees($0 / scale) }.joined(separator: ",")
    }

    /// The MBTiles `center` value, "longitude,latitude,zoom", the degrees rounded to `metadataDecimals`
    /// ("-83,39.98,14", never "39.980000000000004").
    static func centerText(_ area: GeoBounds, zoom: Int) -> String {
        "\(degrees((area.west + area.east) / 2)),\(degrees((area.south + area.north) / 2)),\(zoom)"
    }

    /// Degrees rounded half away from zero to `metadataDecimals`, trailing zeros left out, never "-0".
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.\(metadataDecimals)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
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
