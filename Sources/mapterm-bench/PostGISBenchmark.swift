import Foundation
import GeoCore
import MapFeature
import Places
import PostGIS
import Storage

/// PostGIS at scale: 10 000 000 synthetic places (`PlaceStoreBenchmark.makePlace`, fixed seed) imported
/// into the private test server (`Tests/services/postgres.sh run`, which `make bench` wraps this
/// program in; its URL is in `MAPTERM_TEST_POSTGRES`), then the map's marker query (clusters and
/// single places of a 160x47 frame) at z3, z8, z13 and z16; the same views on the embedded SQLite store
/// with 1 000 000 of the same places for comparison.
enum PostGISBenchmark {
    static let placeCount = 10_000_000
    static let sqliteCount = 1_000_000
    static let zooms = [3, 8, 13, 16]
    /// Views per zoom.
    static let views = 400

    static func run() throws {
        print("== PostGIS: \(placeCount) synthetic places (PostgreSQL 15 + PostGIS 3, private server) ==")
        guard let url = ProcessInfo.processInfo.environment["MAPTERM_TEST_POSTGRES"] else {
            print(
                "  skipped: MAPTERM_TEST_POSTGRES is unset (make bench starts a server when postgresql-15-postgis-3 is installed)"
            )
            return
        }
        var generator = BenchRandom(seed: PlaceStoreBenchmark.seed)
        let places = (0..<placeCount).map { PlaceStoreBenchmark.makePlace($0, using: &generator) }
        let start = DispatchTime.now().uptimeNanoseconds
        let imported = try PostGISPlaceStore.forImport(url: url).import(places)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            String(
                format: "import by COPY, schema, indexes and clusters  %.1f s  (%.0f rows/s, %d places)", seconds,
                Double(imported) / seconds, imported))
        // Queries run on a fresh connection, as when mapterm starts.
        let store = try PostGISPlaceStore(url: url)
        let postgis = markerTimings { region, zoom in try! store.markerQuery(region, zoom: zoom, filter: .standard) }
        for (zoom, timing) in zip(zooms, postgis) {
            report("PostGIS markers z\(zoom), 160x47 frame (p50)", timing.timing, target: nil)
            reportPercentile("PostGIS markers z\(zoom), 160x47 frame (p99)", timing.timing, 0.99, target: 20)
            print(String(format: "  mean markers per frame: %.0f", timing.markers))
        }

        print("== the same views on the SQLite store with \(sqliteCount) of these places ==")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-bench-pg-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("places.sqlite").path
        try PlaceStore(path: path).import(Array(places.prefix(sqliteCount)))
        let sqlite = try PlaceStore(path: path, create: false)
        let local = markerTimings { region, zoom in try! sqlite.markerQuery(region, zoom: zoom, filter: .standard) }
        for (zoom, timing) in zip(zooms, local) {
            report("SQLite markers z\(zoom), 160x47 frame (p50)", timing.timing, target: nil)
            reportPercentile("SQLite markers z\(zoom), 160x47 frame (p99)", timing.timing, 0.99, target: nil)
        }
    }

    /// Per zoom of `zooms`: the timing of `query` over `views` frames at random centres (|lat| ≤ 70,
    /// fixed seed) and the mean number of markers it returned.
    private static func markerTimings(
        _ query: (GeoBounds, Int) -> [PlaceMarker]
    ) -> [(timing: Timing, markers: Double)] {
        zooms.map { zoom in
            var g = BenchRandom(seed: PlaceStoreBenchmark.seed + UInt64(zoom))
            let frames = (0..<views).map { _ -> (GeoBounds, Int) in
                let camera = Camera(
                    center: LatLon(lat: .random(in: -70...70, using: &g), lon: .random(in: -180..<180, using: &g)),
                    zoom: Double(zoom))
                let transform = ViewTransform(camera: camera, viewport: Viewport(cols: 160, rows: 47))
                let keys = MarkerRequest.keys(for: transform)
                return (MarkerRequest.bounds(of: keys, view: transform.bounds), MarkerRequest.level(camera))
            }
            var next = 0
            var markers = 0
            let timing = Stopwatch.measure(runs: frames.count, warmup: 10) {
                let (region, level) = frames[next % frames.count]
                markers += query(region, level).count
                next += 1
            }
            return (timing, Double(markers) / Double(max(next, 1)))
        }
    }
}
