import Foundation
import GeoCore
import MapFeature
import Render
import TestSupport
import TileSources

/// `mapterm-bench sidebyside RUNS VIEW...`: the frame and its ANSI text (what `render --color` prints)
/// for each view, warm (tiles cached) and cold (caches emptied, so every tile is read and decoded),
/// one tab-separated line per view: the view, the zoom drawn, the warm and cold medians in ms.
/// `Tests/bench/mapscii/sidebyside.py` runs it in turn with MapSCII's draw of the same views.
///
/// A VIEW is `COLSxROWS@LAT,LON,ZOOM~STREETS`: ZOOM `fill` is the world filling the width (as
/// MapSCII's smallest zoom), STREETS a street tile file relative to the repository, drawn over the
/// world map as `--tiles` draws it.
enum SideBySideBenchmark {
    struct View {
        let spec: String
        let screen: Viewport
        let center: LatLon
        /// nil: the world filling the width.
        let zoom: Double?
        let streets: String
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(resources: URL, arguments: [String]) throws {
        guard let runs = arguments.first.flatMap(Int.init), (1...10_000).contains(runs) else {
            throw UsageError(description: "sidebyside: RUNS (1 to 10000) and views")
        }
        let composer = FrameComposer()
        for spec in arguments.dropFirst() {
            let view = try parse(spec)
            let shipped = try ShippedMap(resources: resources, files: [ShippedMap.files[0], "../" + view.streets])
            let map = SnapshotMap(sources: shipped.loaders(), ids: shipped.ids, style: shipped.style)
            let zoom = view.zoom ?? Camera.zoomToFill(dotsWide: view.screen.dotsWide)
            let state = MapState(camera: Camera(center: view.center, zoom: zoom), screen: view.screen)
            let frame = {
                let layers = map.renderLayers(camera: state.camera, viewport: state.mapViewport)
                frameChecksum &+= AnsiText.encode(composer.compose(state, map: layers)).count
            }
            let warm = Stopwatch.measure(runs: runs) { frame() }
            let cold = Stopwatch.measure(runs: max(runs / 5, 3), warmup: 1) {
                map.clearCache()
                frame()
            }
            print([spec, String(zoom), String(warm.median), String(cold.median)].joined(separator: "\t"))
        }
    }

    /// `COLSxROWS@LAT,LON,ZOOM~STREETS`, range-checked.
    static func parse(_ spec: String) throws -> View {
        let bad = UsageError(description: "sidebyside: a view is COLSxROWS@LAT,LON,ZOOM~STREETS, not \(spec)")
        let halves = spec.split(separator: "~", maxSplits: 1).map(String.init)
        let parts = halves.first?.split(separator: "@").map(String.init) ?? []
        guard halves.count == 2, parts.count == 2 else { throw bad }
        let size = parts[0].split(separator: "x").compactMap { Int($0) }
        let place = parts[1].split(separator: ",").map(String.init)
        guard size.count == 2, (2...1000).contains(size[0]), (2...1000).contains(size[1]), place.count == 3,
            let lat = Double(place[0]), let lon = Double(place[1]), (-85...85).contains(lat),
            (-180...180).contains(lon)
        else { throw bad }
        let zoom = place[2] == "fill" ? nil : Double(place[2])
        guard place[2] == "fill" || zoom.map({ Camera.zoomRange.contains($0) }) == true else { throw bad }
        return View(
            spec: spec, screen: Viewport(cols: size[0], rows: size[1]), center: LatLon(lat: lat, lon: lon),
            zoom: zoom, streets: halves[1])
    }
}
