import Foundation
import GeoCore
import MapFeature
import Render

/// `mapterm render`: one frame as text on stdout, exactly ROWS lines of COLS cells.
enum RenderCommand {
    static let usage = "mapterm render --center LAT,LON --zoom Z --size COLSxROWS [--tiles F] [--ascii] [--color]"

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(
            arguments, options: ["center", "zoom", "size", "tiles"], switches: ["ascii", "color"])
        let options = try MapOptions(args)
        guard let center = options.center else { throw UsageError("render needs --center LAT,LON (\(usage))") }
        guard let zoom = options.zoom else { throw UsageError("render needs --zoom Z (\(usage))") }
        guard let sizeText = args["size"] else { throw UsageError("render needs --size COLSxROWS (\(usage))") }
        let size = try MapOptions.parseSize(sizeText)
        let composition = try MapComposition(resources: try ResourceLocator.locate(), tilesPath: options.tilesPath)
        let state = MapState(camera: Camera(center: center, zoom: zoom), screen: size, ascii: options.ascii)
        let frame = FrameRenderer(composition: composition).frame(for: state)
        let text = options.color ? AnsiText.render(frame) : frame.text + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
        let damaged = composition.renderer.damagedTileCount
        if damaged > 0 { FileHandle.standardError.write(Data("mapterm: skipped \(damaged) damaged tile(s)\n".utf8)) }
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
