import Foundation
import GeoCore
import Network
import Storage
import TestSupport
import Testing
import TileSources
import VectorTiles

/// Downloads into a real MBTiles file from the same real tile server on 127.0.0.1 (in the serialized
/// suite of the store: requests to one host share `HostGate`'s slots).
extension RemoteTileStoreTests {
    /// The first `count` tiles of z6, row by row (64 to a row).
    static func area(count: Int) -> AreaTiles {
        var blocks: [AreaTiles.Block] = []
        if count >= 64 { blocks.append(.init(zoom: 6, columns: 0...63, rows: 0...(count / 64 - 1))) }
        if count % 64 > 0 {
            blocks.append(.init(zoom: 6, columns: 0...(count % 64 - 1), rows: (count / 64)...(count / 64)))
        }
        return AreaTiles(blocks: blocks)
    }

    /// Runs a download of `tiles` into a new file (giving up, as interrupted, after `seconds`): its
    /// file and every progress it reported. The download blocks a thread of its own, as in `mapterm`,
    /// so that the fetches it starts never wait for a thread of the test pool that it holds.
    static func download(
        _ tiles: AreaTiles, from fake: TileServerFake, into path: String = temporaryFile("download.mbtiles"),
        seconds: Double = 90, during: @escaping @Sendable (TileDownload.Progress) -> Void = { _ in }
    ) async throws -> (TileCache, [TileDownload.Progress]) {
        let file = try TileCache(path: path, limitBytes: .max)
        let client = try TileServerClient(template: fake.template, timeout: 5)
        let reports = try await withCheckedThrowingContinuation { continuation in
            Thread {
                let download = TileDownload(tiles: tiles, fetcher: client, metadata: metadata, into: file)
                let deadline = Date().addingTimeInterval(seconds)
                var reports: [TileDownload.Progress] = []
                continuation.resume(
                    with: Result {
                        try download.run(reportInterval: 0, interrupted: { Date() > deadline }) { progress in
                            during(progress)
                            reports.append(progress)
                        }
                        return reports
                    })
            }.start()
        }
        return (file, reports)
    }

    /// Runs its closure once, from any thread.
    final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        func callAsFunction(_ body: () -> Void) {
            let first = lock.withLock { () -> Bool in
                defer { done = true }
                return !done
            }
            if first { body() }
        }
    }

    /// Every queue of the pipeline (area → window of `TileDownload.window` → `HostGate.limit` fetches →
    /// the file) at its limit, one past it and far beyond: the download ends with each tile asked once.
    @Test(arguments: [
        HostGate.limit, HostGate.limit + 1, TileDownload.window, TileDownload.window + 1, 10 * TileDownload.window + 3,
    ])
    func aDownloadEndsAtEveryQueueSize(count: Int) async throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        fake.set(.serve, latency: 0.002)
        let tiles = Self.area(count: count)
        #expect(tiles.count == count)
        let (file, reports) = try await Self.download(tiles, from: fake)
        let last = try #require(reports.last)
        #expect(last.done == count && last.total == count)
        #expect(reports.map(\.done) == reports.map(\.done).sorted(), "progress only grows")
        #expect(tiles.allSatisfy(file.contains))
        #expect(fake.requests.count == count, "each tile asked for once")
        #expect(fake.mostConcurrentRequests <= HostGate.limit)
    }

    @Test func tilesAnotherWriterStoresMeanwhileCountAsDone() async throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let path = Self.temporaryFile("shared.mbtiles")
        let other = try TileCache(path: path, limitBytes: .max)
        let tiles = Self.area(count: 256)
        let late = Array(tiles).suffix(100)
        let once = Once()
        let (file, reports) = try await Self.download(tiles, from: fake, into: path) { _ in
            once { for id in late { try? other.store(id, bytes: [1], maxAge: 3600) } }
        }
        #expect(reports.last?.done == 256)
        #expect(Array(tiles).allSatisfy(file.contains))
        #expect(fake.requests.count <= 156, "the other writer's tiles are not asked for")
    }

    @Test func aResumedDownloadAsksOnlyForWhatTheFileLacks() async throws {
        let fake = try TileServerFake()
        defer { fake.stop() }
        let path = Self.temporaryFile("resume.mbtiles")
        _ = try await Self.download(Self.area(count: 100), from: fake, into: path)
        let (_, reports) = try await Self.download(Self.area(count: 300), from: fake, into: path)
        #expect(fake.requests.count == 300, "100, then the 200 the file lacked")
        #expect(reports.first.map { $0.done >= 100 } == true, "the tiles in the file count as done at once")
    }
}
