import Foundation
import GeoCore
import MapFeature
import Render
import Storage
import TestSupport
import Testing
import TileSources
import VectorTiles

/// The map's tile path from request to answer, over the shipped world basemap and a real loopback
/// tile server: answers come through the inbox, and a source that fails while its tiles are on their
/// way leaves nothing loading behind.
@Suite struct TileWorkerTests {
    /// A worker over the world basemap and the tile server `template`, answering into `inbox`.
    static func worker(template: String, inbox: Inbox) throws -> (TileWorker, TileSourceSet) {
        let style = try MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
        let sources = try TileSourceSet(
            specs: [try TileSourceSpec(parsing: template)], options: .init(cacheDirectory: nil, timeout: 5),
            openLocal: { _ in throw CocoaError(.fileNoSuchFile) })
        let world = try MBTilesFile(path: RepositoryPaths.resource("world.mbtiles").path)
        let builder = TileSnapshotBuilder(
            sources: [TileLoader(store: world)] + sources.stores.map { TileLoader(store: $0) },
            ids: [TileSourceID("world")] + sources.ids, style: style)
        let worker = TileWorker(
            builder: builder, basemap: TileSourceID("world"), sources: sources,
            credits: { TileCredits(ids: [], attributions: []) }, inbox: inbox)
        sources.onChange = { worker.reload() }
        return (worker, sources)
    }

    /// The newest `.tilesLoaded` among `actions`.
    static func newestAnswer(_ actions: [MapAction]) -> (TileSnapshot, TileStatus)? {
        actions.reversed().lazy.compactMap { action -> (TileSnapshot, TileStatus)? in
            if case .tilesLoaded(let snapshot, let status) = action { return (snapshot, status) }
            return nil
        }.first
    }

    static let request = TileRequest(
        generation: 7, camera: Camera(center: LatLon(lat: 37.78, lon: -122.42), zoom: 12),
        viewport: Viewport(cols: 40, rows: 12))

    @Test func aSourceFailingWhileItsTilesAreOnTheirWayLeavesNothingLoading() async throws {
        let server = try HTTPTestServer(concurrent: true) { _ in
            usleep(200_000)  // the tiles are in flight when the server fails them
            return .text("no tiles today", status: 500)
        }
        defer { server.stop() }
        let inbox = Inbox()
        let (worker, sources) = try Self.worker(
            template: server.baseURL.absoluteString + "/{z}/{x}/{y}.pbf", inbox: inbox)
        worker.load(Self.request)
        await worker.idle()
        var actions = inbox.take()
        let (first, loading) = try #require(Self.newestAnswer(actions), "the request is answered at once")
        #expect(first.generation == 7)
        let remote = try #require(sources.ids.first)
        #expect(first.pendingTiles.contains { $0.source == remote }, "the server's tiles are on their way")
        #expect(first.drawnCounts[TileSourceID("world")] ?? 0 > 0, "the local basemap is drawn meanwhile")
        #expect(loading.loading > 0)

        sources.waitUntilIdle(seconds: 10)
        await worker.idle()
        actions = inbox.take()
        let (_, failed) = try #require(Self.newestAnswer(actions), "the failure is answered too")
        #expect(failed.problem?.contains("500") == true, "the status says why: \(failed.problem ?? "nil")")
        // Nothing is in flight: every request slot is back, and what still counts as loading is only
        // what waits out the pause the failure began (asked again after it).
        #expect(sources.remote[remote]?.gate.count(host: "127.0.0.1") == 0, "every request slot is back")
        #expect(sources.remote[remote]?.consecutiveFailures ?? 0 > 0)
        #expect(failed.loading == sources.loadingCount, "the last answer tells the sources' state as it is")
    }

    @Test func aNewerRequestWaitingReplacesAnOlderOneAndEveryAnswerIsNewerThanTheLast() async throws {
        let server = try HTTPTestServer(concurrent: true) { _ in .text("", status: 404) }
        defer { server.stop() }
        let inbox = Inbox()
        let (worker, _) = try Self.worker(template: server.baseURL.absoluteString + "/{z}/{x}/{y}.pbf", inbox: inbox)
        for generation in 1...20 {
            var request = Self.request
            request.generation = generation
            request.camera = request.camera.panned(dx: Double(generation) * 10, dy: 0)
            worker.load(request)
        }
        await worker.idle()
        let answers = inbox.take().compactMap { action -> TileSnapshot? in
            if case .tilesLoaded(let snapshot, _) = action { return snapshot }
            return nil
        }
        let newest = try #require(answers.last)
        #expect(newest.generation == 20, "the newest request is always served")
        #expect(answers.count < 20, "requests that waited behind a newer one were dropped")
        #expect(zip(answers, answers.dropFirst()).allSatisfy { $0.version < $1.version })
    }
}
