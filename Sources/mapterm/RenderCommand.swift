import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Storage
import TextSafety
import TileSources

/// `mapterm render`: one frame as text on stdout, exactly ROWS lines of COLS cells, with the places
/// of the view (waiting for them) and, with `--select ID`, that place selected and its pane open.
enum RenderCommand {
    static let usage =
        "mapterm render --center LAT,LON|NAME --zoom Z --size COLSxROWS [--tiles SOURCE]... [--timeout S] [--ascii] [--color] [--attribution] [--source S] [--select ID]"

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(
            arguments,
            options: Set([
                "center", "zoom", "size", "tiles", "source", "api-base", "select", "location", "hide", "timeout",
            ]).union(LayerOptions.names),
            switches: FilterOptions.switches.union(["ascii", "color", "attribution"]))
        let options = try MapOptions(args)
        guard let center = options.center else { throw UsageError("render needs --center LAT,LON (\(usage))") }
        guard let zoom = options.zoom ?? options.centerZoom else {
            throw UsageError("render needs --zoom Z (\(usage))")
        }
        guard let sizeText = args["size"] else { throw UsageError("render needs --size COLSxROWS (\(usage))") }
        let size = try MapOptions.parseSize(sizeText)
        let timeout = try args["timeout"].map(Self.parseTimeout) ?? 10
        let resources = try ResourceLocator.locate()
        let config = try UserConfig.load()
        let layers = try LayerOptions(args, config: config).load()
        let composition = try MapComposition(
            resources: resources, tiles: options.tiles, config: config,
            cacheDirectory: UserConfig.tileCacheURL())
        let filter = try FilterOptions.filter(args, kindOption: "hide")
        let opened = try PlaceSources.make(
            args["source"] ?? "embedded", resources: { resources }, apiBase: args["api-base"])
        if let notice = opened.notice { Diagnostics.say(notice) }
        var state = MapState(
            camera: Camera(center: center, zoom: zoom), screen: size, ascii: options.ascii || !Locale.isUTF8Environment)
        state.places.filter = filter
        state.layers = layers.state
        if let id = layers.streamLayer { LayerStream.readAll(fd: STDIN_FILENO, into: id, &state) }
        if let text = args["location"] {
            guard let location = LatLon.parse(text) else {
                throw UsageError("--location must be LAT,LON (got '\(text)')")
            }
            state.userLocation = location
        }
        do {
            state.pins = PinsState(pins: try PinFile(url: PinFile.defaultURL()).load())
        } catch {
            Diagnostics.say("pins not shown: \(error)")
        }
        let session = MapSession(
            state: state, source: opened.source,
            describe: Self.describer(resources), composition: composition)
        session.send(.appeared)
        session.settle()
        if let id = args["select"] { try select(id, in: session) }
        let frame = try waitForTiles(session, composition: composition, seconds: timeout)
        Console.out(frame, color: options.color)
        if args.has("attribution") {
            let attribution = SafeText(sanitizing: composition.attribution)
            Console.out(attribution.isEmpty ? "no attribution" : "map data: \(attribution)")
        }
        let damaged = composition.damagedTileCount
        if damaged > 0 { Diagnostics.say("skipped \(damaged) damaged tile(s)") }
    }

    /// Waits until every tile the view needs has come (or `seconds` have passed, or nothing more is
    /// coming), then names what is missing on stderr and draws the frame. A remote source that
    /// delivered nothing and failed is an error (exit 2).
    static func waitForTiles(_ session: MapSession, composition: MapComposition, seconds: Double) throws -> CellGrid {
        let sources = composition.userSources
        let deadline = Date().addingTimeInterval(seconds)
        session.settle()
        while !session.state.tileSnapshot.pendingTiles.isEmpty, deadline.timeIntervalSinceNow > 0 {
            let arrived = sources.arrivalCount
            sources.waitUntilIdle(seconds: deadline.timeIntervalSinceNow)
            session.settle()
            if sources.arrivalCount == arrived, !sources.isResolving { break }
        }
        let missing = session.state.tileSnapshot.pendingTiles
        if let problem = sources.cacheProblem { Diagnostics.say(problem) }
        for id in sources.ids where sources.remote[id] == nil {
            if let problem = sources.problem(ofSource: id) { Diagnostics.say(problem) }
        }
        for (id, store) in zip(sources.ids, sources.stores) where sources.remote[id] != nil {
            let lacking = missing.filter { $0.source == id }
            if let problem = sources.problem(ofSource: id), sources.arrivalCount == 0, !lacking.isEmpty {
                throw UsageError(problem)
            }
            guard !lacking.isEmpty else {
                if let problem = sources.problem(ofSource: id) {
                    Diagnostics.say("\(problem) (drawn from the cache)")
                }
                continue
            }
            let names = lacking.prefix(4).map { "\($0.tile.z)/\($0.tile.x)/\($0.tile.y)" }.joined(separator: ", ")
            let more = lacking.count > 4 ? " and \(lacking.count - 4) more" : ""
            let why = sources.problem(ofSource: id).map { ": \($0)" } ?? " (timed out after \(seconds) s)"
            Diagnostics.say("drawn without \(lacking.count) tile(s) of \(store.metadata.name) (\(names)\(more))\(why)")
        }
        return session.frame()
    }

    /// Seconds for `--timeout`: a number from 0 to 600.
    static func parseTimeout(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds.isFinite, (0...600).contains(seconds) else {
            throw UsageError("--timeout must be seconds, 0...600 (got '\(text)')")
        }
        return seconds
    }

    /// Selects the place (or "pin:N", "midpoint", "meeting-point", "cluster" for the drawn cluster nearest
    /// the centre) with this id in view and opens its pane.
    static func select(_ id: String, in session: MapSession) throws {
        let state = session.state
        let markers = state.places.markers.compactMap(\.place).map { Selection.place($0) }
        let candidates: [Selection] =
            markers + state.pins.pins.map { .pin($0.number) } + [.midpoint, .meetingPoint]
        var selection =
            candidates.first { matches($0, id) && $0.isAvailable(in: state) } ?? LayerOptions.selection(id, in: state)
        if id == "cluster" {
            selection = state.selectionOrder.first { if case .cluster = $0 { return true } else { return false } }
        }
        guard let selection else {
            throw UsageError("no place with id '\(TextSanitizer.clean(id, maxLength: 80))' in this view")
        }
        session.send(.select(selection))
        session.send(.openPane)
        session.settle()
    }

    /// Reverse geocoding of pins from the shipped gazetteer, loaded on first use.
    static func describer(_ resources: ResourceLocator) -> @Sendable (LatLon) -> String {
        describer(ReverseGeocoder.Lazy(directory: resources.file("gazetteer")))
    }

    /// Describes positions with `geocoder` (loaded on first use, or already by the search).
    static func describer(_ geocoder: ReverseGeocoder.Lazy) -> @Sendable (LatLon) -> String {
        { geocoder.describe($0)?.label ?? "place names unavailable" }
    }

    static func matches(_ selection: Selection, _ id: String) -> Bool {
        switch selection {
        case .place(let place): return place.id == id
        case .cluster: return false
        case .pin(let number): return id == "pin:\(number)"
        case .midpoint: return id == "midpoint"
        case .meetingPoint: return id == "meeting-point"
        case .found: return false
        case .layerFeature: return false
        }
    }
}

/// Draws whole frames: the map for the state's camera, then everything on top of it.
struct FrameRenderer {
    let composition: MapComposition
    var composer = FrameComposer()

    func frame(for state: MapState) -> CellGrid {
        let map = composition.renderer.renderLayers(
            camera: state.camera, viewport: state.mapViewport, tiles: state.tileSnapshot, ascii: state.ascii)
        return composer.compose(state, map: map)
    }
}
