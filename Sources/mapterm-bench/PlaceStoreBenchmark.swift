import Foundation
import GeoCore
import MapFeature
import Places
import Storage

/// The embedded place store at scale: bulk import of 1 000 000 synthetic places (fixed seed) into a
/// temporary file, then viewport queries holding about 1 000 places each, as the map asks for them
/// (the returned `[Place]` values are everything the map draws).
enum PlaceStoreBenchmark {
    static let placeCount = 1_000_000
    static let seed: UInt64 = 20_261_129

    static func run() throws {
        print("== place store: \(placeCount) synthetic places (SQLite R*Tree + word index) ==")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapterm-bench-places-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let path = folder.appendingPathComponent("places.sqlite").path
        try importPlaces(into: path)
        try reportSizeWithoutClusters(path, folder: folder)
        // Queries run on a fresh connection, as when mapterm starts with the store already built.
        let store = try PlaceStore(path: path, create: false)
        markerQueries(store)

        // MARK: Viewport queries, ~1000 hits each
        // 1/1000 of the lon/lat rectangle holds ~1000 of the uniformly spread places.
        let height = 180 / 1000.0.squareRoot()
        let width = 360 / 1000.0.squareRoot()
        var regionGenerator = BenchRandom(seed: seed + 1)
        let regions = (0..<400).map { _ -> GeoBounds in
            let south = Double.random(in: -90...(90 - height), using: &regionGenerator)
            let west = Double.random(in: -180..<180, using: &regionGenerator)
            return GeoBounds(south: south, west: west, north: south + height, east: LatLon.wrapLongitude(west + width))
        }
        var hits = 0
        var queries = 0
        var next = 0
        let viewport = Stopwatch.measure(runs: regions.count) {
            let found = try! store.query(regions[next % regions.count], filter: .standard, limit: 5000)
            next += 1
            hits += found.count
            queries += 1
        }
        report("viewport query, ~1000 places -> [Place]", viewport, target: 0.5)
        print(String(format: "  mean hits per viewport: %.0f", Double(hits) / Double(max(queries, 1))))

        // MARK: Other lookups
        var detailIndex = 0
        let details = Stopwatch.measure(runs: 2000) {
            let i = (detailIndex * 7919) % placeCount
            _ = try! store.place(id: i % 5 == 4 ? "ap:B\(i)" : "rr:\(i)")
            detailIndex += 1
        }
        report("details of one place (lookup by id)", details, target: nil)
        let world = Stopwatch.measure(runs: 20, warmup: 1) {
            _ = try! store.query(.world, filter: .standard, limit: 1000)
        }
        report("whole world, limit 1000 (growing windows)", world, target: nil)
        let search = Stopwatch.measure(runs: 500) {
            _ = try! store.candidates(for: ["museum", "4242"], near: .init(lat: 0, lon: 0), typos: false, limit: 20)
        }
        report("word search 'museum 4242', limit 20", search, target: nil)
        let broad = Stopwatch.measure(runs: 20, warmup: 1) {
            _ = try! store.candidates(for: ["harbor"], near: .init(lat: 0, lon: 0), typos: false, limit: 20)
        }
        report("word search 'harbor' (125 000 hits), limit 20", broad, target: nil)

        try shippedData(in: folder)
    }

    /// Generates the synthetic places and imports them into a new store at `path`, reporting each phase.
    static func importPlaces(into path: String) throws {
        var generator = BenchRandom(seed: seed)
        let places = (0..<placeCount).map { makePlace($0, using: &generator) }
        let store = try PlaceStore(path: path)
        var marks: [(phase: PlaceStore.ImportPhase, start: UInt64)] = []
        let start = DispatchTime.now().uptimeNanoseconds
        let written = try store.import(places) { phase in marks.append((phase, DispatchTime.now().uptimeNanoseconds)) }
        let end = DispatchTime.now().uptimeNanoseconds
        precondition(written == placeCount, "imported \(written) of \(placeCount)")
        for (index, mark) in marks.enumerated() {
            let next = index + 1 < marks.count ? marks[index + 1].start : end
            let timing = Timing(samples: [Double(next - mark.start) / 1e6])
            report("  import phase \(mark.phase.rawValue)", timing, target: nil)
        }
        report("import \(placeCount) places (total)", Timing(samples: [Double(end - start) / 1e6]), target: 15_000)
        report("  of which the hierarchy (on a 2nd thread)", hierarchyTime(places), target: 20_000)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        print(String(format: "  database file: %.1f MB", Double(size) / 1e6))
    }

    /// The size of the store at `path`, and of a copy without the cluster tables (both vacuumed): the
    /// hierarchy may at most double the database.
    static func reportSizeWithoutClusters(_ path: String, folder: URL) throws {
        let copy = folder.appendingPathComponent("without-clusters.sqlite").path
        let full = folder.appendingPathComponent("vacuumed.sqlite").path
        for target in [copy, full] {
            unlink(target)
            try SQLiteDatabase(path: path, readOnly: false).execute("VACUUM INTO '\(target)'")
        }
        try SQLiteDatabase(path: copy, readOnly: false).execute(
            "DROP TABLE markers_rtree; DROP TABLE clusters; VACUUM")
        let size = { (p: String) in
            (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? NSNumber)?.intValue ?? 0
        }
        let ratio = Double(size(full)) / Double(max(size(copy), 1))
        print(
            String(
                format: "  database with clusters %.1f MB, without %.1f MB: %.2fx  target ≤ 2x: %@",
                Double(size(full)) / 1e6, Double(size(copy)) / 1e6, ratio, ratio <= 2 ? "met" : "MISSED"))
        unlink(copy)
        unlink(full)
    }

    /// What a frame of 160×48 asks for, at random views and any zoom: the markers of the view's tiles.
    static func markerQueries(_ store: PlaceStore) {
        var g = BenchRandom(seed: seed + 7)
        let views = (0..<2000).map { _ -> (GeoBounds, Int) in
            let camera = Camera(
                center: LatLon(lat: .random(in: -70...70, using: &g), lon: .random(in: -180..<180, using: &g)),
                zoom: Double(Int.random(in: 0...18, using: &g)))
            let transform = ViewTransform(camera: camera, viewport: Viewport(cols: 160, rows: 47))
            let keys = MarkerRequest.keys(for: transform)
            return (MarkerRequest.bounds(of: keys, view: transform.bounds), MarkerRequest.level(camera))
        }
        var next = 0
        var hits = 0
        let timing = Stopwatch.measure(runs: views.count, warmup: 20) {
            let (region, level) = views[next % views.count]
            hits += try! store.markerQuery(region, zoom: level, filter: .standard).count
            next += 1
        }
        report("markers of a 160x48 frame, any zoom (p50)", timing, target: 0.5)
        reportPercentile("markers of a 160x48 frame, any zoom (p99)", timing, 0.99, target: 2)
        print(String(format: "  mean markers per frame: %.0f", Double(hits) / Double(next)))
    }

    /// The first run with the shipped data (Resources/places): building the store, then opening it and
    /// answering a San Francisco viewport, as `mapterm` does at start.
    static func shippedData(in folder: URL) throws {
        print("== place store: shipped data (Resources/places) ==")
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources")
        let shipped = try EmbeddedPlaceData.load(resources: resources).places
        let clustersPath = folder.appendingPathComponent("shipped.sqlite").path
        let store = try PlaceStore(path: clustersPath)
        try store.import(shipped)
        report("cluster hierarchy of the \(shipped.count) shipped places", hierarchyTime(shipped), target: 2000)
        try reportSizeWithoutClusters(clustersPath, folder: folder)
        var build = 0
        let first = Stopwatch.measure(runs: 3, warmup: 0) {
            let directory = folder.appendingPathComponent("first-run-\(build)")
            build += 1
            _ = try! PlaceDatabase.open(directory: directory, resources: resources)
        }
        report("first run: build places.sqlite", first, target: nil)
        let directory = folder.appendingPathComponent("first-run-0")
        let sanFrancisco = GeoBounds(south: 37.70, west: -122.52, north: 37.82, east: -122.35)
        var count = 0
        let open = Stopwatch.measure(runs: 50) {
            let store = try! PlaceDatabase.open(directory: directory, resources: resources)
            count = try! store.query(sanFrancisco, limit: 5000).count
        }
        report("open + San Francisco viewport (\(count) places)", open, target: nil)
    }

    /// The time to build the cluster hierarchies of every group of `places` (as an import does on its
    /// second thread), one run.
    static func hierarchyTime(_ places: [Place]) -> Timing {
        let groups = Dictionary(grouping: places.map(ClusterTree.Point.init)) { $0.category.group }
        let start = DispatchTime.now().uptimeNanoseconds
        for (group, points) in groups { _ = ClusterTree(group: group, points: points) }
        return Timing(samples: [Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6])
    }

    /// Place `i`: four restrooms to one airport, uniform over the lon/lat rectangle.
    static func makePlace(_ i: Int, using generator: inout BenchRandom) -> Place {
        let lat = Double.random(in: -90...90, using: &generator)
        let lon = Double.random(in: -180..<180, using: &generator)
        let words = ["Harbor", "Station", "Park", "Market", "Library", "Plaza", "Museum", "Beach"]
        let name = "\(words[i % words.count]) \(i)"
        if i % 5 == 4 {
            return Place(
                id: "ap:B\(i)", kind: .airport, name: name + " Field", coordinate: LatLon(lat: lat, lon: lon),
                details: .airport(AirportDetails(ident: "B\(i)", type: "small_airport", elevationFt: i % 3000)))
        }
        return Place(
            id: "rr:\(i)", kind: .restroom, name: name, coordinate: LatLon(lat: lat, lon: lon),
            details: .restroom(
                RestroomDetails(street: "\(i % 997) Main St", city: "Town \(i % 101)", accessible: i % 2 == 0)))
    }
}
