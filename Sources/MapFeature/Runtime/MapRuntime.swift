import Foundation
import GeoCore
import Places

/// A monotonic clock in seconds; tests inject a manual one.
public protocol MapClock: Sendable {
    func now() -> Double
}

/// The system's monotonic clock.
public struct SystemClock: MapClock {
    public init() {}
    public func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// Performs the reducer's effects: timers on an injected clock, fetches on an injected place
/// source. Results come back as actions through `takeActions()`, which the run loop polls.
/// A new fetch cancels the one under way.
public final class MapRuntime: @unchecked Sendable {
    private let source: any PlaceSource
    private let pinStore: (any PinStore)?
    private let describe: (@Sendable (LatLon) -> String)?
    private let clock: any MapClock
    private let lock = NSLock()
    private var inbox: [MapAction] = []
    private var timers: [(due: Double, action: MapAction)] = []
    private var fetch: Task<Void, Never>?
    private var detailLoad: Task<Void, Never>?
    /// The saved pins' version last seen, and when it was last looked at.
    private var pinStamp: PinStamp?
    private var lastPinCheck = -Double.infinity
    /// Reverse geocodes under way (they are never cancelled).
    private var describing: [Task<Void, Never>] = []
    /// Answers `.search` effects; nil when the map has no search.
    private var searcher: SearchWorker?

    /// `describe` names where a position is (reverse geocoding); it may be slow the first time.
    /// `search` answers the search line (on a thread of its own, newest query first).
    public init(
        source: any PlaceSource, pinStore: (any PinStore)? = nil, describe: (@Sendable (LatLon) -> String)? = nil,
        search: SearchWorker.Answering? = nil, clock: any MapClock = SystemClock()
    ) {
        self.source = source
        self.pinStore = pinStore
        self.describe = describe
        self.clock = clock
        pinStamp = pinStore?.stamp()
        if let search { searcher = SearchWorker(answer: search) { [weak self] in self?.enqueue($0) } }
    }

    /// Runs effects; returns false when one of them asks to quit.
    public func perform(_ effects: [MapEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit:
                fetch?.cancel()
                return false
            case .settle(let generation, let delay):
                lock.withLock {
                    timers.removeAll { if case .settled = $0.action { return true } else { return false } }
                    timers.append((clock.now() + delay, .settled(generation: generation)))
                }
            case .fetchMarkers(let request):
                start(request)
            case .retryPlaces(let attempt, let delay):
                lock.withLock { timers.append((clock.now() + delay, .retryDue(attempt: attempt))) }
            case .loadLeaders(let request):
                let source = self.source
                lock.withLock {
                    detailLoad = Task { [weak self] in
                        let leaders = await Self.leaders(request, source: source)
                        self?.enqueue(.leadersLoaded(key: request.key, leaders))
                    }
                }
            case .describePin(let pin):
                guard let describe else { continue }
                let task = Task { [weak self] in
                    let label = describe(pin.coordinate)
                    self?.enqueue(.pinDescribed(number: pin.number, label: label))
                }
                lock.withLock { describing.append(task) }
            case .changePins(let change):
                changePins(change)
            case .retryPins(let delay):
                lock.withLock { timers.append((clock.now() + delay, .pinsRetryDue)) }
            case .search(let request):
                if let searcher {
                    searcher.submit(request)
                } else {
                    enqueue(.searchAnswered(generation: request.generation, .init(problem: "search is not available")))
                }
            case .loadDetails(let place):
                let source = self.source
                lock.withLock {
                    detailLoad = Task { [weak self] in
                        // Without details the pane still shows the name and position.
                        if let full = try? await source.details(for: place) { self?.enqueue(.detailsLoaded(full)) }
                    }
                }
            }
        }
        return true
    }

    /// Hands the run loop an action from outside the reducer's effects (the tile sources' news).
    public func post(_ action: MapAction) { enqueue(action) }

    /// Applies a pin change to the store, never waiting for its lock, and hands back the pins saved
    /// after it; `.pinsBusy` when another process holds the lock (the reducer tries again later); when
    /// it fails, the reason and the pins as saved, so the map shows the truth.
    private func changePins(_ change: PinChange) {
        guard let pinStore else { return }
        do {
            let pins = try pinStore.apply(change)
            lock.withLock { pinStamp = pinStore.stamp() }
            enqueue(.pinsSaved(pins))
        } catch PinStoreError.busy {
            enqueue(.pinsBusy)
        } catch {
            enqueue(.pinsSaveFailed(reason: String(describing: error)))
            if let pins = try? pinStore.load() { enqueue(.pinsReloaded(pins)) }
        }
    }

    /// Looks, at most once a second, whether another process changed the saved pins; when it did, the
    /// pins come back as `.pinsReloaded`. Called by the run loop on every turn.
    public func watchPins() {
        guard let pinStore else { return }
        let now = clock.now()
        let due = lock.withLock {
            guard now - lastPinCheck >= Self.pinCheckSeconds else { return false }
            lastPinCheck = now
            return true
        }
        guard due else { return }
        let stamp = pinStore.stamp()
        let changed = lock.withLock {
            defer { pinStamp = stamp }
            return stamp != pinStamp
        }
        if changed, let pins = try? pinStore.load() { enqueue(.pinsReloaded(pins)) }
    }

    /// Seconds between two looks at the saved pins.
    public static let pinCheckSeconds = 1.0

    /// Actions that are ready: finished fetches, then timers that are due, in due order.
    public func takeActions() -> [MapAction] {
        let now = clock.now()
        return lock.withLock {
            var ready = inbox
            inbox.removeAll()
            let due = timers.filter { $0.due <= now }.sorted { $0.due < $1.due }
            timers.removeAll { $0.due <= now }
            ready += due.map(\.action)
            return ready
        }
    }

    /// Seconds until the next timer is due (nil when none), so the loop knows how long it may wait.
    public var secondsUntilNextTimer: Double? {
        let now = clock.now()
        return lock.withLock { timers.map { max(0, $0.due - now) }.min() }
    }

    /// True when finished work waits to be taken with `takeActions()`.
    public var hasPendingActions: Bool { lock.withLock { !inbox.isEmpty } }

    /// True while a fetch runs.
    public var isFetching: Bool { lock.withLock { fetch != nil } }

    /// Waits until the fetch under way (if any) has delivered its action; for tests and `render`.
    public func waitForFetch() async {
        let task = lock.withLock { fetch }
        await task?.value
    }

    /// Waits until the detail load under way (if any) has delivered its action.
    public func waitForDetails() async {
        let task = lock.withLock { detailLoad }
        await task?.value
    }

    /// Waits until every fetch, detail load and reverse geocode started so far has delivered its action
    /// (`render` draws only then).
    public func waitForAll() async {
        await waitForFetch()
        await waitForDetails()
        let tasks = lock.withLock {
            defer { describing.removeAll() }
            return describing
        }
        for task in tasks { await task.value }
        searcher?.wait()
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

    private func start(_ request: MarkerRequest) {
        let source = self.source
        lock.withLock {
            fetch?.cancel()
            fetch = Task { [weak self] in
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
                self?.deliver(action)
            }
        }
    }

    private func enqueue(_ action: MapAction) {
        lock.withLock { inbox.append(action) }
    }

    private func deliver(_ action: MapAction) {
        lock.withLock {
            inbox.append(action)
            fetch = nil
        }
    }
}
