import Foundation
import GeoCore
import MapFeature
import Positioning
import Render
import Storage
import TestSupport
import VectorTiles

/// Part 13: a day of recording at 1 Hz (86 400 points): what the map holds for it, and a frame with the
/// whole track drawn.
enum GPSBenchmark {
    static let oneDay = 86_400
    static let start = LatLon(lat: 37.7793, lon: -122.4137)

    static func run(resources: URL) throws {
        print("== live position and tracks (part 13) ==")
        let style = try MapStyle.decode(from: Data(contentsOf: resources.appendingPathComponent("style-dark.json")))
        let world = try MBTilesFile(path: resources.appendingPathComponent("world.mbtiles").path)
        let renderer = SnapshotMap(sources: [TileLoader(store: world)], style: style)
        try GPSLatencyBenchmark.run(renderer)
        dayOfRecording(renderer)
    }

    /// A walk at 1.4 m/s that turns now and then, one point a second for 24 hours, recorded into the state
    /// as the reducer does for every fix; then frames with the track drawn.
    static func dayOfRecording(_ renderer: SnapshotMap) {
        var rng = BenchRandom(seed: 13)
        var state = MapState(camera: Camera(center: start, zoom: 15), screen: Viewport(cols: 160, rows: 48))
        state.location = LocationState(source: .gpsd("bench"), centresOnFirstFix: false)
        _ = MapReducer.reduce(&state, .gps(.connected(source: "bench"), at: 0))
        _ = MapReducer.reduce(&state, .key(.character("T")))
        let before = residentBytes()
        var position = start
        var heading = 0.0
        let begin = DispatchTime.now().uptimeNanoseconds
        for second in 0..<oneDay {
            if second % 60 == 0 { heading += .random(in: -90...90, using: &rng) }
            let step = 1.4 / 111_320
            position = LatLon(
                lat: position.lat + step * cos(heading * .pi / 180),
                lon: position.lon + step * sin(heading * .pi / 180) / cos(position.lat * .pi / 180))
            let fix = GPSFix(position: position, mode: .threeD, horizontalError: 3, speed: 1.4, heading: heading)
            _ = MapReducer.reduce(&state, .gps(.report(.fix(fix)), at: Double(second)))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
        let grown = residentBytes() - before
        let points = state.location.recording?.points.count ?? 0
        print(
            "24 h of 1 Hz fixes recorded (\(points) points)".padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.1f MB resident more, %.1f µs a fix to reduce", Double(grown) / 1e6,
                    seconds / Double(oneDay) * 1e6))
        for zoom in [10.0, 13, 16] {
            var view = state
            view.camera = Camera(center: position, zoom: zoom)
            let timing = Stopwatch.measure(runs: 30) {
                frameChecksum &+=
                    FrameComposer().compose(
                        view, map: renderer.renderLayers(camera: view.camera, viewport: view.mapViewport)
                    ).cells.count
            }
            report(String(format: "frame with the day's track, z%.0f", zoom), timing, target: 1000 / 30.0)
        }
    }

    /// The resident set of this process in bytes (`/proc/self/statm`).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
