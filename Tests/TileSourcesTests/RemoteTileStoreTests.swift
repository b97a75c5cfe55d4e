import Foundation
import GeoCore
import Network
import Render
import Storage
import Synchronization
import TestSupport
import Testing
import TileSources
import VectorTiles

/// Remote tiles against a real tile server on 127.0.0.1: frames never wait, pans cancel, the cache
/// serves when the server is gone and stays under its limit, failures back off, four requests at most.
@Suite(.serialized) struct RemoteTileStoreTests {
    /// Collects a store's events and waits for them.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [RemoteTileEvent] = []
        func record(_ event: RemoteTileEvent) { lock.withLock { list.append(event) } }
        var all: [RemoteTileEvent] { lock.withLock { list } }
        var arrived: [TileID] {
            all.flatMap { event -> [TileID] in
                if case .arrived(let ids) = event { return ids }
                return []
            }
        }
        /// Waits up to `seconds` until `condition` holds.
        @discardableResult
        func wait(seconds: Double = 10, until condition: ([RemoteTileEvent]) -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition(all) { return true }
                usleep(5_000)
            }
            return condition(all)
        }
    }

    static func temporaryFile(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-tiles-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    static let metadata = TileSetMetadata(name: "loopback", format: "pbf", minZoom: 0, maxZoom: 6)

    static func store(
        _ fake: TileServerFake, cache: TileCache? = nil, events: Events, timeout: Double = 5
    ) throws -> RemoteTileStore {
        let client = try TileServerClient(template: fake.template, timeout: timeout)
        return RemoteTileStore(
            name: "127.0.0.1", metadata: metadata, fetcher: client, cache: cache, onEvent: events.record)
    }

    static func tiles(z: Int, _ xs: Range<Int>, _ ys: Range<Int>) -> [TileID] {
        ys.flatMap { y in xs.map { TileID(z: z, x: $0, y: y) } }
    }

    @Test func aFrameDrawsBeforeAnyTileArrivesAndAgainAfter() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.serve, latency: 0.3)
        let events = Events()
        let store = try Self.store(fake, events: events)
        let style = try MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: style)
        let camera = Camera(center: LatLon(lat: 48, lon: 5), zoom: 4.5)
        let viewport = Viewport(cols: 100, rows: 30)

        let before = Date()
        let first = renderer.render(camera: camera, viewport: viewport)
        #expect(Date().timeIntervalSince(before) < 0.25, "the first frame does not wait for the 0.3 s server")
        let pending = renderer.pendingTiles
        #expect(!pending.isEmpty && pending.allSatisfy { $0.tile.z == 4 })
        #expect(first.text.unicodeScalars.allSatisfy { $0.value < 0x2801 || $0.value > 0x28FF })

        store.want(pending.map(\.tile))
        #expect(events.wait { _ in Set(events.arrived) == Set(pending.map(\.tile)) })
        let second = renderer.render(camera: camera, viewport: viewport)
        #expect(renderer.pendingTiles.isEmpty)
        #expect(second.text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "coastlines drawn")
    }

    @Test func aPanCancelsTilesNoLongerInView() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.serve, latency: 0.6)
        let events = Events()
        let cache = try TileCache(path: Self.temporaryFile("pan.mbtiles"), limitBytes: 50 << 20)
        let store = try Self.store(fake, cache: cache, events: events)
        let west = Self.tiles(z: 5, 0..<2, 10..<12)
        let east = Self.tiles(z: 5, 20..<22, 10..<12)
        store.want(west)
        usleep(150_000)
        store.want(east)
        #expect(events.wait { _ in Set(events.arrived) == Set(east) })
        usleep(700_000)
        #expect(Set(events.arrived).isDisjoint(with: west), "no tile that left the view is delivered")
        #expect(west.allSatisfy { cache.entry($0) == nil }, "nor stored")
        #expect(east.allSatisfy { cache.entry($0) != nil })
    }

    @Test func aRestartDrawsFromTheCacheWithTheServerStopped() throws {
        let path = Self.temporaryFile("restart.mbtiles")
        let wanted = Self.tiles(z: 3, 0..<4, 2..<4)
        do {
            let fake = try TileServerFake()
            let events = Events()
            let store = try Self.store(fake, cache: try TileCache(path: path, limitBytes: 50 << 20), events: events)
            store.want(wanted)
            #expect(events.wait { _ in Set(events.arrived) == Set(wanted) })
            fake.stop()
        }
        let port = try HTTPTestServer.unusedPort()
        let events = Events()
        let client = try TileServerClient(template: "http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.pbf", timeout: 1)
        let store = RemoteTileStore(
            name: "gone", metadata: Self.metadata, fetcher: client,
            cache: try TileCache(path: path, limitBytes: 50 << 20),
            onEvent: events.record)
        let loader = TileLoader(store: store)
        for id in wanted {
            guard case .tile = loader.load(id) else {
                Issue.record("tile \(id) not served from the cache")
                continue
            }
        }
        #expect(MBTilesFileCheck.isStandardMBTiles(path), "the cache is an MBTiles file other tools can open")
    }

    @Test func theCacheStaysUnderItsLimitDuringALongSeededPan() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let events = Events()
        let limit = 400_000
        let cache = try TileCache(path: Self.temporaryFile("evict.mbtiles"), limitBytes: limit)
        let store = try Self.store(fake, cache: cache, events: events)
        var generator = SeededGenerator(seed: 5)
        var x = 10, y = 20
        var fetched = 0
        for _ in 0..<40 {
            x = (x + Int.random(in: -1...2, using: &generator) + 64) % 64
            y = min(max(y + Int.random(in: -1...1, using: &generator), 0), 58)
            let view = Self.tiles(z: 6, x..<(x + 4), y..<(y + 4)).map(\.wrapped)
            store.want(view)
            #expect(events.wait { _ in Set(events.arrived).isSuperset(of: view) })
            fetched = Set(events.arrived).count
            #expect(cache.totalBytes <= limit)
        }
        #expect(fetched > 150, "the pan went through more tiles than the cache holds")
        #expect(cache.fileBytes <= limit + 64 * 1024, "the file shrinks with eviction (\(cache.fileBytes) bytes)")
        let last = Self.tiles(z: 6, x..<(x + 4), y..<(y + 4)).map(\.wrapped)
        #expect(last.allSatisfy { cache.entry($0) != nil }, "the tiles in view are the last evicted")
    }

    /// A cache of no bytes, or one smaller than a tile, keeps nothing: each tile is still asked for once
    /// and drawn from memory, however often the map wants it again.
    @Test(arguments: [0, 2_000])
    func aTileTheDiskCacheCannotHoldIsFetchedOnce(limit: Int) throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let events = Events()
        let cache = try TileCache(path: Self.temporaryFile("tiny.mbtiles"), limitBytes: limit)
        let store = try Self.store(fake, cache: cache, events: events)
        let wanted = Self.tiles(z: 2, 0..<4, 1..<3)
        store.want(wanted)
        #expect(events.wait { _ in Set(events.arrived) == Set(wanted) })
        let served = wanted.filter { id in (try? store.tileData(id)) != nil }
        #expect(served == wanted, "every fetched tile is served from memory")
        for _ in 0..<25 {
            store.want(wanted)
            usleep(20_000)
        }
        #expect(fake.requests.count == wanted.count, "each tile asked for once, not \(fake.requests.count) times")
    }

    /// The pauses between tries, on a manual clock the store's sleeps move (no waiting in the test).
    final class Pauses: Sendable {
        let clock = ManualClock()
        private let list = Mutex<[Double]>([])
        var all: [Double] { list.withLock { $0 } }
        func sleep(_ seconds: Double) async {
            list.withLock { $0.append(seconds) }
            clock.advance(by: seconds)
        }
    }

    @Test func backoffSpacesRetriesAsPromised() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.queue([.tooManyRequests(retryAfter: 1), .failing])
        let events = Events()
        let pauses = Pauses()
        let store = RemoteTileStore(
            name: "127.0.0.1", metadata: Self.metadata, fetcher: try TileServerClient(template: fake.template),
            cache: nil, clock: { pauses.clock.now() }, sleep: pauses.sleep, onEvent: events.record)
        let tile = TileID(z: 2, x: 1, y: 1)
        store.want([tile])
        #expect(events.wait(seconds: 15) { _ in events.arrived == [tile] })
        try #require(fake.requests.count == 3, "429, 500, then the tile: \(fake.requests.count) requests")
        #expect(pauses.all == [1, 2], "Retry-After: 1 is honoured, then the second failure in a row waits 2 s")
        let failing = events.all.filter { if case .failing = $0 { return true } else { return false } }
        #expect(failing.count == 1, "a failing source says so once")
        #expect(events.all.contains(.recovered))
    }

    @Test func atMostFourRequestsAtOnce() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.serve, latency: 0.15)
        let events = Events()
        let store = try Self.store(fake, events: events)
        let wanted = Self.tiles(z: 4, 0..<6, 4..<8)
        store.want(wanted)
        #expect(events.wait { _ in Set(events.arrived) == Set(wanted) })
        #expect(fake.mostConcurrentRequests == HostGate.limit)
        #expect(fake.requests.count == wanted.count, "each tile asked for once")
    }

    @Test func missingTilesAreEmptyAndNotAskedAgain() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.notFound)
        let events = Events()
        let cache = try TileCache(path: Self.temporaryFile("404.mbtiles"), limitBytes: 1 << 20)
        let store = try Self.store(fake, cache: cache, events: events)
        let tile = TileID(z: 3, x: 2, y: 2)
        store.want([tile])
        #expect(events.wait { _ in events.arrived == [tile] })
        #expect(try store.tileData(tile) == nil)
        store.want([tile])
        usleep(100_000)
        #expect(fake.requests.count == 1)
        #expect(cache.entry(tile).map { $0.bytes == nil && !$0.isStale } == true)
    }

    @Test func aTilePastItsMaxAgeIsDrawnAndFetchedAgainInTheBackground() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let events = Events()
        let cache = try TileCache(path: Self.temporaryFile("stale.mbtiles"), limitBytes: 1 << 20)
        let tile = TileID(z: 2, x: 2, y: 1)
        try cache.store(tile, bytes: [1, 2, 3], maxAge: 0)
        let store = try Self.store(fake, cache: cache, events: events)
        #expect(try store.tileData(tile) == [1, 2, 3], "the stale copy is drawn at once")
        store.want([])
        #expect(events.wait { $0.contains(.refreshed([tile])) })
        #expect(fake.requests.map(\.tile) == [tile])
        #expect(cache.entry(tile).map { !$0.isStale && $0.bytes != [1, 2, 3] } == true, "the fresh tile replaced it")
    }

    @Test func garbageAndStalledTilesNeverStopTheMap() throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.garbage)
        let events = Events()
        let store = try Self.store(fake, events: events, timeout: 1)
        let loader = TileLoader(store: store)
        let tile = TileID(z: 1, x: 0, y: 0)
        store.want([tile])
        #expect(events.wait { _ in events.arrived == [tile] })
        guard case .damaged = loader.load(tile) else {
            Issue.record("garbage bytes are a damaged tile")
            return
        }
        fake.set(.stall)
        let stalled = TileID(z: 1, x: 1, y: 0)
        let start = Date()
        store.want([stalled])
        #expect(events.wait(seconds: 5) { list in list.contains { if case .failing = $0 { true } else { false } } })
        #expect(Date().timeIntervalSince(start) < 3, "a stalled body ends at the timeout")
        guard case .pending = loader.load(stalled) else {
            Issue.record("a stalled tile stays pending")
            return
        }
    }
}

/// Opens a file the way any MBTiles reader would (our own reader: tables, metadata and format checked).
enum MBTilesFileCheck {
    static func isStandardMBTiles(_ path: String) -> Bool {
        guard let file = try? MBTilesFile(path: path) else { return false }
        return file.metadata.format == "pbf"
    }
}
