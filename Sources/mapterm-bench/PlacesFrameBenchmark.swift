import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Storage
import TestSupport
import VectorTiles

/// Frame render with 10 000 places in view, and the pin work of issue 4 (median, fit + redraw).
enum PlacesFrameBenchmark {
    static func run(resources: URL) throws {
        print("== places and pins on the frame, 160x48 ==")
        let style = try MapStyle.decode(from: Data(contentsOf: resources.appendingPathComponent("style-dark.json")))
        let world = try MBTilesFile(path: resources.appendingPathComponent("world.mbtiles").path)
        let renderer = SnapshotMap(sources: [TileLoader(store: world)], style: style)
        let composer = FrameComposer()
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.5, lon: -122), zoom: 8), screen: Viewport(cols: 160, rows: 48))
        var rng = BenchRandom(seed: 10)
        let bounds = state.transform.bounds
        let places = (0..<10_000).map { i in
            Place(
                id: "bench:\(i)", kind: i % 10 == 0 ? .airport : .restroom, name: "Place \(i)",
                coordinate: LatLon(
                    lat: .random(in: bounds.south...bounds.north, using: &rng),
                    lon: .random(in: bounds.west...bounds.east, using: &rng)))
        }
        state.places.markers = PlaceClusters(places: places).markers(in: bounds, zoom: 8, filter: .standard)
        let frame = Stopwatch.measure(runs: 200) {
            consume(
                composer.compose(state, map: renderer.renderLayers(camera: state.camera, viewport: state.mapViewport)))
        }
        report("frame with 10 000 places in view, clustered", frame, target: 2)

        rng = BenchRandom(seed: 99)
        let pins = (1...10).map {
            Pin(
                number: $0,
                coordinate: LatLon(lat: .random(in: -60...60, using: &rng), lon: .random(in: -180..<180, using: &rng)))
        }
        let median = Stopwatch.measure(runs: 200) {
            frameChecksum &+= Int(Geodesy.geometricMedian(pins.map(\.coordinate))?.lat ?? 0)
        }
        report("geometric median of 10 pins", median, target: 1)

        var pinned = state
        pinned.places.markers = []
        pinned.pins = PinsState(pins: Array(pins.prefix(9)))
        let change = Stopwatch.measure(runs: 100) {
            var s = pinned
            _ = MapReducer.reduce(&s, .key(.character("p")))
            _ = MapReducer.reduce(&s, .key(.character("y")))
            consume(composer.compose(s, map: renderer.renderLayers(camera: s.camera, viewport: s.mapViewport)))
        }
        report("add a pin: centres + fit + redraw", change, target: 16.7)
    }
}
