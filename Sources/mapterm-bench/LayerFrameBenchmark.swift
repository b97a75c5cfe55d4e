import Foundation
import GeoCore
import Layers
import MapFeature
import Render
import Storage
import Synchronization
import TestSupport
import VectorTiles

/// Frames of 160x48 with user layers (issue 11): 1 000 000 points (clustered per zoom), a GPX-sized
/// track of 200 000 points (simplified per zoom), each at z1…z18; and a stream of 1 000 points a
/// second through the run loop's pacing (redraws a second, how long a key waits for its frame).
enum LayerFrameBenchmark {
    static let target = 3.0
    static let sf = LatLon(lat: 37.77, lon: -122.42)

    static func run(resources: URL) throws {
        print("== user layers on the frame, 160x48 ==")
        let style = try MapStyle.decode(from: Data(contentsOf: resources.appendingPathComponent("style-dark.json")))
        let world = try MBTilesFile(path: resources.appendingPathComponent("world.mbtiles").path)
        let renderer = SnapshotMap(sources: [TileLoader(store: world)], style: style)
        var rng = BenchRandom(seed: 11)
        // Half over the world, half within 20 km of San Francisco, so every zoom has points in view.
        var start = Date()
        let points = (0..<1_000_000).map { i in
            LayerFeature(
                id: nil, name: nil,
                geometries: [
                    .point(
                        i % 2 == 0
                            ? LatLon(lat: .random(in: -70...70, using: &rng), lon: .random(in: -180..<180, using: &rng))
                            : LatLon(
                                lat: sf.lat + .random(in: -0.2...0.2, using: &rng),
                                lon: sf.lon + .random(in: -0.25...0.25, using: &rng)))
                ])
        }
        let pointLayer = LayerContent(features: points, identity: 1)
        print(String(format: "1 000 000 points indexed in %.2f s", Date().timeIntervalSince(start)))
        zoomSweep("1M points", pointLayer, renderer)

        start = Date()
        var lat = sf.lat, lon = sf.lon - 0.3
        let track = (0..<200_000).map { _ in
            lat += .random(in: -2e-5...2e-5, using: &rng)
            lon += .random(in: -1e-5...4e-5, using: &rng)
            return LatLon(lat: lat, lon: lon)
        }
        let trackLayer = LayerContent(features: [LayerFeature(geometries: [.line(track)])], identity: 2)
        print(String(format: "200 000-point track simplified for 19 zooms in %.2f s", Date().timeIntervalSince(start)))
        zoomSweep("200k track", trackLayer, renderer, center: track[100_000])
        lineOfTwoMillion(renderer)
        stream(renderer)
        longStream()
    }

    /// The line of `Tests/e2e/heavy_layers.py line` (2 000 000 positions, an 80 MB file): its paths
    /// prepared once, then frames at every zoom.
    static func lineOfTwoMillion(_ renderer: SnapshotMap) {
        var rng = BenchRandom(seed: 12)
        var lat = sf.lat, lon = sf.lon - 0.3
        let walk = (0..<2_000_000).map { _ in
            lon += .random(in: -1e-4...1.2e-4, using: &rng)
            lat += .random(in: -1e-4...1e-4, using: &rng)
            return LatLon(lat: lat, lon: lon)
        }
        let start = Date()
        let layer = LayerContent(features: [LayerFeature(geometries: [.line(walk)])], identity: 3)
        let storage = layer.paths.reduce(0) { $0 + $1.storageBytes }
        print(
            String(
                format: "2 000 000-point line simplified for 19 zooms in %.2f s, %d MB for every zoom's vertices",
                Date().timeIntervalSince(start), storage >> 20))
        zoomSweep("2M line", layer, renderer, center: walk[1_000_000])
    }

    /// One delivery of 33 new points (a thirtieth of a second at 1 000 a second) into a stream layer that
    /// already holds 500 000, while the loop keeps the state before it (as the run loop does, to see
    /// whether anything changed).
    static func longStream() {
        var rng = BenchRandom(seed: 8)
        var state = MapState(camera: Camera(center: sf, zoom: 12), screen: Viewport(cols: 160, rows: 48))
        state.layers.add(name: "stdin", content: LayerContent(streamIdentity: 1, trail: 0), isStream: true)
        let point = { (rng: inout BenchRandom) in
            LayerFeature(
                geometries: [
                    .point(LatLon(lat: .random(in: -60...60, using: &rng), lon: .random(in: -180..<180, using: &rng)))
                ])
        }
        let backlog = (0..<500_000).map { _ in point(&rng) }
        _ = MapReducer.reduce(&state, .layers(.streamed(layer: 1, features: backlog, problems: [])))
        let timing = Stopwatch.measure(runs: 30) {
            let before = state
            let batch = (0..<33).map { _ in point(&rng) }
            _ = MapReducer.reduce(&state, .layers(.streamed(layer: 1, features: batch, problems: [])))
            frameChecksum &+= before == state ? 0 : 1
        }
        report("stream delivery into 500 000 streamed points", timing, target: 1000 / 30.0)
    }

    /// Frames over `content` at z1…z18; the slowest zoom's p50 and p99 against the target.
    static func zoomSweep(_ name: String, _ content: LayerContent, _ renderer: SnapshotMap, center: LatLon = sf) {
        var worst = (zoom: 0, p50: 0.0, p99: 0.0)
        var line = "  p50 by zoom:"
        for zoom in 1...18 {
            var state = MapState(
                camera: Camera(center: center, zoom: Double(zoom)), screen: Viewport(cols: 160, rows: 48))
            state.layers.add(name: name, content: content)
            let timing = Stopwatch.measure(runs: 60) { frameChecksum &+= frame(state, renderer).cells.count }
            line += String(format: " z%d %.2f", zoom, timing.median)
            if timing.percentile(0.99) > worst.p99 { worst = (zoom, timing.median, timing.percentile(0.99)) }
        }
        print(line)
        let verdict = worst.p99 <= target ? "met" : "MISSED"
        print(
            "frame over \(name), slowest zoom (z\(worst.zoom))".padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: "%8.3f ms  (p99 %.3f)  target ≤ %g ms p99: %@", worst.p50, worst.p99, target, verdict))
    }

    static func frame(_ state: MapState, _ renderer: SnapshotMap) -> CellGrid {
        FrameComposer().compose(
            state, map: renderer.renderLayers(camera: state.camera, viewport: state.mapViewport, ascii: state.ascii))
    }

    /// Two seconds of 1 000 points a second from a writer thread (200 trackers moving, with trails of
    /// 20), taken by the run loop at most 30 times a second as `mapterm --layer -` does, with a key
    /// every 50 ms: redraws a second, and the time from a key to its frame on screen.
    static func stream(_ renderer: SnapshotMap) {
        let queue = ArrivalQueue()
        let seconds = 2.0
        let writer = Thread {
            var rng = BenchRandom(seed: 5)
            let begin = Date()
            var sent = 0
            while Date().timeIntervalSince(begin) < seconds {
                let due = Int(Date().timeIntervalSince(begin) * 1000)
                while sent < due {
                    let id = "t\(sent % 200)"
                    queue.push(
                        LayerFeature(
                            id: id, name: id,
                            geometries: [
                                .point(
                                    LatLon(
                                        lat: sf.lat + .random(in: -0.05...0.05, using: &rng),
                                        lon: sf.lon + .random(in: -0.05...0.05, using: &rng)))
                            ]))
                    sent += 1
                }
                usleep(1000)
            }
        }
        var state = MapState(camera: Camera(center: sf, zoom: 12), screen: Viewport(cols: 160, rows: 48))
        state.layers.add(name: "stdin", content: LayerContent(streamIdentity: 1, trail: 20), isStream: true)
        writer.start()
        let begin = Date()
        var lastDelivery = -1.0, lastKey = 0.0, deliveries = 0, received = 0
        var keyWaits: [Double] = []
        while Date().timeIntervalSince(begin) < seconds {
            let now = Date().timeIntervalSince(begin)
            var keyAt: Date?
            if now - lastKey >= 0.05 {
                lastKey = now
                keyAt = Date()
                _ = MapReducer.reduce(&state, .key(.character(keyWaits.count % 2 == 0 ? "l" : "h")))
            }
            var delivered = false
            if now - lastDelivery >= 1 / 30.0 {
                let arrivals = queue.takeAll()
                if !arrivals.isEmpty {
                    received += arrivals.count
                    _ = MapReducer.reduce(&state, .layers(.streamed(layer: 1, features: arrivals, problems: [])))
                    lastDelivery = now
                    deliveries += 1
                    delivered = true
                }
            }
            if keyAt != nil || delivered { frameChecksum &+= frame(state, renderer).cells.count }
            if let keyAt { keyWaits.append(Date().timeIntervalSince(keyAt) * 1000) }
            // The loop then waits for input or the next delivery (up to 1/30 s), as the app's does.
            let next = min(lastDelivery + 1 / 30.0, lastKey + 0.05) - Date().timeIntervalSince(begin)
            if next > 0 { usleep(UInt32(next * 1e6)) }
        }
        let rate = Double(deliveries) / seconds
        print(
            "stream of 1 000 points/s: redraws a second".padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.1f  (%d points taken)  target ≤ 30: %@", rate, received, rate <= 30 ? "met" : "MISSED"))
        reportPercentile("stream: a key to its frame, p99", Timing(samples: keyWaits), 0.99, target: 1000 / 30.0)
    }
}

/// Features a writer thread hands to the loop.
final class ArrivalQueue: Sendable {
    private let items = Mutex<[LayerFeature]>([])

    func push(_ feature: LayerFeature) { items.withLock { $0.append(feature) } }

    func takeAll() -> [LayerFeature] {
        items.withLock { items in
            defer { items.removeAll(keepingCapacity: true) }
            return items
        }
    }
}
