import Foundation
import GeoCore
import Render
import Storage
import Synchronization
import TestSupport
import TileSources
import VectorTiles

/// Part 10's figure for the default remote source: the bytes a new user's session fetches, with
/// remote tiles asked for from z6 only (`MapComposition.lowestRemoteZoom`) and from z0. The session
/// opens as a first start does (z2 over the Atlantic, then z4 over North America), jumps to Columbus
/// at z10 and makes 50 seeded pans and zoom steps there between z10 and z16. Each step is a snapshot
/// of the map's sources (the shipped ones, then the remote one), its missing tiles handed to the
/// `TileSourceSet` and waited for until none is missing. The remote source is a real HTTP server on
/// 127.0.0.1 shaped like OpenFreeMap's planet (a TileJSON at /planet, versioned tile URLs, gzip, an
/// empty 200 for a tile it has not got) serving the world basemap's tiles at z0–6 and the Columbus
/// street fixture's at z11–14; it counts every answer's body bytes by tile zoom.
enum SessionBytesBenchmark {
    static let viewport = Viewport(cols: 160, rows: 48)
    static let build = "20261201_001"
    /// OpenFreeMap's planet tiles over the Atlantic as issue 17 measured them, bytes: z1 and z2.
    static let realTileBytes = [1: 185_000, 2: 621_000]

    static func run(resources: URL) throws {
        print("== bytes of a new user's session: z2, z4, then 50 seeded steps in Columbus z10–16 (loopback) ==")
        let server = try PlanetServer(
            world: try MBTilesFile(path: resources.appendingPathComponent("world.mbtiles").path),
            streets: try MBTilesFile(
                path: resources.deletingLastPathComponent().appendingPathComponent("Tests/bench/columbus.mbtiles")
                    .path))
        defer { server.http.stop() }
        let shipped = try ShippedMap(resources: resources)
        let steps = session()
        // The two rules take turns twice: the counts must repeat exactly.
        var results: [Int: [[Int: Tally]]] = [:]
        for _ in 0..<2 {
            for lowest in [6, 0] {
                results[lowest, default: []].append(try measure(lowest, steps: steps, server: server, shipped: shipped))
            }
        }
        print("  steps: \(steps.count) (zooms \(Set(steps.map { Int($0.zoom) }).sorted()))")
        let bands: [(String, ClosedRange<Int>)] = [("z0–5", 0...5), ("z6–10", 6...10), ("z11–14", 11...14)]
        print("  tile zoom    remote from z6 (the rule)      remote from z0")
        for (name, range) in bands {
            let cells = [6, 0].map { lowest -> String in
                let tally = results[lowest]![0].filter { range.contains($0.key) }.values.reduce(Tally(), +)
                return String(format: "%5d tiles %9.1f KB", tally.tiles, Double(tally.bytes) / 1000)
            }
            print("  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))   \(cells[0])        \(cells[1])")
        }
        let totals = [6, 0].map { results[$0]![0].values.reduce(Tally(), +) }
        print(
            String(
                format: "  all (TileJSON included)    %5d req   %9.1f KB        %5d req   %9.1f KB", totals[0].tiles,
                Double(totals[0].bytes) / 1000, totals[1].tiles, Double(totals[1].bytes) / 1000))
        let repeated = [6, 0].allSatisfy { results[$0]![0] == results[$0]![1] }
        print("  measured, loopback; both runs of each rule alike: \(repeated ? "yes" : "NO")")
        let low = results[0]![0].filter { (0...5).contains($0.key) }
        let lowText = low.keys.sorted().map {
            String(
                format: "z%d: %d × %.1f KB", $0, low[$0]!.tiles, Double(low[$0]!.bytes) / 1000 / Double(low[$0]!.tiles))
        }
        print("  from z0, the low views' tiles (world basemap tiles, measured): " + lowText.joined(separator: ", "))
        let known = low.filter { realTileBytes[$0.key] != nil }
        let unknown = low.filter { realTileBytes[$0.key] == nil }.values.reduce(0) { $0 + $1.tiles }
        let estimate = known.reduce(0) { $0 + $1.value.tiles * realTileBytes[$1.key]! }
        let described = known.keys.sorted().map { "\(known[$0]!.tiles) × z\($0) at \(realTileBytes[$0]! / 1000) KB" }
        print(
            "  estimated for OpenFreeMap: the rule saves at least \(estimate / 1000) KB ("
                + described.joined(separator: ", ") + ", issue 17's sizes), plus \(unknown) tile(s) of z3–5 "
                + "whose real size is not known here")
    }

    /// The cameras of the session: the first start's two low views, Columbus at z10, then 50 steps,
    /// each (seeded) a quarter-screen pan in one of four directions or a zoom step; zoom steps go in
    /// to z16, then out to z10, and in again. Pans stay within 8 km of downtown.
    static func session() -> [Camera] {
        var cameras = [
            Camera(center: LatLon(lat: 35, lon: -40), zoom: 2), Camera(center: LatLon(lat: 40, lon: -95), zoom: 4),
        ]
        let columbus = TileSourceBenchmark.columbus
        let area = GeoBounds.around(columbus, radiusKm: 8)
        var camera = Camera(center: columbus, zoom: 10)
        cameras.append(camera)
        var random = BenchRandom(seed: 17)
        var inward = true
        let (across, down) = (Double(viewport.dotsWide) / 4, Double(viewport.dotsHigh) / 4)
        for _ in 0..<50 {
            let choice = Int(random.next() % 8)
            if choice >= 4 {
                if camera.zoom >= 16 { inward = false }
                if camera.zoom <= 10 { inward = true }
                camera = camera.zoomed(to: camera.zoom + (inward ? 1 : -1))
            } else {
                let (dx, dy) = [(across, 0.0), (-across, 0), (0, down), (0, -down)][choice]
                let moved = camera.panned(dx: dx, dy: dy)
                camera = area.contains(moved.center) ? moved : camera.panned(dx: -dx, dy: -dy)
            }
            cameras.append(camera)
        }
        return cameras
    }

    /// Runs the session over a fresh tile cache with remote tiles asked for from zoom `lowest`; the
    /// server's answers by tile zoom (-1: the TileJSON).
    static func measure(_ lowest: Int, steps: [Camera], server: PlanetServer, shipped: ShippedMap) throws -> [Int:
        Tally]
    {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bench-session-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        var options = TileSourceSet.Options(cacheDirectory: cache)
        options.lowestRemoteZoom = lowest
        options.styleLayers = Set(shipped.style.layers.map(\.sourceLayer))
        let url = server.http.baseURL.appendingPathComponent("planet")
        let set = try TileSourceSet(specs: [.tileJSON(url)], options: options) { _ in throw BenchError.localSource }
        let builder = TileSnapshotBuilder(
            sources: shipped.loaders() + set.stores.map { TileLoader(store: $0) }, ids: shipped.ids + set.ids,
            style: shipped.style)
        server.reset()
        for camera in steps {
            var snapshot = builder.snapshot(camera: camera, viewport: viewport)
            var rounds = 0
            while !snapshot.pendingTiles.isEmpty || set.isResolving, rounds < 20 {
                rounds += 1
                let (arrived, wanted) = (set.arrivalCount, snapshot.pendingTiles)
                set.want(wanted)
                set.waitUntilIdle(seconds: 10)
                builder.forget(set.takeRefreshed())
                snapshot = builder.snapshot(camera: camera, viewport: viewport)
                // Stuck only when nothing arrived and no tile is wanted that was not asked for: a TileJSON
                // resolved in this round can make tiles pending that the round never asked for.
                let settled = set.arrivalCount == arrived && !set.isResolving && set.loadingCount == 0
                if settled, snapshot.pendingTiles == wanted { break }
            }
            guard snapshot.pendingTiles.isEmpty else { throw BenchError.stillMissing(snapshot.pendingTiles.count) }
        }
        return server.answers
    }

    /// Answers counted: how many, and their body bytes.
    struct Tally: Equatable {
        var tiles = 0
        var bytes = 0

        static func + (a: Tally, b: Tally) -> Tally { Tally(tiles: a.tiles + b.tiles, bytes: a.bytes + b.bytes) }
    }

    /// The OpenFreeMap stand-in: world tiles at z0–6, street tiles at z11–14, an empty 200 elsewhere.
    final class PlanetServer: Sendable {
        let http: HTTPTestServer
        private let state: Record

        /// The server's address and what it answered, shared with its thread.
        final class Record: Sendable {
            struct State {
                var base = ""
                var answers: [Int: Tally] = [:]
            }

            let state = Mutex(State())

            func withLock<T>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }
        }

        init(world: MBTilesFile, streets: MBTilesFile) throws {
            let state = Record()
            let http = try HTTPTestServer(concurrent: true) { target in
                PlanetServer.answer(target, world: world, streets: streets, state: state)
            }
            state.withLock { $0.base = http.baseURL.absoluteString }
            (self.http, self.state) = (http, state)
        }

        /// Answers by tile zoom since the last `reset` (-1: the TileJSON).
        var answers: [Int: Tally] { state.withLock { $0.answers } }

        func reset() { state.withLock { $0.answers = [:] } }

        private static func answer(_ target: String, world: MBTilesFile, streets: MBTilesFile, state: Record)
            -> HTTPTestServer.Response
        {
            let path = target.split(separator: "?").first.map(String.init) ?? target
            let parts = path.split(separator: "/").map(String.init)
            if parts == ["planet"] {
                let base = state.withLock { $0.base }
                let json = """
                    {"tilejson": "3.0.0", "name": "OpenFreeMap-like", "minzoom": 0, "maxzoom": 14,
                     "tiles": ["\(base)/planet/\(build)/{z}/{x}/{y}.pbf"],
                     "attribution": "OpenFreeMap © OpenMapTiles Data from OpenStreetMap",
                     "vector_layers": [{"id": "water"}, {"id": "transportation"}, {"id": "building"}]}
                    """
                count(-1, bytes: json.utf8.count, state)
                return .json(json)
            }
            guard parts.count == 5, parts[0] == "planet", parts[1] == build, let z = Int(parts[2]),
                let x = Int(parts[3]), let y = Int(parts[4].split(separator: ".").first ?? "")
            else { return .text("no such path", status: 404) }
            let store = z <= 6 ? world : z >= 11 ? streets : nil
            let tile = (try? store?.tileData(TileID(z: z, x: x, y: y))) ?? nil
            count(z, bytes: tile?.count ?? 0, state)
            var headers = ["Content-Type": "application/vnd.mapbox-vector-tile"]
            guard let tile else { return .sendWithHeaders(status: 200, headers: headers, body: Data()) }
            headers["Content-Encoding"] = "gzip"
            headers["Cache-Control"] = "max-age=86400"
            return .sendWithHeaders(status: 200, headers: headers, body: Data(tile))
        }

        private static func count(_ z: Int, bytes: Int, _ state: Record) {
            state.withLock {
                $0.answers[z, default: Tally()] = $0.answers[z, default: Tally()] + Tally(tiles: 1, bytes: bytes)
            }
        }
    }

    enum BenchError: Error, CustomStringConvertible {
        case localSource
        case stillMissing(Int)

        var description: String {
            switch self {
            case .localSource: return "the session's only source is remote"
            case .stillMissing(let count): return "\(count) tile(s) still missing after waiting"
            }
        }
    }
}
