import Blocking
import MapFeature
import Render
import Synchronization
import VectorTiles

/// The map's `TileService`: builds the snapshot of each requested view off the frame path, on the
/// blocking executor (reading, decoding and preparing what its builder has not cached), hands the
/// tiles the view lacks to the remote sources, and posts `.tilesLoaded` to the inbox. Requests are served one at a time, newest
/// only: a request that waits while a newer one comes is dropped. `reload()` serves the newest request
/// again (tiles arrived, a source failed or recovered).
public final class TileWorker: TileService {
    private let builder: Mutex<TileSnapshotBuilder>
    private let sources: TileSourceSet
    private let basemap: TileSourceID
    private let credits: @Sendable () -> TileCredits
    private let inbox: Inbox
    private let queue = Mutex(Queue())

    /// The newest request and the build that serves it, guarded by `queue`.
    private struct Queue {
        var newest: TileRequest?
        var ticket = 0
        var last: Task<Void, Never>?
        /// The sources' credits as last read, and the count of source changes they were read after (a
        /// change makes them stale: a remote source's TileJSON may have brought its credit).
        var credits: (read: TileCredits, changes: Int)?
        var changes = 0
    }

    /// - Parameters:
    ///   - builder: every source's loader, in drawing order; `basemap` names the world basemap (a view
    ///     where no other source has tiles has no streets).
    ///   - sources: the user's sources, whose remote ones are told what the view lacks.
    ///   - credits: every source's credit, read when an answer is posted after a source changed.
    public init(
        builder: sending TileSnapshotBuilder, basemap: TileSourceID, sources: TileSourceSet,
        credits: @escaping @Sendable () -> TileCredits, inbox: Inbox
    ) {
        self.builder = Mutex(builder)
        self.basemap = basemap
        self.sources = sources
        self.credits = credits
        self.inbox = inbox
    }

    public func load(_ request: TileRequest) {
        queue.withLock { $0.newest = request }
        schedule()
    }

    /// Serves the newest request again, if there is one.
    public func reload() {
        let asked = queue.withLock { queue in
            queue.changes += 1
            return queue.newest != nil
        }
        guard asked else { return }
        schedule()
    }

    public func idle() async {
        await queue.withLock { $0.last }?.value
    }

    /// Tiles that could not be read or decoded so far, over all sources.
    public var damagedTileCount: Int { builder.withLock { $0.damagedTileCount } }

    /// Starts a build after the one under way; it serves the newest request unless a newer build was
    /// scheduled meanwhile.
    private func schedule() {
        queue.withLock { queue in
            queue.ticket += 1
            let (ticket, previous) = (queue.ticket, queue.last)
            // Reading tiles is blocking I/O (SQLite, files): it runs on the blocking executor.
            queue.last = Task(executorPreference: BlockingExecutor.shared) { [self] in
                await previous?.value
                guard let request = self.queue.withLock({ $0.ticket == ticket ? $0.newest : nil }) else { return }
                build(request)
            }
        }
    }

    private func build(_ request: TileRequest) {
        let refreshed = sources.takeRefreshed()
        let snapshot = builder.withLock { builder in
            if !refreshed.isEmpty { builder.forget(refreshed) }
            return builder.snapshot(camera: request.camera, viewport: request.viewport, generation: request.generation)
        }
        sources.want(snapshot.pendingTiles)
        let (kept, changes) = queue.withLock { ($0.credits, $0.changes) }
        let credits = kept.flatMap { $0.changes == changes ? $0.read : nil } ?? self.credits()
        queue.withLock { $0.credits = (credits, changes) }
        let status = TileStatus(
            loading: sources.loadingCount, problem: sources.problem,
            noStreets: request.camera.zoom > 10 && snapshot.hasNothingBut(basemap),
            arrivals: sources.arrivalCount, attribution: credits.full,
            credit: credits.corner(drawn: snapshot.drawnCounts), inView: credits.inView(drawn: snapshot.drawnCounts))
        inbox.post(.tilesLoaded(snapshot, status))
    }
}
