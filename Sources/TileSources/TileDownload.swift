import Foundation
import GeoCore
import Network
import Storage
import Synchronization
import VectorTiles

/// Downloads the tiles of an area into an MBTiles file (the `TileCache` format: standard MBTiles plus
/// a `tile_state` table), politely (a `RemoteTileStore`: 4 requests at once per host, backoff), and
/// resumably: tiles already in the file are not asked for again, so a run stopped by Ctrl-C goes on
/// where it stopped when started again.
public final class TileDownload {
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

    private let tiles: AreaTiles
    private let file: TileCache
    private let store: RemoteTileStore
    /// What the store has said, from its own tasks.
    private let events: Events

    /// Failures in a row (without a tile between them) after which a download gives up: 6 (about a
    /// minute of backoff), or 3 (3 s) when no tile has come at all (a source that cannot be reached).
    public static let maxFailuresInARow = 6
    static let maxFailuresAtFirst = 3
    /// Tiles handed to the store at once (the window between the area's tiles and the fetches): enough
    /// to keep every slot of `HostGate` busy.
    public static let window = 64
    /// Tiles of the area looked up in the file per round at most, so that resuming a big download
    /// past millions of tiles it has keeps reporting and hearing Ctrl-C.
    static let lookupsPerRound = 4096
    /// Bytes of fetched tiles the store keeps in memory: the file holds them all anyway.
    static let memoryBytes = 4 << 20

    /// A download of `tiles` from `fetcher` into `file`; `metadata` names the source in the store.
    public init(tiles: AreaTiles, fetcher: any TileFetcher, metadata: TileSetMetadata, into file: TileCache) {
        self.tiles = tiles
        self.file = file
        let events = Events()
        self.events = events
        store = RemoteTileStore(
            name: metadata.name, metadata: metadata, fetcher: fetcher, cache: file, defaultMaxAge: 365 * 86_400,
            memoryBytes: Self.memoryBytes, onEvent: { events.record($0) })
    }

    /// Fetches every tile not yet in the file; `report` is called on the calling thread about every
    /// `reportInterval` seconds and at the end; `interrupted` is polled (Ctrl-C). Takes the area's
    /// tiles a window at a time, so the first request goes out at once and memory stays flat whatever
    /// the area. A tile counts as done once it is in the file, whoever stored it. Throws `Stop`.
    public func run(
        reportInterval: Double = 0.1, interrupted: () -> Bool, report: (Progress) -> Void
    ) throws(Stop) {
        let start = Date()
        let total = tiles.count
        var next = tiles.makeIterator()
        var taken = 0
        var window: [TileID] = []
        var exhausted = false
        var lastReport = -Double.infinity
        let startBytes = file.totalBytes
        var arrivedSeen = -1
        while true {
            (taken, exhausted) = refill(&window, from: &next, taken: taken, exhausted: exhausted)
            if window.isEmpty && exhausted { break }
            if interrupted() {
                store.want([])
                throw .interrupted
            }
            store.want(window)
            usleep(10_000)
            try checkFailures()
            // Only a stored tile leaves the window, and each is said after it is stored: look the
            // window up in the file only after news.
            let arrived = events.tally.withLock { $0.arrived }
            if arrived != arrivedSeen {
                arrivedSeen = arrived
                window.removeAll(where: file.contains)
            }
            let now = Date().timeIntervalSince(start)
            if now - lastReport >= reportInterval {
                lastReport = now
                report(
                    Progress(
                        total: total, done: taken - window.count, bytes: file.totalBytes - startBytes, seconds: now))
            }
        }
        report(
            Progress(
                total: total, done: total, bytes: file.totalBytes - startBytes, seconds: Date().timeIntervalSince(start)
            ))
    }

    /// Tops `window` up to `Self.window` tiles with the next tiles of the area the file lacks, looking
    /// at most `lookupsPerRound` up. Answers the tiles taken from the area so far, and whether it is
    /// exhausted.
    private func refill(
        _ window: inout [TileID], from next: inout AreaTiles.Iterator, taken: Int, exhausted: Bool
    ) -> (taken: Int, exhausted: Bool) {
        var taken = taken
        var lookups = 0
        while !exhausted, window.count < Self.window, lookups < Self.lookupsPerRound {
            guard let tile = next.next() else { return (taken, true) }
            taken += 1
            lookups += 1
            if !file.contains(tile) { window.append(tile) }
        }
        return (taken, exhausted)
    }

    /// Throws when the source has failed too often in a row (fewer times before any tile came), or the
    /// file cannot be written.
    private func checkFailures() throws(Stop) {
        let failures = store.consecutiveFailures
        let failed = events.tally.withLock { tally -> String? in
            let limit = tally.arrived > 0 ? Self.maxFailuresInARow : Self.maxFailuresAtFirst
            return tally.cacheFailed || failures >= limit ? tally.failure : nil
        }
        guard let failed else { return }
        store.want([])
        throw .failing(failed)
    }

    /// The store's events, counted: shared by the download and the store's event closure.
    private final class Events: Sendable {
        struct Tally {
            /// Tiles stored (or refreshed) so far.
            var arrived = 0
            /// Why the source (or the file) failed last.
            var failure: String?
            var cacheFailed = false
        }

        let tally = Mutex(Tally())

        func record(_ event: RemoteTileEvent) {
            tally.withLock { tally in
                switch event {
                case .arrived(let ids), .refreshed(let ids): tally.arrived += ids.count
                case .failing(let reason): tally.failure = reason
                case .recovered: break
                case .cacheFailed(let reason):
                    tally.failure = reason
                    tally.cacheFailed = true
                }
            }
        }
    }
}
