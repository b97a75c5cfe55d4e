import Foundation
import GeoCore
import Places
import Positioning
import Routing
import Synchronization

/// Performs the reducer's effects: timers on an injected clock, fetches on an injected place
/// source, tile loads on an injected `TileService`. Every result comes back as an action through the
/// one `Inbox`, which the run loop waits on together with the terminal; timers that are due join it
/// in `takeActions()`. A new fetch cancels the one under way.
public final class MapRuntime: Sendable {
    /// Where every result is posted.
    public let inbox: Inbox
    private let source: any PlaceSource
    private let pinStore: (any PinStore)?
    private let describe: (@Sendable (LatLon) -> String)?
    private let tiles: (any TileService)?
    private let clock: any MapClock
    /// Answers `.refreshLive` effects; nil when the source has no live part.
    private let live: LivePlaceFeed?
    /// The wall clock, seconds since 1970 (UTC): when details arrive.
    private let wallClock: @Sendable () -> Double
    /// Answers `.findRoute` effects.
    private let router: any RouteFinder
    /// Answers `.search` effects; nil when the map has no search.
    private let searcher: SearchWorker?
    /// Writes the track being recorded.
    private let tracks: TrackRecorder
    private let work = Mutex(Work())

    /// What is under way, guarded by `work`.
    private struct Work {
        var timers: [(due: Double, action: MapAction)] = []
        var fetch: Task<Void, Never>?
        var fetchToken = 0
        /// The live question under way (it goes on to the one waiting, if any).
        var live: Task<Void, Never>?
        /// The newest live question asked while another was under way.
        var liveWaiting: LiveRequest?
        var detailLoad: Task<Void, Never>?
        /// The route question under way (a newer one cancels it).
        var route: Task<Void, Never>?
        /// The saved pins' version last seen.
        var pinStamp: PinStamp?
        /// Reverse geocodes under way (they are never cancelled).
        var describing: [Task<Void, Never>] = []
    }

    /// `describe` names where a position is (reverse geocoding); it may be slow the first time.
    /// `search` answers the search line (on a thread of its own, newest query first). `tiles` loads
    /// the tiles of `.loadTiles` (nil: the map draws no tiles). `live` answers `.refreshLive` (the live part
    /// of the source). `router` answers `.findRoute`. `wallClock` dates arriving details (seconds since
    /// 1970, UTC). `startTrack` makes a new track file for `T` (nil: tracks cannot be recorded). Results go
    /// to `inbox`.
    public init(
        source: any PlaceSource, live: LivePlaceFeed? = nil, router: any RouteFinder = NoRouter(why: "none set up"),
        pinStore: (any PinStore)? = nil,
        describe: (@Sendable (LatLon) -> String)? = nil, search: SearchWorker.Answering? = nil,
        tiles: (any TileService)? = nil, inbox: Inbox = Inbox(), clock: any MapClock = SystemClock(),
        wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        startTrack: (@Sendable () throws -> any TrackRecording)? = nil
    ) {
        self.inbox = inbox
        self.source = source
        self.live = live
        self.router = router
        self.wallClock = wallClock
        self.pinStore = pinStore
        self.describe = describe
        self.tiles = tiles
        self.clock = clock
        searcher = search.map { SearchWorker(answer: $0, deliver: { inbox.post($0) }) }
        tracks = TrackRecorder(starter: startTrack, inbox: inbox)
        let stamp = pinStore?.stamp()
        work.withLock { $0.pinStamp = stamp }
    }

    /// Runs effects; returns false when one of them asks to quit.
    public func perform(_ effects: [MapEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit:
                work.withLock {
                    $0.fetch?.cancel()
                    $0.live?.cancel()
                    $0.route?.cancel()
                }
                tracks.finish()
                return false
            case .settle(let generation, let delay):
                let due = clock.now() + delay
                work.withLock {
                    $0.timers.removeAll { if case .settled = $0.action { return true } else { return false } }
                    $0.timers.append((due, .settled(generation: generation)))
                }
            case .fetchMarkers(let request):
                start(request)
            case .retryPlaces(let attempt, let delay):
                after(delay, .retryDue(attempt: attempt))
            case .refreshLive(let request):
                startLive(request)
            case .retryLive(let attempt, let delay):
                after(delay, .liveRetryDue(attempt: attempt))
            case .loadLeaders(let request):
                let (source, inbox) = (self.source, self.inbox)
                let task = Task {
                    let leaders = await Self.leaders(request, source: source)
                    inbox.post(.leadersLoaded(key: request.key, leaders))
                }
                work.withLock { $0.detailLoad = task }
            case .describePin(let pin):
                guard let describe else { continue }
                let inbox = self.inbox
                let task = Task {
                    let label = describe(pin.coordinate)
                    inbox.post(.pinDescribed(number: pin.number, label: label))
                }
                work.withLock { $0.describing.append(task) }
            case .changePins(let change):
                changePins(change)
            case .retryPins(let delay):
                after(delay, .pinsRetryDue)
            case .search(let request):
                if let searcher {
                    searcher.submit(request)
                } else {
                    inbox.post(
                        .searchAnswered(generation: request.generation, .init(problem: "search is not available")))
                }
            case .loadDetails(let place):
                let (source, inbox, wallClock) = (self.source, self.inbox, self.wallClock)
                let task = Task {
                    // Without details the pane still shows the name and position.
                    if let full = try? await source.details(for: place) {
                        inbox.post(.detailsLoaded(full, at: wallClock()))
                    }
                }
                work.withLock { $0.detailLoad = task }
            case .loadTiles(let request):
                tiles?.load(request)
            case .findRoute(let request):
                findRoute(request)
            case .ageLocation(let report, let seconds, let delay):
                let due = clock.now() + delay
                work.withLock {
                    $0.timers.removeAll { if case .locationAged = $0.action { return true } else { return false } }
                    $0.timers.append((due, .locationAged(report: report, seconds: seconds)))
                }
            case .startTrack: tracks.start()
            case .appendTrack(let point): tracks.append(point)
            case .finishTrack: tracks.finish()
            case .tick(let delay):
                let due = clock.now() + delay
                work.withLock {
                    $0.timers.removeAll { if case .tick = $0.action { return true } else { return false } }
                    $0.timers.append((due, .tick))
                }
            }
        }
        return true
    }

    /// Asks the router, cancelling the question under way; the answer comes back as `.routeAnswered`.
    private func findRoute(_ request: RouteRequest) {
        let (router, inbox) = (self.router, self.inbox)
        work.withLock { work in
            work.route?.cancel()
            work.route = Task {
                let outcome = await router.answer(request.query)
                guard !Task.isCancelled else { return }
                inbox.post(.routeAnswered(request, outcome))
            }
        }
    }

    /// Waits until the route question under way (if any) has been answered.
    public func waitForRoute() async {
        let task = work.withLock { $0.route }
        await task?.value
    }

    /// Posts `action` once `seconds` have passed on the runtime's clock.
    private func after(_ seconds: Double, _ action: MapAction) {
        let due = clock.now() + seconds
        work.withLock { $0.timers.append((due, action)) }
    }

    /// Applies a pin change to the store, never waiting for its lock, and hands back the pins saved
    /// after it; `.pinsBusy` when another process holds the lock (the reducer tries again later); when
    /// it fails, the reason and the pins as saved, so the map shows the truth.
    private func changePins(_ change: PinChange) {
        guard let pinStore else { return }
        do {
            let pins = try pinStore.apply(change)
            let stamp = pinStore.stamp()
            work.withLock { $0.pinStamp = stamp }
            inbox.post(.pinsSaved(pins))
        } catch PinStoreError.busy {
            inbox.post(.pinsBusy)
        } catch {
            inbox.post(.pinsSaveFailed(reason: String(describing: error)))
            if let pins = try? pinStore.load() { inbox.post(.pinsReloaded(pins)) }
        }
    }

    /// Called when the saved pins' file may have changed (a file watcher saw it written): when its
    /// version differs from the one this map saw last, the pins come back as `.pinsReloaded`.
    public func pinsMayHaveChanged() {
        guard let pinStore else { return }
        let stamp = pinStore.stamp()
        let changed = work.withLock { work in
            defer { work.pinStamp = stamp }
            return stamp != work.pinStamp
        }
        if changed, let pins = try? pinStore.load() { inbox.post(.pinsReloaded(pins)) }
    }

    /// Actions that are ready: what the inbox holds, then timers that are due, in due order.
    public func takeActions() -> [MapAction] {
        let now = clock.now()
        let ready = inbox.take()
        return ready
            + work.withLock { work in
                let due = work.timers.filter { $0.due <= now }.sorted { $0.due < $1.due }
                work.timers.removeAll { $0.due <= now }
                return due.map(\.action)
            }
    }

    /// Seconds until the next timer is due (nil when none), so the loop knows how long it may wait.
    public var secondsUntilNextTimer: Double? {
        let now = clock.now()
        return work.withLock { $0.timers.map { max(0, $0.due - now) }.min() }
    }

    /// True when finished work waits to be taken with `takeActions()`.
    public var hasPendingActions: Bool { !inbox.isEmpty }

    /// True while a fetch runs.
    public var isFetching: Bool { work.withLock { $0.fetch != nil } }

    /// Waits until the fetch under way (if any) has delivered its action; for tests and `render`.
    public func waitForFetch() async {
        let task = work.withLock { $0.fetch }
        await task?.value
    }

    /// Waits until the detail load under way (if any) has delivered its action.
    public func waitForDetails() async {
        let task = work.withLock { $0.detailLoad }
        await task?.value
    }

    /// Waits until the live question under way, and those waiting after it, have been answered.
    public func waitForLive() async {
        let task = work.withLock { $0.live }
        await task?.value
    }

    /// Posts what the GPS source said, stamped with the runtime's clock (called on the source's thread).
    public func located(_ event: GPSEvent) {
        inbox.post(.gps(event, at: clock.now()))
    }

    /// Waits until every track step asked so far is written (the run loop before it exits, tests).
    public func waitForTrack() async {
        await tracks.drain()
    }

    /// Waits until every live question, fetch, detail load, reverse geocode, search and tile load
    /// started so far has delivered its action (`render` draws only then).
    public func waitForAll() async {
        await waitForLive()
        await waitForFetch()
        await waitForDetails()
        await waitForRoute()
        await waitForTrack()
        let tasks = work.withLock { work in
            defer { work.describing.removeAll() }
            return work.describing
        }
        for task in tasks { await task.value }
        await searcher?.answered()
        await tiles?.idle()
    }

    /// The most important places of a drawn marker's parts, merged: the source's leaders of each cluster
    /// and the single places, by importance then id, the first `limit`. A cluster whose leaders cannot be
    /// loaded contributes none.
    static func leaders(_ request: LeadersRequest, source: any PlaceSource) async -> [Place] {
        var ranked = zip(request.ranks, request.places).map { (rank: $0, place: $1) }
        for cluster in request.clusters {
            let found =
                (try? await source.mostImportant(in: cluster, filter: request.filter, limit: request.limit)) ?? []
            ranked += found.map { (PlaceImportance.rank($0), $0) }
        }
        ranked.sort { a, b in
            PlaceImportance.precedes(rank: a.rank, id: a.place.id, rank: b.rank, id: b.place.id)
        }
        return ranked.prefix(request.limit).map(\.place)
    }

    /// Asks the live source now, or after the question under way (replacing any question waiting).
    private func startLive(_ request: LiveRequest) {
        guard let live else { return }
        work.withLock { work in
            guard work.live == nil else {
                work.liveWaiting = request
                return
            }
            work.live = Task { [weak self] in await self?.runLive(request, feed: live) }
        }
    }

    /// Asks `request`, then each question that waited meanwhile, one at a time, posting each answer.
    private func runLive(_ request: LiveRequest, feed: LivePlaceFeed) async {
        var next: LiveRequest? = request
        while let current = next {
            let outcome: LiveOutcome
            do {
                let refresh = try await feed.refresh(current.region, filter: current.filter, reuse: !current.again)
                outcome = .refreshed(changed: refresh.changed)
            } catch is CancellationError {
                work.withLock { $0.live = nil }
                return
            } catch {
                outcome = .failed(reason: String(describing: error))
            }
            inbox.post(.liveAnswered(current, outcome))
            next = work.withLock { work in
                defer { work.liveWaiting = nil }
                if work.liveWaiting == nil { work.live = nil }
                return work.liveWaiting
            }
        }
    }

    private func start(_ request: MarkerRequest) {
        let source = self.source
        work.withLock { work in
            work.fetch?.cancel()
            work.fetchToken += 1
            let token = work.fetchToken
            work.fetch = Task { [weak self] in
                let action: MapAction
                do {
                    let batch = try await source.markers(
                        in: request.region, zoom: request.level, filter: request.filter)
                    action = .markersLoaded(request, batch)
                } catch is CancellationError {
                    return
                } catch {
                    action = .markersFailed(request, reason: String(describing: error))
                }
                guard !Task.isCancelled else { return }
                self?.finish(token, action)
            }
        }
    }

    /// Posts the answer of fetch `token`, and forgets the fetch unless a newer one replaced it.
    private func finish(_ token: Int, _ action: MapAction) {
        work.withLock { if $0.fetchToken == token { $0.fetch = nil } }
        inbox.post(action)
    }
}
