import Foundation
import GeoCore
import MapFeature
import Render
import Storage
import Terminal
import TestSupport
import TileSources
import VectorTiles

/// Bytes the ncurses layer sends to an xterm-256color terminal at 160×48 for real map frames.
enum TerminalBytesBenchmark {
    static func run(resources: URL) throws {
        print("== bytes written to the terminal, 160x48, xterm-256color ==")
        let shipped = try ShippedMap(resources: resources)
        let renderer = SnapshotMap(sources: shipped.loaders(), ids: shipped.ids, style: shipped.style)
        let composer = FrameComposer()
        guard let input = fopen("/dev/null", "r"), let output = tmpfile() else { throw CocoaError(.fileNoSuchFile) }
        defer { fclose(input) }
        let screen = try TerminalScreen.open(
            term: "xterm-256color", input: input, output: output, cols: 160, rows: 48, colorMode: .palette256)
        defer { screen.close() }
        var state = MapState(
            camera: Camera(center: LatLon(lat: 50, lon: 10), zoom: 5), screen: Viewport(cols: 160, rows: 48))
        func draw(_ name: String, limit: Int? = nil) {
            let before = screen.bytesWritten
            screen.draw(
                composer.compose(state, map: renderer.renderLayers(camera: state.camera, viewport: state.mapViewport)))
            let bytes = screen.bytesWritten - before
            let verdict = limit.map { bytes <= $0 ? "target ≤ \($0): met" : "target ≤ \($0): MISSED" } ?? ""
            print(
                name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%8d bytes  ", bytes) + verdict
            )
        }
        draw("first frame")
        draw("same frame again", limit: 0)
        state.places.pending = MarkerRequest(region: .world, level: 0, filter: .standard, generation: 0, keys: [])
        draw("status bar: loading starts")
        state.places.spinnerPhase += 1
        draw("status bar: spinner turns", limit: 100)
        for (name, key, limit) in [
            ("vertical pan (Down)", Key.down, 12_000), ("vertical pan (Up)", .up, 12_000),
            ("horizontal pan (Right)", .right, nil), ("horizontal pan (Left)", .left, nil),
            ("zoom step (+)", .character("+"), nil), ("zoom step (-)", .character("-"), nil),
        ] as [(String, Key, Int?)] {
            _ = MapReducer.reduce(&state, .key(key))
            draw(name, limit: limit)
        }
    }
}
