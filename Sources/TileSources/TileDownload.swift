import Foundation
import GeoCore
import Network
import Storage
import VectorTiles

/// Downloads the tiles of an area into an MBTiles file (the `TileCache` format: standard MBTiles plus
/// a `tile_state` table), politely (a `RemoteTileStore`: 4 requests at once per host, backoff), and
/// resumably: tiles already in the file are not asked for again, so a run stopped by Ctrl-C goes on
/// where it stopped when started again.
public final class TileDownload: @unchecked Sendable {
    /// How far a download has come.
    public struct Progress: Sendable, Equatable {
        /// Tiles of the area in all.
        public var total: Int
        /// Tiles in the file (fetched now, or by an earlier run), including those the server has not got.
        public var done: Int
        /// Bytes this run added to the file (the tiles and their rows, as the file counts them).
        public var bytes: Int
        /// Seconds since this run started.
        public var seconds: Double
    }

    /// Why a download stopped before the end.
    public enum Stop: Error, Equatable, CustomStringConvertible {
        /// The source failed this many times in a row without a tile in between; the text says why.
        case failing(String)
        /// Ctrl-C (or another interrupt).
        case interrupted

        public var description: String {
            switch self {
            case .failing(let reason): return reason
            case .interrupted: return "interrupted"
            }
        }
    }

    private let tiles: [TileID]
    private let file: TileCache
    private let store: RemoteTileStore
    private let lock = NSLock()
    // Guarded by `lock`.
    private var arrived: [TileID] = []
    private var failure: String?
    private var cacheFailed = false

    /// Failures in a row (without a tile between them) after which a download gives up: 6 (about a
    /// minute of backoff), or 3 (3 s) when no tile has come at all (a source that cannot be reached).
    public static let maxFailuresInARow = 6
    static let maxFailuresAtFirst = 3
    /// Tiles handed to the store at once: enough to keep every slot busy.
    static let window = 64

    /// A download of `tiles` from `fetcher` into `file`; `metadata` names the source in the store.
    public init(tiles: [TileID], fetcher: any TileFetcher, metadata: TileSetMetadata, into file: TileCache) {
        self.tiles = tiles
        self.file = file
        let events = EventBox()
        store = RemoteTileStore(
            name: metadata.name, metadata: metadata, fetcher: fetcher, cache: file, defaultMaxAge: 365 * 86_400,
            onEvent: { events.download?.record($0) })
        events.download = self
    }

    /// Fetches every tile not yet in the file; `report` is called on the calling thread about every
    /// `reportInterval` seconds and at the end; `interrupted` is polled (Ctrl-C). Throws `Stop`.
    public func run(
        reportInterval: Double = 0.1, interrupted: () -> Bool, report: (Progress) -> Void
    ) throws(Stop) {
        let start = Date()
        var remaining = tiles.filter { !file.contains($0) }
        var lastReport = -Double.infinity
        let startBytes = file.totalBytes
        var gotAny = false
        while !remaining.isEmpty {
            if interrupted() {
                store.want([])
                throw .interrupted
            }
            store.want(Array(remaining.prefix(Self.window)))
            usleep(10_000)
            let failures = store.consecutiveFailures
            let limit = gotAny ? Self.maxFailuresInARow : Self.maxFailuresAtFirst
            let (news, failed) = lock.withLock { () -> ([TileID], String?) in
                defer { arrived.removeAll() }
                return (arrived, cacheFailed || failures >= limit ? failure : nil)
            }
            if let failed {
                store.want([])
                throw .failing(failed)
            }
            if !news.isEmpty {
                gotAny = true
                let got = Set(news)
                remaining.removeAll { got.contains($0) }
            }
            let now = Date().timeIntervalSince(start)
            if now - lastReport >= reportInterval {
                lastReport = now
                report(
                    Progress(
                        total: tiles.count, done: tiles.count - remaining.count, bytes: file.totalBytes - startBytes,
                        seconds: now))
            }
        }
        report(
            Progress(
                total: tiles.count, done: tiles.count, bytes: file.totalBytes - startBytes,
                seconds: Date().timeIntervalSince(start)))
    }

    private func record(_ event: RemoteTileEvent) {
        lock.withLock {
            switch event {
            case .arrived(let ids), .refreshed(let ids): arrived += ids
            case .failing(let reason): failure = reason
            case .recovered: break
            case .cacheFailed(let reason):
                failure = reason
                cacheFailed = true
            }
        }
    }

    /// Lets the store's event closure reach the download, which owns the store.
    private final class EventBox: @unchecked Sendable {
        weak var download: TileDownload?
    }
}
