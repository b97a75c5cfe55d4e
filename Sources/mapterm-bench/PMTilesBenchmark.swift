import Foundation
import GeoCore
import Storage
import VectorTiles

/// PMTiles lookups on a local archive with leaf directories (issue 5): the committed test
/// archive `Tests/VectorTilesTests/Fixtures/world-z5-leaves.pmtiles` (the world basemap's z0–5
/// in 16 leaves), random tiles in a fixed order. A lookup is `tileData`: directories plus the
/// read of the tile's bytes (not its decoding).
enum PMTilesBenchmark {
    static let fixture = "Tests/VectorTilesTests/Fixtures/world-z5-leaves.pmtiles"

    static func run(repository: URL) throws {
        let path = repository.appendingPathComponent(fixture).path
        print("== PMTiles: \(fixture) (read at bench time) ==")
        var openError: (any Error)?
        let open = Stopwatch.measure(runs: 50) {
            do { _ = try PMTilesFile(path: path) } catch { openError = error }
        }
        if let openError { throw openError }
        report("  open (header + root: one 16 KiB read)", open, target: nil)

        let file = try PMTilesFile(path: path)
        var generator = BenchRandom(seed: 5)
        let ids = (0..<1365).map { TileID(pmtilesID: UInt64($0))! }.shuffled(using: &generator)
        var bytes = 0
        report("  first lookup in each leaf (reads it)", firstInEachLeaf(file, ids, &bytes), target: nil)
        var next = 0
        let warm = Stopwatch.measure(runs: 20_000, warmup: 0) {
            bytes &+= (try? file.tileData(ids[next % ids.count]))??.count ?? 0
            next += 1
        }
        let directoriesOnly = Stopwatch.measure(runs: 20_000, warmup: 0) {
            bytes &+= (try? file.archive.tileRange(ids[next % ids.count]))??.count ?? 0
            next += 1
        }
        precondition(bytes > 0 && file.archive.cachedLeafCount == 16)
        let median = warm.median * 1000
        let figures = String(
            format: "median %.1f µs after the first (p90 %.1f µs, n %d)", median, warm.percentile(0.9) * 1000,
            warm.samples.count)
        print(
            "PMTiles tile lookup (local, leaf directories): \(figures)  target ≤ 20 µs: \(median <= 20 ? "met" : "MISSED")"
        )
        print(String(format: "  of which directories (no tile read): median %.1f µs", directoriesOnly.median * 1000))
    }

    /// Looks every tile up once on the fresh `file`; times the lookups that read a leaf.
    private static func firstInEachLeaf(_ file: PMTilesFile, _ ids: [TileID], _ bytes: inout Int) -> Timing {
        var samples: [Double] = []
        for id in ids {
            let leaves = file.archive.cachedLeafCount
            let start = DispatchTime.now().uptimeNanoseconds
            bytes &+= (try? file.tileData(id))??.count ?? 0
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if file.archive.cachedLeafCount > leaves { samples.append(elapsed) }
        }
        return Timing(samples: samples)
    }
}
