import Foundation
import GeoCore
import Network
import Render
import Storage
import Synchronization
import TestSupport
import TileSources
import VectorTiles

/// Part 5's figures for remote tiles: the first frame with an unreachable tile server against none,
/// pans at z15 over a loopback server that adds 50 ms to every tile, and frames from cached tiles
/// against the same frames from a local MBTiles file. The tiles are the Columbus street fixture
/// (`Tests/bench/columbus.mbtiles`), served by a real HTTP server on 127.0.0.1.
enum TileSourceBenchmark {
    static let viewport = Viewport(cols: 160, rows: 48)
    static let columbus = LatLon(lat: 39.9612, lon: -82.9988)

    static func run(resources: URL) throws {
        print("== remote tiles (Columbus streets; loopback server) ==")
        let fixture = resources.deletingLastPathComponent().appendingPathComponent("Tests/bench/columbus.mbtiles").path
        let style = try MapStyle.decode(from: Data(contentsOf: resources.appendingPathComponent("style-dark.json")))
        let world = resources.appendingPathComponent("world.mbtiles").path
        try firstFrame(world: world, style: style)
        try pans(fixture: fixture, world: world, style: style)
        try cachedFrames(fixture: fixture, world: world, style: style)
    }

    // MARK: First frame

    /// Opening the sources and drawing the first frame (handing its missing tiles over), cold, with no
    /// remote source, and with one whose server refuses connections or cannot be routed to.
    static func firstFrame(world: String, style: MapStyle) throws {
        let camera = Camera(center: columbus, zoom: 15)
        let port = try HTTPTestServer.unusedPort()
        let cases: [(String, String?)] = [
            ("no tile server", nil), ("refused (127.0.0.1, closed port)", "http://127.0.0.1:\(port)/{z}/{x}/{y}.pbf"),
            ("unroutable (10.255.255.1)", "http://10.255.255.1/{z}/{x}/{y}.pbf"),
        ]
        var medians: [Double] = []
        for (name, template) in cases {
            var keep: [RemoteTileStore] = []
            let timing = try measureThrowing(runs: 20) {
                var loaders = [TileLoader(store: try MBTilesFile(path: world))]
                var remote: RemoteTileStore?
                if let template {
                    let store = RemoteTileStore(
                        name: "bench", metadata: TileSetMetadata(name: "bench", format: "pbf", minZoom: 0, maxZoom: 14),
                        fetcher: try TileServerClient(template: template), cache: nil, onEvent: { _ in })
                    loaders.append(TileLoader(store: store))
                    remote = store
                }
                let renderer = SnapshotMap(sources: loaders, style: style)
                _ = renderer.render(camera: camera, viewport: viewport)
                remote?.want(renderer.pendingTiles.map(\.tile))
                if let remote { keep.append(remote) }
            }
            medians.append(timing.median)
            report("first frame z15, \(name)", timing, target: nil)
            for store in keep { store.want([]) }
        }
        let gap = (medians.dropFirst().max() ?? 0) - medians[0]
        print(String(format: "  gap to no tile server: %.2f ms  target ≤ 5 ms: %@", gap, gap <= 5 ? "met" : "MISSED"))
    }

    // MARK: Pans

    /// Pans of a quarter screen at z15 (eastward, a row south now and then) over a server adding 50 ms
    /// per tile, until 20 of them have needed new tiles: from the key to the first frame that lacks no
    /// tile, the run loop's way (a look for news every 10 ms, a frame when tiles came). Pans that need
    /// no tile (the next column is loaded already) complete in one frame and are left out.
    static func pans(fixture: String, world: String, style: MapStyle) throws {
        let tiles = try MBTilesFile(path: fixture)
        let server = try HTTPTestServer(concurrent: true) { target in
            Thread.sleep(forTimeInterval: 0.05)
            let parts = target.split(separator: "/")
            guard parts.count == 4, let z = Int(parts[1]), let x = Int(parts[2]),
                let y = Int(parts[3].split(separator: ".").first ?? ""),
                let bytes = try? tiles.tileData(TileID(z: z, x: x, y: y))
            else { return .text("not found", status: 404) }
            return .send(status: 200, body: Data(bytes), contentType: "application/vnd.mapbox-vector-tile")
        }
        defer { server.stop() }
        let arrivals = Counter()
        let store = RemoteTileStore(
            name: "loopback", metadata: TileSetMetadata(name: "loopback", format: "pbf", minZoom: 0, maxZoom: 14),
            fetcher: try TileServerClient(template: server.baseURL.absoluteString + "/tiles/{z}/{x}/{y}.pbf"),
            cache: nil, onEvent: { _ in arrivals.add() })
        let renderer = SnapshotMap(
            sources: [TileLoader(store: try MBTilesFile(path: world)), TileLoader(store: store)], style: style)
        var camera = Camera(center: LatLon(lat: 39.99, lon: -83.15), zoom: 15)
        _ = renderer.render(camera: camera, viewport: viewport)
        var samples: [Double] = []
        var tilesPerPan: [Int] = []
        var pan = 0
        while samples.count < 20, pan < 400 {
            pan += 1
            let quarter = Double(viewport.dotsWide) / 4
            camera = camera.panned(dx: quarter, dy: pan % 5 == 0 ? Double(viewport.dotsHigh) / 4 : 0)
            let start = DispatchTime.now().uptimeNanoseconds
            _ = renderer.render(camera: camera, viewport: viewport)
            let wanted = renderer.pendingTiles.count
            store.want(renderer.pendingTiles.map(\.tile))
            var seen = arrivals.value
            while !renderer.pendingTiles.isEmpty {
                usleep(10_000)
                guard arrivals.value != seen else { continue }
                seen = arrivals.value
                _ = renderer.render(camera: camera, viewport: viewport)
                store.want(renderer.pendingTiles.map(\.tile))
            }
            if wanted > 0 {
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                tilesPerPan.append(wanted)
            }
        }
        report("pan z15, 50 ms/tile: streets complete", Timing(samples: samples), target: 300)
        print("  tiles fetched per pan: \(tilesPerPan.sorted()[tilesPerPan.count / 2]) (median), 4 at once")
    }

    // MARK: Cached frames

    /// The same z15 frames drawn from a local MBTiles file and from the tile cache of a remote source
    /// holding the same tiles (server gone), cold (caches emptied) and warm.
    static func cachedFrames(fixture: String, world: String, style: MapStyle) throws {
        let local = try MBTilesFile(path: fixture)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(getpid()).mbtiles").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let cache = try TileCache(path: path, limitBytes: 500 << 20)
        let bounds = GeoBounds.around(columbus, radiusKm: 4)
        for z in 10...14 {
            for tile in bounds.tiles(atZoom: z) {
                guard let bytes = try local.tileData(tile) else { continue }
                try cache.store(tile, bytes: bytes, maxAge: 86_400)
            }
        }
        let cached = RemoteTileStore(
            name: "cached", metadata: TileSetMetadata(name: "cached", format: "pbf", minZoom: 0, maxZoom: 14),
            fetcher: nil, cache: cache, onEvent: { _ in })
        let worldStore = try MBTilesFile(path: world)
        let fromFile = SnapshotMap(sources: [TileLoader(store: worldStore), TileLoader(store: local)], style: style)
        let fromCache = SnapshotMap(sources: [TileLoader(store: worldStore), TileLoader(store: cached)], style: style)
        let camera = Camera(center: columbus, zoom: 15)
        for (kind, clear) in [("cold", true), ("warm", false)] {
            // The two renderers take turns, so that the machine's moods fall on both alike.
            var samples: [[Double]] = [[], []]
            for run in 0..<63 {
                for (index, renderer) in [fromFile, fromCache].enumerated() {
                    if clear { renderer.clearCache() }
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = renderer.render(camera: camera, viewport: viewport)
                    if run >= 3 { samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
                }
            }
            var results: [Double] = []
            for (index, name) in ["local MBTiles", "tile cache"].enumerated() {
                let timing = Timing(samples: samples[index])
                results.append(timing.median)
                report("frame z15 \(kind), \(name)", timing, target: nil)
            }
            let ratio = results[1] / results[0]
            print(
                String(
                    format: "  %@: cache / file = %.2f  target ≤ 1.10: %@", kind, ratio,
                    ratio <= 1.10 ? "met" : "MISSED"))
        }
    }

    static func measureThrowing(runs: Int, _ body: () throws -> Void) throws -> Timing {
        var failure: (any Error)?
        let timing = Stopwatch.measure(runs: runs, warmup: 2) {
            do { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        return timing
    }

    /// A thread-safe count.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}
