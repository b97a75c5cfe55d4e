import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Storage

/// `mapterm render`: one frame as text on stdout, exactly ROWS lines of COLS cells, with the places
/// of the view (waiting for them) and, with `--select ID`, that place selected and its pane open.
enum RenderCommand {
    static let usage =
        "mapterm render --center LAT,LON --zoom Z --size COLSxROWS [--tiles F] [--ascii] [--color] [--source S] [--select ID]"

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(
            arguments, options: ["center", "zoom", "size", "tiles", "source", "api-base", "select", "location"],
            switches: ["ascii", "color", "ada", "unisex"])
        let options = try MapOptions(args)
        guard let center = options.center else { throw UsageError("render needs --center LAT,LON (\(usage))") }
        guard let zoom = options.zoom else { throw UsageError("render needs --zoom Z (\(usage))") }
        guard let sizeText = args["size"] else { throw UsageError("render needs --size COLSxROWS (\(usage))") }
        let size = try MapOptions.parseSize(sizeText)
        let resources = try ResourceLocator.locate()
        let composition = try MapComposition(resources: resources, tilesPath: options.tilesPath)
        let opened = try PlaceSources.make(
            args["source"] ?? "embedded", resources: { resources }, apiBase: args["api-base"],
            filter: PlaceSources.RefugeFilter(args))
        var state = MapState(
            camera: Camera(center: center, zoom: zoom), screen: size, ascii: options.ascii || !Locale.isUTF8Environment)
        if let text = args["location"] {
            guard let location = LatLon.parse(text) else {
                throw UsageError("--location must be LAT,LON (got '\(text)')")
            }
            state.userLocation = location
        }
        do {
            state.pins = PinsState(pins: try PinFile(url: PinFile.defaultURL()).load())
        } catch {
            FileHandle.standardError.write(Data("mapterm: pins not shown: \(error)\n".utf8))
        }
        let session = MapSession(
            state: state, source: opened.source,
            describe: Self.describer(resources), composition: composition)
        session.send(.appeared)
        session.settle()
        if let id = args["select"] { try select(id, in: session) }
        let frame = session.frame()
        let text = options.color ? AnsiText.render(frame) : frame.text + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
        let damaged = composition.renderer.damagedTileCount
        if damaged > 0 { FileHandle.standardError.write(Data("mapterm: skipped \(damaged) damaged tile(s)\n".utf8)) }
    }

    /// Selects the place (or "pin:N", "midpoint", "meeting-point") with this id in view and opens its pane.
    static func select(_ id: String, in session: MapSession) throws {
        let state = session.state
        let candidates: [Selection] =
            state.places.visible.map { .place($0) } + state.pins.pins.map { .pin($0.number) } + [
                .midpoint, .meetingPoint,
            ]
        guard let selection = candidates.first(where: { matches($0, id) && $0.isAvailable(in: state) }) else {
            throw UsageError("no place with id '\(id)' in this view")
        }
        session.send(.select(selection))
        session.send(.key(.enter))
        session.settle()
    }

    /// Reverse geocoding of pins from the shipped gazetteer, loaded on first use.
    static func describer(_ resources: ResourceLocator) -> @Sendable (LatLon) -> String {
        let geocoder = ReverseGeocoder.Lazy(directory: resources.file("gazetteer"))
        return { geocoder.describe($0)?.label ?? "place names unavailable" }
    }

    static func matches(_ selection: Selection, _ id: String) -> Bool {
        switch selection {
        case .place(let place): return place.id == id
        case .pin(let number): return id == "pin:\(number)"
        case .midpoint: return id == "midpoint"
        case .meetingPoint: return id == "meeting-point"
        }
    }
}

/// Draws whole frames: the map for the state's camera, then everything on top of it.
struct FrameRenderer {
    let composition: MapComposition
    var composer = FrameComposer()

    func frame(for state: MapState) -> CellGrid {
        let map = composition.renderer.render(camera: state.camera, viewport: state.mapViewport, ascii: state.ascii)
        return composer.compose(state, map: map)
    }
}
