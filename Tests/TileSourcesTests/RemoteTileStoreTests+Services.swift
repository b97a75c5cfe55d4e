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

/// What public tile services ask, against the loopback tile server: the User-Agent names mapterm, its
/// version and its homepage; empty answers of every kind are empty tiles asked for once a session;
/// gzip tiles decode whether the server says `Content-Encoding: gzip` or not.
extension RemoteTileStoreTests {
    @Test func tileAndTileJSONRequestsNameMaptermItsVersionAndHomepage() async throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let (client, _) = try await TileSourceSet.readTileJSON(fake.tileJSONURL, timeout: 5)
        _ = try await client.fetch(TileID(z: 1, x: 0, y: 0))
        let seen = fake.requestHeaders
        try #require(seen.map(\.target) == ["/tilejson.json", "/tiles/1/0/0.pbf"])
        let expected = "mapterm/\(MaptermRelease.version) (terminal map browser; +\(MaptermRelease.homepage))"
        #expect(MaptermRelease.userAgent == expected)
        for request in seen { #expect(request.headers["user-agent"] == expected, "\(request.target)") }
    }

    /// An empty 200 (OpenFreeMap), a 204 (OSM US) and a 404 are empty tiles, never errors, and, without a
    /// disk cache, are still asked for once however many frames want them again.
    @Test(arguments: [TileServerFake.Mode.emptyOK, .noContent, .notFound])
    func emptyAnswersAreEmptyTilesAskedForOnceASession(mode: TileServerFake.Mode) throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(mode)
        let events = Events()
        let store = try Self.store(fake, events: events)
        let style = try MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: style)
        let camera = Camera(center: LatLon(lat: 48, lon: 5), zoom: 4.5)
        let viewport = Viewport(cols: 100, rows: 30)
        _ = renderer.render(camera: camera, viewport: viewport)
        let wanted = renderer.pendingTiles.map(\.tile)
        try #require(!wanted.isEmpty)
        for _ in 0..<5 {
            store.want(renderer.pendingTiles.map(\.tile))
            #expect(events.wait { _ in store.loadingCount == 0 })
            _ = renderer.render(camera: camera, viewport: viewport)
            store.want(wanted)
            usleep(20_000)
        }
        #expect(renderer.pendingTiles.isEmpty, "an empty tile is not pending")
        for id in wanted { #expect(try store.tileData(id) == nil, "\(id) is empty") }
        let perTile = Dictionary(grouping: fake.requests.map(\.tile), by: { $0 }).mapValues(\.count)
        #expect(Set(perTile.keys) == Set(wanted) && perTile.values.allSatisfy { $0 == 1 }, "\(perTile)")
        #expect(!events.all.contains { if case .failing = $0 { true } else { false } }, "never an error")
    }

    @Test func gzipTilesDecodeWithAndWithoutContentEncoding() async throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let client = try TileServerClient(template: fake.template)
        let id = TileID(z: 2, x: 2, y: 1)
        let plain = try #require(Self.bytes(try await client.fetch(id)), "the stored tile arrives")
        fake.set(.gzipEncoded)
        let encoded = try #require(Self.bytes(try await client.fetch(id)), "the Content-Encoding: gzip tile arrives")
        #expect(plain.starts(with: [0x1F, 0x8B]), "without the header the body is the gzip file itself")
        #expect(!encoded.starts(with: [0x1F, 0x8B]), "with the header libcurl inflates it")
        let a = try VectorTile(bytes: plain), b = try VectorTile(bytes: encoded)
        #expect(!a.layerNames.isEmpty && a.layerNames == b.layerNames && a.byteCount == b.byteCount)
        // The store and the loader take both alike.
        let events = Events()
        let store = try Self.store(fake, events: events)
        store.want([id])
        #expect(events.wait { _ in events.arrived == [id] })
        let loaded = try #require(Self.vectorTile(TileLoader(store: store).load(id)), "the tile loads")
        #expect(loaded.layerNames == a.layerNames)
    }

    /// The bytes of a fetched tile, nil for an empty one.
    static func bytes(_ fetched: FetchedTile) -> [UInt8]? {
        if case .tile(let bytes, _) = fetched { return bytes }
        return nil
    }

    /// The tile of a load, nil for anything else.
    static func vectorTile(_ load: TileLoad) -> VectorTile? {
        if case .tile(let tile, _) = load { return tile }
        return nil
    }
}

/// The pause after a 429 is the host's: every source on it waits, on an injected clock, while a
/// source on another host goes on; and a service's minimum cache lifetime raises a shorter one.
/// Serialized: each test blocks a thread of the pool while the stores' tasks need one.
@Suite(.serialized) struct HostPauseTests {
    /// A fetcher that answers from a script (then empty tiles) and notes the clock at every call.
    final class ScriptedFetcher: TileFetcher, Sendable {
        let host: String
        private let clock: ManualClock
        private let script: Mutex<[Result<FetchedTile, TileFetchError>]>
        private let calls = Mutex<[Double]>([])

        init(host: String, clock: ManualClock, script: [Result<FetchedTile, TileFetchError>] = []) {
            self.host = host
            self.clock = clock
            self.script = Mutex(script)
        }

        /// The clock at each fetch so far.
        var callTimes: [Double] { calls.withLock { $0 } }

        func fetch(_ id: TileID) async throws -> FetchedTile {
            calls.withLock { $0.append(clock.now()) }
            let next = script.withLock { $0.isEmpty ? .success(.empty(maxAge: nil)) : $0.removeFirst() }
            return try next.get()
        }
    }

    /// Sleeps that end only when the test moves the clock past their end, and the lengths asked for.
    final class HeldSleeps: Sendable {
        let clock = ManualClock()
        private let asked = Mutex<[Double]>([])
        var all: [Double] { asked.withLock { $0 } }
        func sleep(_ seconds: Double) async {
            let end = clock.now() + seconds
            asked.withLock { $0.append(seconds) }
            while clock.now() < end { try? await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    static let metadata = TileSetMetadata(name: "scripted", format: "pbf", minZoom: 0, maxZoom: 14)

    static func store(
        _ fetcher: ScriptedFetcher, gate: HostGate, sleeps: HeldSleeps, cache: TileCache? = nil,
        events: RemoteTileStoreTests.Events = .init()
    ) -> RemoteTileStore {
        RemoteTileStore(
            name: fetcher.host, metadata: metadata, fetcher: fetcher, cache: cache, gate: gate,
            clock: { sleeps.clock.now() }, sleep: sleeps.sleep, onEvent: events.record)
    }

    /// Waits up to 10 s (real time) for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    @Test func a429PausesEverySourceOnItsHostAndNoOther() throws {
        let gate = HostGate()
        let sleeps = HeldSleeps()
        let host = "tiles.example.org"
        let a = ScriptedFetcher(
            host: host, clock: sleeps.clock, script: [.failure(.busy(status: 429, retryAfter: 30))])
        let b = ScriptedFetcher(host: host, clock: sleeps.clock)
        let other = ScriptedFetcher(host: "other.example.org", clock: sleeps.clock)
        let (eventsA, eventsB) = (RemoteTileStoreTests.Events(), RemoteTileStoreTests.Events())
        let storeA = Self.store(a, gate: gate, sleeps: sleeps, events: eventsA)
        let storeB = Self.store(b, gate: gate, sleeps: sleeps, events: eventsB)
        let storeOther = Self.store(other, gate: gate, sleeps: sleeps)
        let tile = TileID(z: 3, x: 1, y: 2)

        storeA.want([tile])
        try #require(Self.eventually { storeA.consecutiveFailures == 1 })
        #expect(gate.pausedUntil(host: host) == 30, "Retry-After: 30 pauses the host until t = 30")
        storeB.want([tile])
        storeOther.want([tile])
        #expect(Self.eventually { other.callTimes == [0] }, "another host is not paused")
        usleep(200_000)
        #expect(b.callTimes.isEmpty, "the other source on the paused host waits too")
        #expect(sleeps.all.filter { $0 == 30 }.count == 2, "both sources of the host sleep until its pause ends")

        sleeps.clock.advance(by: 30)
        #expect(eventsB.wait { _ in eventsB.arrived == [tile] })
        #expect(eventsA.wait { _ in eventsA.arrived == [tile] })
        #expect(b.callTimes == [30] && a.callTimes == [0, 30])
        #expect(storeB.consecutiveFailures == 0, "only the source that was answered 429 counts a failure")
    }

    /// The OSMF vector tiles ask for 7 days at least: a server's 60 s becomes 7 days there, and stays
    /// 60 s on a host without terms.
    @Test(arguments: [("vector.openstreetmap.org", 7 * 86_400.0), ("tiles.example.org", 60.0)])
    func aServiceMinimumRaisesAShorterLifetime(host: String, kept: Double) throws {
        let cacheClock = ManualClock()
        let cache = try TileCache(
            path: RemoteTileStoreTests.temporaryFile("terms.mbtiles"), limitBytes: 1 << 20,
            clock: { cacheClock.now() })
        let sleeps = HeldSleeps()
        let fetcher = ScriptedFetcher(
            host: host, clock: sleeps.clock, script: [.success(.tile([1, 2, 3], maxAge: 60))])
        let events = RemoteTileStoreTests.Events()
        let store = Self.store(fetcher, gate: HostGate(), sleeps: sleeps, cache: cache, events: events)
        let tile = TileID(z: 5, x: 3, y: 9)
        store.want([tile])
        try #require(events.wait { _ in events.arrived == [tile] }, "\(events.all)")
        cacheClock.advance(by: kept - 1)
        #expect(cache.entry(tile)?.isStale == false)
        cacheClock.advance(by: 2)
        #expect(cache.entry(tile)?.isStale == true)
    }
}
