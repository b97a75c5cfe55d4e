import Foundation
import GeoCore
import Places
import Storage

/// Imports of 150 000 rows into a store that already holds the shipped places, as `mapterm import`
/// does on a user's store: all new ids, then a mix in which every shipped place is replaced. Each run
/// starts from a fresh copy of the first-run store; the time includes the cluster rebuild and the
/// commit. Phases are printed for the last run of each case.
enum UpsertBenchmark {
    static let rowCount = 150_000
    static let seed: UInt64 = 20_261_201

    static func run(resources: URL) throws {
        print("== import of \(rowCount) rows into the shipped store ==")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-bench-upsert-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try EmbeddedPlaceData.load(resources: resources).places
        let base = folder.appendingPathComponent("base")
        _ = try PlaceDatabase.open(directory: base, resources: resources)
        let basePath = base.appendingPathComponent(PlaceDatabase.fileName).path

        var generator = BenchRandom(seed: seed)
        let fresh = (0..<rowCount).map { PlaceStoreBenchmark.makePlace($0, using: &generator) }
        let replacing = shipped.prefix(rowCount).map(moved) + fresh.prefix(rowCount - min(rowCount, shipped.count))
        for (name, rows) in [("new ids", fresh), ("\(min(rowCount, shipped.count)) shipped ids replaced", replacing)] {
            var phases: [(PlaceStore.ImportPhase, Double)] = []
            var run = 0
            let timing = Stopwatch.measure(runs: 3, warmup: 0) {
                let path = folder.appendingPathComponent("run-\(run).sqlite").path
                run += 1
                try! copyStore(basePath, to: path)
                let store = try! PlaceStore(path: path, create: false)
                phases = []
                var last = DispatchTime.now().uptimeNanoseconds
                var current: PlaceStore.ImportPhase?
                try! store.import(rows) { phase in
                    let now = DispatchTime.now().uptimeNanoseconds
                    if let current { phases.append((current, Double(now - last) / 1e6)) }
                    current = phase
                    last = now
                }
                if let current { phases.append((current, Double(DispatchTime.now().uptimeNanoseconds - last) / 1e6)) }
            }
            report("import \(rowCount) rows (\(name))", timing, target: 2000)
            print(
                "    phases: " + phases.map { String(format: "%@ %.0f", $0.0.rawValue, $0.1) }.joined(separator: ", ")
                    + " ms")
        }
    }

    /// `place` 10 m further north, so that replacing it changes its bucket's contents.
    static func moved(_ place: Place) -> Place {
        var copy = place
        copy.coordinate = LatLon(lat: min(89.9, place.coordinate.lat + 0.0001), lon: place.coordinate.lon)
        return copy
    }

    /// Copies a store file (and nothing else: it was closed, so it has no journal).
    static func copyStore(_ source: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
    }
}

/// The cluster hierarchy alone: 120 000 restrooms spread like the import's, built five times.
enum TreeBenchmark {
    static func run() {
        var generator = BenchRandom(seed: 7)
        let points = (0..<120_000).map { i -> ClusterTree.Point in
            ClusterTree.Point(PlaceStoreBenchmark.makePlace(i * 5, using: &generator))
        }
        let timing = Stopwatch.measure(runs: 5, warmup: 1) { _ = ClusterTree(group: .restrooms, points: points) }
        report("cluster hierarchy of 120 000 restrooms", timing, target: nil)
    }
}
