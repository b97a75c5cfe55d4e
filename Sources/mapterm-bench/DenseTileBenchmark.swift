import Foundation
import GeoCore
import MapFeature
import Render
import Storage
import TestSupport
import TileSources
import VectorTiles

/// Part 10's figures for the densest street tile (streets are drawn everywhere now, so the heaviest
/// tile a city has is what a snapshot may meet): the largest z14 tile of the street fixtures
/// (`Tests/bench/columbus.mbtiles`, a city's streets with few buildings, and
/// `Tests/bench/helsinki.mbtiles`, central Helsinki with every building; both OpenMapTiles), its bytes
/// and features, the time to decode it and to prepare it for the style at z14, z16 and z18 (the cold
/// path of a snapshot), and pans over it at z15 and z16 with every cache warm (frame and its ANSI text).
enum DenseTileBenchmark {
    static let viewport = Viewport(cols: 160, rows: 48)

    /// A street fixture and the area its z14 tiles are sought in: within `radiusKm` kilometres of
    /// `center`.
    struct Fixture {
        let path: String
        let center: LatLon
        let radiusKm: Double
    }

    static let fixtures = [
        Fixture(path: "Tests/bench/columbus.mbtiles", center: TileSourceBenchmark.columbus, radiusKm: 25),
        Fixture(path: "Tests/bench/helsinki.mbtiles", center: LatLon(lat: 60.1716, lon: 24.9443), radiusKm: 3),
    ]

    static func run(resources: URL) throws {
        var densest: (fixture: Fixture, tile: TileID, bytes: [UInt8])?
        for fixture in fixtures {
            let path = resources.deletingLastPathComponent().appendingPathComponent(fixture.path).path
            let (tile, bytes) = try largest(in: MBTilesFile(path: path), fixture: fixture)
            print("  largest z14 tile of \(fixture.path): \(tile), \(bytes.count) bytes gzip")
            if bytes.count > densest?.bytes.count ?? 0 { densest = (fixture, tile, bytes) }
        }
        guard let (fixture, tile, bytes) = densest else { throw BenchError.noTile("the street fixtures") }
        let decoded = try VectorTile(bytes: bytes)
        let layers = try decoded.decodeAllLayers()
        let features = layers.reduce(0) { $0 + $1.features.count }
        print("== densest street tile: largest z14 tile of \(fixture.path) ==")
        print(
            "  tile \(tile): \(bytes.count) bytes gzip, \(decoded.byteCount) bytes inflated, \(features) features "
                + "in \(layers.count) layers")
        print("  features by layer: " + layers.map { "\($0.name) \($0.features.count)" }.joined(separator: ", "))
        let decode = Stopwatch.measure(runs: 200) { frameChecksum &+= (try? VectorTile(bytes: bytes))?.byteCount ?? 0 }
        report("decode (VectorTile(bytes:): inflate, scan)", decode, target: nil)
        let decodeAll = Stopwatch.measure(runs: 100) {
            frameChecksum &+= (try? VectorTile(bytes: bytes).decodeAllLayers())?.count ?? 0
        }
        report("  and every layer decoded", decodeAll, target: nil)
        let shipped = try ShippedMap(resources: resources, files: [ShippedMap.files[0]])
        try prepare(tile: tile, bytes: bytes, style: shipped.style)
        try pans(over: tile, streets: fixture.path, resources: resources)
    }

    /// The z14 tile of `file` with the most bytes, among those within the fixture's radius.
    static func largest(in file: MBTilesFile, fixture: Fixture) throws -> (TileID, [UInt8]) {
        var best: (TileID, [UInt8])?
        for tile in GeoBounds.around(fixture.center, radiusKm: fixture.radiusKm).tiles(atZoom: 14) {
            guard let bytes = try file.tileData(tile), bytes.count > best?.1.count ?? 0 else { continue }
            best = (tile, bytes)
        }
        guard let best else { throw BenchError.noTile(fixture.path) }
        return best
    }

    /// The centre of a tile.
    static func center(of tile: TileID) -> LatLon {
        let n = Double(tile.size)
        return Mercator.unproject(WorldPoint(x: (Double(tile.x) + 0.5) / n, y: (Double(tile.y) + 0.5) / n))
    }

    /// A snapshot of a 160×48 view centred on the tile at z14, z16 and z18, from a source holding only
    /// that tile: "prepare" is a new builder over a loader that holds the tile decoded already (the style
    /// layers of the zoom selected and grouped; the builder is made untimed), "cold" a builder and loader
    /// with every cache emptied (read, decode and prepare: what a snapshot pays for a tile it meets
    /// first).
    static func prepare(tile: TileID, bytes: [UInt8], style: MapStyle) throws {
        let loader = TileLoader(store: MVTMemoryTileStore(tiles: [tile: bytes], minZoom: 14, maxZoom: 14))
        for zoom in [14.0, 16, 18] {
            let camera = Camera(center: center(of: tile), zoom: zoom)
            let shown = style.layers.filter { $0.isVisible(atZoom: zoom) }.count
            let warmup = TileSnapshotBuilder(sources: [loader], style: style).snapshot(
                camera: camera, viewport: viewport)
            guard warmup.pendingTiles.isEmpty, warmup.drawnCounts.values.reduce(0, +) == 1 else {
                throw BenchError.notDrawn(tile)
            }
            var samples: [Double] = []
            for _ in 0..<100 {
                let builder = TileSnapshotBuilder(sources: [loader], style: style)
                let start = DispatchTime.now().uptimeNanoseconds
                frameChecksum &+= builder.snapshot(camera: camera, viewport: viewport).version
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            report("prepare for z\(Int(zoom)) (\(shown) style layers shown)", Timing(samples: samples), target: nil)
            let builder = TileSnapshotBuilder(sources: [loader], style: style)
            let cold = Stopwatch.measure(runs: 100) {
                builder.clearCache()
                frameChecksum &+= builder.snapshot(camera: camera, viewport: viewport).version
            }
            report("  read + decode + prepare, cold", cold, target: nil)
        }
    }

    /// Pans (arrow keys, as the map takes them) around the dense tile at z15 and z16, 160×48, over the
    /// world map and the streets of `streets` (the fixture holding the tile): a loop of 16 pans drawn once to warm every cache, then 5
    /// times timed, each pan a snapshot, the frame with its panes (as `FrameBenchmark` measures a
    /// frame) and its ANSI text.
    static func pans(over tile: TileID, streets: String, resources: URL) throws {
        let shipped = try ShippedMap(resources: resources, files: [ShippedMap.files[0], "../" + streets])
        let map = SnapshotMap(sources: shipped.loaders(), ids: shipped.ids, style: shipped.style)
        let composer = FrameComposer()
        let loop: [MapAction] =
            Array(repeating: .key(.right), count: 3) + Array(repeating: .key(.down), count: 2)
            + Array(repeating: .key(.left), count: 6) + Array(repeating: .key(.up), count: 2)
            + Array(repeating: .key(.right), count: 3)
        for zoom in [15.0, 16] {
            var state = MapState(camera: Camera(center: center(of: tile), zoom: zoom), screen: viewport)
            var samples: [Double] = []
            for pass in 0..<6 {
                for action in loop {
                    _ = MapReducer.reduce(&state, action)
                    let start = DispatchTime.now().uptimeNanoseconds
                    let grid = composer.compose(
                        state, map: map.renderLayers(camera: state.camera, viewport: state.mapViewport))
                    frameChecksum &+= AnsiText.encode(grid).count
                    if pass > 0 { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
                }
            }
            let timing = Timing(samples: samples)
            report("pan z\(Int(zoom)) over it, warm: frame + ANSI", timing, target: 1)
            reportPercentile("  p90", timing, 0.9, target: 1)
            reportPercentile("  slowest", timing, 1, target: nil)
        }
    }

    enum BenchError: Error, CustomStringConvertible {
        case noTile(String)
        case notDrawn(TileID)

        var description: String {
            switch self {
            case .noTile(let file): return "no z14 tile in \(file)"
            case .notDrawn(let tile): return "the snapshot did not draw tile \(tile) alone"
            }
        }
    }
}
