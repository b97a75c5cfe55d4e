import Foundation
import GeoCore
import Network
import Storage
import Synchronization
import VectorTiles

/// What a remote store tells the map, from any thread.
public enum RemoteTileEvent: Sendable, Equatable {
    /// Tiles that were asked for have arrived (or turned out not to exist): draw again.
    case arrived([TileID])
    /// Cached tiles were fetched again because they were past their max-age: forget and draw again.
    case refreshed([TileID])
    /// The source fails; the text says why. Said once per run of failures.
    case failing(String)
    /// The source answers again after failing.
    case recovered
    /// The cache file cannot be written any more (the text says why); tiles are kept in memory only.
    case cacheFailed(String)
}

/// A `TileStore` over a remote source that never makes a frame wait: `tileData` answers from memory
/// (every tile fetched this session, least recently used first out beyond `memoryBytes`), else the disk
/// cache, or throws `TileNotYetLoaded`; `want(_:)` fetches what the last frame lacked, in its order, at
/// most `HostGate.limit` at once per host, cancelling what the view no longer shows. What memory holds
/// does not depend on the disk cache, so a tile the cache cannot hold (no cache, a tile above its limit,
/// a cache smaller than a view) is still fetched once, not again and again.
///
/// Politeness: a failure of any kind pauses the source's host in the gate, for every source on it (1, 2,
/// 4 … 60 s, or the server's `Retry-After`), so nothing is asked again in a loop; a tile the server has
/// not got (an empty 200, 204, 404) is kept as empty and never asked again. A tile is kept for the
/// server's lifetime (`Cache-Control`, `Expires`), at least the service's minimum (`TileServiceTerms`).
/// A cached tile past its max-age is still drawn, and fetched again in the background (`.refreshed`).
public final class RemoteTileStore: TileStore, Sendable {
    /// The source's name in messages (host or file name).
    public let name: String
    /// The request slots it shares with the other sources of its map.
    public let gate: HostGate
    private let cache: TileCache?
    private let clock: @Sendable () -> Double
    private let sleep: @Sendable (Double) async -> Void
    private let defaultMaxAge: Double
    private let lowestZoom: Int
    private let onEvent: @Sendable (RemoteTileEvent) -> Void
    private let shared: Mutex<State>

    private struct State {
        var metadata: TileSetMetadata
        var fetcher: (any TileFetcher)?
        var memory: LRUCache<TileID, Kept>
        var cacheWritable = true
        var wanted: [TileID] = []
        var refresh: [TileID] = []
        var inFlight: [TileID: (token: Int, task: Task<Void, Never>)] = [:]
        /// Tiles fetched and being stored: neither wanted nor under way any more, not yet in the cache.
        var landing: Set<TileID> = []
        /// Tiles fetched since `want` began to sort out which tiles it still lacks.
        var fetchedDuringWant: Set<TileID> = []
        var nextToken = 0
        var failures = 0
        var wake: Task<Void, Never>?
        var failing = false
    }

    /// A tile kept in memory: its bytes, nil when the server has none.
    private struct Kept {
        var bytes: [UInt8]?
    }

    /// Bytes of fetched tiles a map keeps in memory: more than a view's tiles of the largest size a
    /// client takes (`TileServerClient.defaultMaxTileBytes`).
    public static let defaultMemoryBytes = 64 << 20
    /// Tiles kept in memory at most, whatever their size.
    static let memoryTiles = 1024
    /// Seconds a tile is reused when its server does not say: 7 days.
    public static let defaultMaxAgeSeconds = 7 * 86_400.0
    /// Longest pause after failures, seconds.
    public static let maxPauseSeconds = 60.0

    /// - Parameters:
    ///   - fetcher: nil until known (a TileJSON not read yet): the store then serves its cache only.
    ///   - cache: the disk cache; nil when there is none.
    ///   - lowestZoom: the lowest zoom its metadata admits, whatever the source says: below it the map
    ///     asks it for nothing (the map's low zooms come from the shipped world map).
    ///   - memoryBytes: most bytes of fetched tiles kept in memory (each tile counts 64 more).
    ///   - gate: the request slots per host shared with the map's other sources.
    ///   - clock: seconds, monotonic enough for pauses (tests pass their own).
    ///   - sleep: waits this many seconds of `clock` (a pause; tests pass one that moves their clock).
    ///   - onEvent: called on any thread when tiles arrive or the source fails or recovers.
    public init(
        name: String, metadata: TileSetMetadata, fetcher: (any TileFetcher)?, cache: TileCache?,
        defaultMaxAge: Double = RemoteTileStore.defaultMaxAgeSeconds, lowestZoom: Int = 0,
        memoryBytes: Int = RemoteTileStore.defaultMemoryBytes, gate: HostGate = HostGate(),
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        sleep: @escaping @Sendable (Double) async -> Void = RemoteTileStore.sleep,
        onEvent: @escaping @Sendable (RemoteTileEvent) -> Void
    ) {
        self.name = name
        self.gate = gate
        self.cache = cache
        self.defaultMaxAge = defaultMaxAge
        self.lowestZoom = lowestZoom
        self.clock = clock
        self.sleep = sleep
        self.onEvent = onEvent
        shared = Mutex(
            State(
                metadata: metadata, fetcher: fetcher,
                memory: LRUCache(capacity: Self.memoryTiles, costLimit: memoryBytes)))
    }

    deinit {
        let gate = self.gate
        shared.withLock { state in
            let host = state.fetcher?.host ?? ""
            for (_, flight) in state.inFlight {
                flight.task.cancel()
                gate.release(host: host)
            }
            state.wake?.cancel()
        }
    }

    /// What the source says of itself, its `minZoom` raised to the store's lowest zoom.
    public var metadata: TileSetMetadata {
        var metadata = shared.withLock { state in state.metadata }
        if metadata.minZoom < lowestZoom {
            metadata.minZoom = lowestZoom
            metadata.maxZoom = max(metadata.maxZoom, lowestZoom)
        }
        return metadata
    }

    /// Sets what was learned about the source (its TileJSON), and how to fetch from it.
    public func update(metadata: TileSetMetadata, fetcher: (any TileFetcher)?) {
        shared.withLock { state in
            state.metadata = metadata
            state.fetcher = fetcher
        }
        pump()
    }

    /// Tiles asked for and not there yet: waiting, being fetched, or fetched and being stored.
    public var loadingCount: Int {
        shared.withLock { state in Set(state.wanted).union(state.inFlight.keys).union(state.landing).count }
    }

    /// Failures since the last tile that arrived (each one paused the source).
    public var consecutiveFailures: Int { shared.withLock { state in state.failures } }

    public func tileData(_ id: TileID) throws -> [UInt8]? {
        if let kept = shared.withLock({ state in state.memory[id] }) { return kept.bytes }
        if let entry = cache?.entry(id) {
            if entry.isStale {
                shared.withLock { state in if !state.refresh.contains(id) { state.refresh.append(id) } }
            }
            return entry.bytes
        }
        throw TileNotYetLoaded()
    }

    /// Fetches `tiles` (the ones the last frame lacked, most wanted first; those that have arrived since
    /// are left out) and cancels every fetch of a tile not among them. Stale tiles are refreshed after them.
    public func want(_ tiles: [TileID]) {
        var seen = Set<TileID>()
        shared.withLock { state in state.fetchedDuringWant.removeAll() }
        let lacking = tiles.filter { seen.insert($0).inserted && !holds($0) }
        let cancelled: [Task<Void, Never>] = shared.withLock { state in
            // A tile may have been fetched and stored while `holds` looked at the others.
            state.wanted = lacking.filter { !state.fetchedDuringWant.contains($0) }
            let keep = seen.union(state.refresh)
            let gone = state.inFlight.filter { !keep.contains($0.key) }
            for id in gone.keys {
                state.inFlight[id] = nil
                gate.release(host: state.fetcher?.host ?? "")
            }
            return gone.values.map(\.task)
        }
        for task in cancelled { task.cancel() }
        pump()
    }

    /// True when the memory or the disk cache holds tile `id` (or knows the server has none).
    private func holds(_ id: TileID) -> Bool {
        if shared.withLock({ state in state.memory.peek(id) != nil || state.landing.contains(id) }) { return true }
        return cache?.contains(id) ?? false
    }

    /// Waits until nothing asked for is loading or being stored, or until `deadline` (seconds of `clock`);
    /// for `render`. A tile being stored has left `inFlight` but is not readable yet.
    public func waitUntilIdle(deadline: Double) {
        while clock() < deadline,
            shared.withLock({ state in
                !state.inFlight.isEmpty || !state.landing.isEmpty || (!state.wanted.isEmpty && canStart(state))
            })
        {
            usleep(5_000)
        }
    }

    // MARK: Scheduling

    /// True when the source knows how to fetch and its host is not paused.
    private func canStart(_ state: State) -> Bool {
        guard let fetcher = state.fetcher else { return false }
        return clock() >= gate.pausedUntil(host: fetcher.host)
    }

    /// Starts fetches while there is room under the host's limit.
    private func pump() {
        shared.withLock { state in
            guard let fetcher = state.fetcher else { return }
            let now = clock()
            let pausedUntil = gate.pausedUntil(host: fetcher.host)
            guard now >= pausedUntil else {
                scheduleWake(after: pausedUntil - now, &state)
                return
            }
            while let next = nextTile(state),
                gate.acquire(host: fetcher.host, onFree: { [weak self] in self?.pump() })
            {
                start(next, fetcher: fetcher, &state)
            }
        }
    }

    /// The next tile to fetch: the first wanted one not under way, else a stale one.
    private func nextTile(_ state: State) -> TileID? {
        if let id = state.wanted.first(where: { state.inFlight[$0] == nil }) { return id }
        return state.refresh.first { state.inFlight[$0] == nil }
    }

    /// Starts fetching `id`, with a slot of the host taken.
    private func start(_ id: TileID, fetcher: any TileFetcher, _ state: inout State) {
        state.nextToken += 1
        let token = state.nextToken
        let task = Task { [weak self] in
            let result: Result<FetchedTile, any Error>
            do {
                result = .success(try await fetcher.fetch(id))
            } catch {
                result = .failure(error)
            }
            self?.finish(id, token: token, host: fetcher.host, result)
        }
        state.inFlight[id] = (token, task)
    }

    /// Sleeps until a pause ends, then pumps again.
    private func scheduleWake(after seconds: Double, _ state: inout State) {
        guard state.wake == nil else { return }
        let sleep = self.sleep
        state.wake = Task { [weak self] in
            await sleep(seconds)
            self?.shared.withLock { $0.wake = nil }
            self?.pump()
        }
    }

    /// Waits `seconds` (and a millisecond more, so the pause is over when it returns).
    public static func sleep(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 3600) * 1e9) + 1_000_000)  // checked: 0…3600 s
    }

    // MARK: Results

    /// Takes the result of fetch `token` for `id` (ignored when that fetch was cancelled or replaced).
    private func finish(_ id: TileID, token: Int, host: String, _ result: Result<FetchedTile, any Error>) {
        let current = shared.withLock { state -> Bool in
            guard state.inFlight[id]?.token == token else { return false }
            state.inFlight[id] = nil
            if case .success = result {
                // Out of `wanted` at once, so that no other thread starts it again while it is stored.
                state.wanted.removeAll { $0 == id }
                state.landing.insert(id)
                state.fetchedDuringWant.insert(id)
            }
            return true
        }
        guard current else { return }
        gate.release(host: host)
        switch result {
        case .success(.tile(let bytes, let maxAge)): keep(id, bytes: bytes, maxAge: maxAge, host: host)
        case .success(.empty(let maxAge)): keep(id, bytes: nil, maxAge: maxAge, host: host)
        case .failure(let error as TileFetchError): fail(error, host: host)
        case .failure(is CancellationError): break
        case .failure(let error): fail(.failed(String(describing: error)), host: host)
        }
        pump()
    }

    /// Keeps an arrived tile in memory and in the disk cache (for `maxAge` seconds, else the default, at
    /// least the minimum of `host`'s terms), and says so.
    private func keep(_ id: TileID, bytes: [UInt8]?, maxAge: Double?, host: String) {
        var cacheError: String?
        if let cache, shared.withLock({ state in state.cacheWritable }) {
            let lifetime = TileServiceTerms.cacheSeconds(served: maxAge, fallback: defaultMaxAge, host: host)
            do {
                try cache.store(id, bytes: bytes, maxAge: lifetime)
            } catch {
                cacheError = "cannot write the tile cache \(cache.path): \(error)"
            }
        }
        let (wasRefresh, recovered) = shared.withLock { state -> (Bool, Bool) in
            state.memory.setValue(Kept(bytes: bytes), forKey: id, cost: (bytes?.count ?? 0) + 64)
            if cacheError != nil { state.cacheWritable = false }
            state.landing.remove(id)
            let wasRefresh = state.refresh.contains(id)
            state.refresh.removeAll { $0 == id }
            state.failures = 0
            defer { state.failing = false }
            return (wasRefresh, state.failing)
        }
        if let cacheError { onEvent(.cacheFailed(cacheError)) }
        if recovered { onEvent(.recovered) }
        onEvent(wasRefresh ? .refreshed([id]) : .arrived([id]))
    }

    /// Pauses the source's host (every source on it) after a failure: the server's `Retry-After`, else
    /// 1, 2, 4 … 60 s.
    private func fail(_ error: TileFetchError, host: String) {
        let firstOfRun = shared.withLock { state -> Bool in
            state.failures += 1
            var pause = min(Self.maxPauseSeconds, pow(2, Double(state.failures - 1)))
            if case .busy(_, let retryAfter?) = error { pause = min(max(retryAfter, 0), 3600) }
            gate.pause(host: host, until: clock() + pause)
            defer { state.failing = true }
            return !state.failing
        }
        if firstOfRun { onEvent(.failing("tiles from \(name): \(error)")) }
    }
}
