import Foundation
import GeoCore
import MapFeature
import Render
import Storage
import TestSupport
import TileSources
import VectorTiles

/// Frame render at 160×48 for the views MapSCII was measured on, warm (tiles cached) and cold.
enum FrameBenchmark {
    /// What it costs to turn a frame into terminal bytes: the ANSI text of `render --color`, and the
    /// terminal encoder's full paint and its update after a one-cell change of every marker-sized spot
    /// (the interactive screen's work per redraw). The target is `encodingTarget` or the frame's own
    /// time (`frame`, ms), whichever is larger: since frames got down to 0.07–0.2 ms, the bytes of a
    /// redraw need only stay within what a warm street frame may cost.
    static func encoding(_ grid: CellGrid, panned: CellGrid, frame: Double) {
        let frame = max(frame, encodingTarget)
        let ansi = Stopwatch.measure(runs: 300) { frameChecksum &+= AnsiText.encode(grid).count }
        report("  ANSI text (render --color)", ansi, target: frame)
        let capabilities = TerminalEncoder.Capabilities(colorMode: .palette256)
        let full = Stopwatch.measure(runs: 300) {
            var encoder = TerminalEncoder(capabilities: capabilities)
            frameChecksum &+= encoder.encode(grid, scrollableRows: grid.rows - 1).count
        }
        report("  terminal bytes, full paint", full, target: frame)
        var changed = grid
        for i in stride(from: 0, to: grid.cols * grid.rows, by: 97) {
            changed[i % grid.cols, i / grid.cols].style.bg = TermColor(52)
        }
        var encoder = TerminalEncoder(capabilities: capabilities)
        _ = encoder.encode(grid, scrollableRows: grid.rows - 1)
        var flip = false
        let update = Stopwatch.measure(runs: 300) {
            flip.toggle()
            frameChecksum &+= encoder.encode(flip ? changed : grid, scrollableRows: grid.rows - 1).count
        }
        report("  terminal bytes, update of 1 cell in 97", update, target: frame)
        let pan = Stopwatch.measure(runs: 300) {
            flip.toggle()
            frameChecksum &+= encoder.encode(flip ? panned : grid, scrollableRows: grid.rows - 1).count
        }
        report("  terminal bytes, update after a pan", pan, target: frame)
    }

    /// The most a redraw's bytes may cost, ms: the warm street-frame target.
    static let encodingTarget = 0.3

    struct View {
        var name: String
        var center: LatLon
        var zoom: Double?
        var warmTarget: Double
        /// Target of a cold frame (caches emptied), ms.
        var coldTarget: Double? = nil
        /// Street tiles drawn instead of the shipped ones (a bench fixture), relative to the repository.
        var streets: String? = nil
    }

    static let screen = Viewport(cols: 160, rows: 48)
    static let views = [
        View(name: "world, Berlin", center: LatLon(lat: 52.52, lon: 13.405), zoom: nil, warmTarget: 1, coldTarget: 5),
        View(name: "50N 10E z3.5", center: LatLon(lat: 50, lon: 10), zoom: 3.5, warmTarget: 0.15),
        View(name: "40.7N 74W z5.5", center: LatLon(lat: 40.7, lon: -74), zoom: 5.5, warmTarget: 0.15),
        // Street level (issue 5): 0.3 ms warm, 5 ms cold.
        View(
            name: "Monaco z15", center: LatLon(lat: 43.7384, lon: 7.4246), zoom: 15, warmTarget: 0.3, coldTarget: 5),
        View(
            name: "SF Market St z15", center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 15, warmTarget: 0.3,
            coldTarget: 5),
        View(
            name: "SF Market St z13", center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 13, warmTarget: 0.3,
            coldTarget: 5),
        View(
            name: "Columbus z14", center: LatLon(lat: 39.9612, lon: -82.9988), zoom: 14, warmTarget: 0.3,
            coldTarget: 5, streets: "Tests/bench/columbus.mbtiles"),
        View(
            name: "Columbus z16", center: LatLon(lat: 39.9612, lon: -82.9988), zoom: 16, warmTarget: 0.3,
            coldTarget: 5, streets: "Tests/bench/columbus.mbtiles"),
    ]

    static func run(resources: URL) throws {
        print("== frame render 160x48, in process (map + panes) ==")
        /// As the app composes it: the world, then the shipped streets (or `streets`, a path from the
        /// repository's root, instead of them).
        func makeRenderer(streets: String?) throws -> SnapshotMap {
            let files = streets.map { [ShippedMap.files[0], "../" + $0] } ?? ShippedMap.files
            let shipped = try ShippedMap(resources: resources, files: files)
            return SnapshotMap(sources: shipped.loaders(), ids: shipped.ids, style: shipped.style)
        }
        let composer = FrameComposer()
        // BENCH_VIEW=Monaco (a prefix of the names) measures only those views, for profiling.
        let only = ProcessInfo.processInfo.environment["BENCH_VIEW"]
        for view in views where only.map({ view.name.hasPrefix($0) }) ?? true {
            let zoom = view.zoom ?? Camera.zoomToFill(dotsWide: screen.dotsWide)
            let state = MapState(camera: Camera(center: view.center, zoom: zoom), screen: screen)
            let warmRenderer = try makeRenderer(streets: view.streets)
            let warm = Stopwatch.measure(runs: 300) {
                consume(
                    composer.compose(
                        state, map: warmRenderer.renderLayers(camera: state.camera, viewport: state.mapViewport))
                )
            }
            report("\(view.name) warm", warm, target: view.warmTarget)
            let map = warmRenderer.renderLayers(camera: state.camera, viewport: state.mapViewport)
            let mapOnly = Stopwatch.measure(runs: 300) {
                consume(warmRenderer.render(camera: state.camera, viewport: state.mapViewport))
            }
            report("  of which the map", mapOnly, target: nil)
            let panes = Stopwatch.measure(runs: 300) { consume(composer.compose(state, map: map)) }
            report("  of which glyphs, panes and status bar", panes, target: nil)
            let cold = Stopwatch.measure(runs: 30) {
                warmRenderer.clearCache()
                consume(
                    composer.compose(
                        state, map: warmRenderer.renderLayers(camera: state.camera, viewport: state.mapViewport))
                )
            }
            report("\(view.name) cold (fresh cache)", cold, target: view.coldTarget)
            var right = state
            _ = MapReducer.reduce(&right, .key(.right))
            let panned = composer.compose(
                right, map: warmRenderer.renderLayers(camera: right.camera, viewport: right.mapViewport))
            encoding(composer.compose(state, map: map), panned: panned, frame: warm.median)
        }
    }
}

/// Reads every cell of a frame into a checksum kept in a global, so the optimiser cannot drop the
/// work that made the frame.
nonisolated(unsafe) var frameChecksum = 0

func consume(_ grid: CellGrid) {
    var sum = 0
    for cell in grid.cells {
        sum &+= Int(cell.scalar) &+ Int(cell.style.fg.rawValue) &* 31 &+ Int(cell.style.bg.rawValue)
    }
    frameChecksum &+= sum
}
