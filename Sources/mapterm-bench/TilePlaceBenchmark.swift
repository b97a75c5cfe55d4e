import Foundation
import GeoCore
import Places
import Storage
import TileSources
import VectorTiles

/// Part 11's figure for the map's own places: reading the points of interest of the densest z14 tile
/// of the street fixtures (the one whose `poi` layer holds the most features, in
/// `Tests/bench/helsinki.mbtiles` or `Tests/bench/columbus.mbtiles`) into places, as the tile worker
/// does for every tile it decodes: the tile is decoded already (it is being prepared for drawing), so
/// the figure is the extraction alone; decoding it too is printed beside it.
enum TilePlaceBenchmark {
    /// Runs `body` 3 times untimed, then `runs` times timed on the calling thread's CPU clock (ms).
    static func threadCPUTimes(runs: Int, _ body: () -> Void) -> Timing {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
        }
        for _ in 0..<3 { body() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        return Timing(samples: samples)
    }

    /// Target for one dense tile, ms.
    static let target = 0.5

    static func run(resources: URL) throws {
        var densest: (path: String, tile: TileID, bytes: [UInt8], features: Int)?
        for fixture in DenseTileBenchmark.fixtures {
            let path = resources.deletingLastPathComponent().appendingPathComponent(fixture.path).path
            let file = try MBTilesFile(path: path)
            for tile in GeoBounds.around(fixture.center, radiusKm: fixture.radiusKm).tiles(atZoom: 14) {
                guard let bytes = try file.tileData(tile),
                    let reader = try VectorTile(bytes: bytes).features(ofLayer: "poi"),
                    reader.featureCount > densest?.features ?? 0
                else { continue }
                densest = (fixture.path, tile, bytes, reader.featureCount)
            }
        }
        guard let (path, tile, bytes, features) = densest else {
            throw DenseTileBenchmark.BenchError.noTile("the street fixtures")
        }
        let decoded = try VectorTile(bytes: bytes)
        let places = TilePlaceExtractor.places(in: decoded, id: tile, schema: .openMapTiles)
        var kinds: [PlaceKind: Int] = [:]
        for place in places { kinds[place.kind, default: 0] += 1 }
        print("== tile places: the z14 tile with the most points of interest ==")
        print(
            "  \(path) \(tile): \(features) poi features, \(places.count) places ("
                + kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")")
        let extract = Stopwatch.measure(runs: 500) {
            frameChecksum &+= TilePlaceExtractor.places(in: decoded, id: tile, schema: .openMapTiles).count
        }
        report("places of a dense z14 tile (decoded)", extract, target: target)
        // The same on the thread's CPU clock: what the extraction costs whatever else the machine runs
        // (other builds on a 2-core VM stretch the wall clock by up to twice).
        let cpu = threadCPUTimes(runs: 500) {
            frameChecksum &+= TilePlaceExtractor.places(in: decoded, id: tile, schema: .openMapTiles).count
        }
        report("  the same, thread CPU time", cpu, target: target)
        let withDecode = Stopwatch.measure(runs: 200) {
            guard let tile2 = try? VectorTile(bytes: bytes) else { return }
            frameChecksum &+= TilePlaceExtractor.places(in: tile2, id: tile, schema: .openMapTiles).count
        }
        report("  with the tile's decode too", withDecode, target: nil)
    }
}
