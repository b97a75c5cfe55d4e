import Foundation
import GeoCore
import MapFeature
import Render
import Storage
import TestSupport
import Testing
import TileSources
import VectorTiles

/// What the map asks of remote sources: nothing at all offline (their caches still draw), and nothing
/// below the lowest remote zoom, over a real loopback tile server.
@Suite struct TileSourceSetOfflineTests {
    static func open(_ template: String, cache: URL, offline: Bool, lowestZoom: Int = 0) throws -> TileSourceSet {
        var options = TileSourceSet.Options(cacheDirectory: cache, timeout: 5)
        options.offline = offline
        options.lowestRemoteZoom = lowestZoom
        return try TileSourceSet(
            specs: [try TileSourceSpec(parsing: template)], options: options,
            openLocal: { _ in throw CocoaError(.fileNoSuchFile) })
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-offline-\(UUID().uuidString)")
    }

    @Test func offlineAsksNothingAndDrawsWhatTheCacheHolds() throws {
        let fake = try TileServerFake()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let fetched = TileID(z: 2, x: 0, y: 1)
        let online = try Self.open(fake.template, cache: cache, offline: false)
        let id = try #require(online.ids.first)
        online.want([PendingTile(source: id, tile: fetched)])
        online.waitUntilIdle(seconds: 5)
        #expect(fake.requests.count == 1, "online, the tile is fetched once: \(String(describing: online.problem))")

        let offline = try Self.open(fake.template, cache: cache, offline: true)
        #expect(offline.remote.isEmpty, "offline, no source is remote")
        let store = try #require(offline.stores.first)
        #expect(try store.tileData(fetched) != nil, "the cached tile is drawn offline")
        let other = TileID(z: 2, x: 1, y: 1)
        #expect(try store.tileData(other) == nil, "a tile the cache lacks is absent, not awaited")
        offline.want([PendingTile(source: id, tile: other)])
        offline.waitUntilIdle(seconds: 0.3)
        #expect(offline.loadingCount == 0)
        #expect(fake.requests.count == 1, "offline asks the server nothing: \(fake.requests.map(\.tile))")
    }

    @Test func remoteTilesAreAskedForFromTheLowestRemoteZoomOnly() async throws {
        let fake = try TileServerFake()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let sources = try Self.open(fake.template, cache: cache, offline: false, lowestZoom: 6)
        let style = try MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
        let remote = try #require(sources.ids.first)
        let builder = TileSnapshotBuilder(
            sources: sources.stores.map { TileLoader(store: $0) }, ids: sources.ids, style: style)
        let viewport = Viewport(cols: 80, rows: 24)
        let low = builder.snapshot(camera: Camera(center: LatLon(lat: 48.85, lon: 2.35), zoom: 5.9), viewport: viewport)
        #expect(low.pendingTiles.isEmpty, "below z6 nothing is wanted: \(low.pendingTiles.prefix(3))")
        sources.want(low.pendingTiles)
        let high = builder.snapshot(camera: Camera(center: LatLon(lat: 48.85, lon: 2.35), zoom: 6), viewport: viewport)
        #expect(high.pendingTiles.contains { $0.source == remote && $0.tile.z == 6 })
        #expect(fake.requests.isEmpty, "nothing was asked before z6")
        sources.want(high.pendingTiles)
        sources.waitUntilIdle(seconds: 5)
        #expect(fake.requests.allSatisfy { $0.tile.z == 6 } && !fake.requests.isEmpty)
    }

    @Test func aTileJSONIsAskedForOnlyOnceATileIsWanted() throws {
        let fake = try TileServerFake()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let sources = try Self.open(fake.tileJSONURL.absoluteString, cache: cache, offline: false, lowestZoom: 6)
        let id = try #require(sources.ids.first)
        sources.want([])
        sources.waitUntilIdle(seconds: 0.3)
        #expect(fake.requestHeaders.isEmpty, "a world view asks nothing, not even the TileJSON")
        sources.want([PendingTile(source: id, tile: TileID(z: 6, x: 32, y: 21))])
        sources.waitUntilIdle(seconds: 5)
        let targets = fake.requestHeaders.map(\.target)
        #expect(targets.first?.hasSuffix("tilejson.json") == true, "then the TileJSON first: \(targets)")
        #expect(sources.problem == nil)
    }
}
