import Foundation
import GeoCore
import Storage
import TestSupport

/// A tile server for tests, on 127.0.0.1: answers `/tiles/{z}/{x}/{y}.pbf` from an MBTiles file (and a
/// TileJSON at `/tilejson.json`), with switches for latency, 404s, 204s, empty 200s, tiles sent with
/// `Content-Encoding: gzip`, 429 with `Retry-After`, 500, stalled bodies and garbage bytes, and a log of
/// every request with the time it came (seconds since the fake started).
final class TileServerFake: @unchecked Sendable {
    /// How the server answers tile requests.
    enum Mode: Sendable, Equatable {
        case serve
        case notFound
        /// 204 No Content, as OSM US answers for a tile it has not got.
        case noContent
        /// 200 with an empty body, as OpenFreeMap answers for a tile it has not got.
        case emptyOK
        /// The stored (gzip) tile with `Content-Encoding: gzip`, as OpenFreeMap sends tiles.
        case gzipEncoded
        case tooManyRequests(retryAfter: Int)
        case failing
        case stall
        case garbage
    }

    let server: HTTPTestServer
    private let tiles: MBTilesFile
    private let lock = NSLock()
    private let started = Date()
    // Guarded by `lock`.
    private var mode = Mode.serve
    private var latency = 0.0
    private var modeQueue: [Mode] = []
    private var log: [(time: Double, target: String)] = []
    private var waiting = 0
    private var mostWaiting = 0

    /// Serves the tiles of `mbtiles` (a file under Resources by default: the world basemap).
    init(mbtiles: URL = RepositoryPaths.resource("world.mbtiles")) throws {
        tiles = try MBTilesFile(path: mbtiles.path)
        let box = WeakBox()
        server = try HTTPTestServer(concurrent: true) { target in box.fake?.answer(target) ?? .close }
        box.fake = self
    }

    deinit { server.stop() }

    /// "http://127.0.0.1:PORT/tiles/{z}/{x}/{y}.pbf".
    var template: String { server.baseURL.absoluteString + "/tiles/{z}/{x}/{y}.pbf" }

    /// "http://127.0.0.1:PORT/tilejson.json": a TileJSON whose tiles are `template`.
    var tileJSONURL: URL { server.baseURL.appendingPathComponent("tilejson.json") }

    /// The headers of every request so far (values by lower-case name).
    var requestHeaders: [(target: String, headers: [String: String])] {
        Array(zip(server.requests, server.requestHeaders))
    }

    /// Answers every request this way from now on.
    func set(_ mode: Mode, latency: Double? = nil) {
        lock.withLock {
            self.mode = mode
            if let latency { self.latency = latency }
        }
    }

    /// Answers the next requests with these modes, one each, then as `set` says.
    func queue(_ modes: [Mode]) { lock.withLock { modeQueue += modes } }

    /// Tile requests so far: when (seconds since start) and which tile.
    var requests: [(time: Double, tile: TileID)] {
        lock.withLock { log.compactMap { entry in Self.tile(entry.target).map { (entry.time, $0) } } }
    }

    func stop() { server.stop() }

    /// The most tile requests under way at once so far, counted over the added latency (before the
    /// answer is sent, so a request the client has finished never overlaps its next one).
    var mostConcurrentRequests: Int { lock.withLock { mostWaiting } }

    private func answer(_ target: String) -> HTTPTestServer.Response {
        if target == "/tilejson.json" {
            return .json(#"{"tilejson": "3.0.0", "tiles": ["\#(template)"], "minzoom": 0, "maxzoom": 6}"#)
        }
        let (mode, latency) = lock.withLock { () -> (Mode, Double) in
            log.append((Date().timeIntervalSince(started), target))
            return (modeQueue.isEmpty ? self.mode : modeQueue.removeFirst(), self.latency)
        }
        if latency > 0 {
            lock.withLock {
                waiting += 1
                mostWaiting = max(mostWaiting, waiting)
            }
            Thread.sleep(forTimeInterval: latency)
            lock.withLock { waiting -= 1 }
        }
        guard let tile = Self.tile(target) else { return .text("no such path", status: 404) }
        switch mode {
        case .serve:
            guard let bytes = try? tiles.tileData(tile) else { return .text("not found", status: 404) }
            return .sendWithHeaders(status: 200, headers: ["Cache-Control": "max-age=3600"], body: Data(bytes))
        case .notFound: return .text("not found", status: 404)
        case .noContent: return .sendWithHeaders(status: 204, headers: [:], body: Data())
        case .emptyOK: return .sendWithHeaders(status: 200, headers: [:], body: Data())
        case .gzipEncoded:
            guard let bytes = try? tiles.tileData(tile) else { return .text("not found", status: 404) }
            return .sendWithHeaders(status: 200, headers: ["Content-Encoding": "gzip"], body: Data(bytes))
        case .tooManyRequests(let seconds):
            return .sendWithHeaders(status: 429, headers: ["Retry-After": "\(seconds)"], body: Data("slow down".utf8))
        case .failing: return .text("broken", status: 500)
        case .stall: return .stall(status: 200, partialBody: Data([0x1F, 0x8B]), declaredLength: 4096)
        case .garbage: return .sendWithHeaders(status: 200, headers: [:], body: Data((0..<700).map { UInt8($0 % 251) }))
        }
    }

    /// The tile of "/tiles/z/x/y.pbf".
    static func tile(_ target: String) -> TileID? {
        let parts = target.split(separator: "/")
        guard parts.count == 4, parts[0] == "tiles", let z = Int(parts[1]), let x = Int(parts[2]),
            let y = Int(parts[3].split(separator: ".").first ?? "")
        else { return nil }
        return TileID(z: z, x: x, y: y)
    }

    /// Lets the handler reach the fake without a retain cycle.
    private final class WeakBox: @unchecked Sendable {
        weak var fake: TileServerFake?
    }
}
