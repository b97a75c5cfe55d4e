import Foundation
import GeoCore
import Network
import Storage
import Synchronization
import TextSafety
import VectorTiles

/// The tile sources the user chose (`--tiles`, the config file), opened: local files as they are,
/// remote sources as `RemoteTileStore`s with a disk cache each. Gathers what the remote ones report into
/// one status (tiles loading, the last problem) and hands the tiles a frame lacked to their stores.
public final class TileSourceSet: Sendable {
    /// How remote sources are cached and fetched.
    public struct Options: Sendable {
        /// Where cache files go (`$XDG_CACHE_HOME/mapterm/tiles`); nil: no disk cache.
        public var cacheDirectory: URL?
        /// Most bytes of one source's cache; 0 (or less): no disk cache, tiles are kept in memory only.
        public var cacheLimitBytes: Int
        /// Seconds a tile is reused when its server does not say.
        public var maxAge: Double
        /// Seconds one tile request may take.
        public var timeout: Double
        /// The source layers the map style draws: a source with none of them gets a notice.
        public var styleLayers: Set<String> = []
        /// True: no request at all; remote sources serve what their caches hold (`CachedTileStore`).
        public var offline = false
        /// The lowest zoom whose tiles remote sources are asked for (their own `minzoom` when higher):
        /// the map's low zooms come from the shipped world map, and remote low-zoom tiles are large.
        public var lowestRemoteZoom = 0

        public init(
            cacheDirectory: URL?, cacheLimitBytes: Int = 500 << 20, maxAge: Double = 7 * 86_400, timeout: Double = 5
        ) {
            self.cacheDirectory = cacheDirectory
            self.cacheLimitBytes = cacheLimitBytes
            self.maxAge = maxAge
            self.timeout = timeout
        }
    }

    /// Every source, in drawing order.
    public let stores: [any TileStore]
    /// Each source's stable name, like `stores`: its text (`--tiles`), with " #2" … for repeats.
    public let ids: [TileSourceID]
    /// The remote ones, by name.
    public let remote: [TileSourceID: RemoteTileStore]
    /// Called (on any thread) whenever tiles arrive or a source's health changes.
    public var onChange: (@Sendable () -> Void)? {
        get { news.state.withLock { $0.changeHandler } }
        set { news.state.withLock { $0.changeHandler = newValue } }
    }

    /// What the sources reported, shared with their event handlers and background work.
    private let news: News

    /// What the sources reported; its `state` is the only mutable part of a set.
    private final class News: Sendable {
        struct State {
            var changeHandler: (@Sendable () -> Void)?
            var problems: [TileSourceID: String] = [:]
            var setupProblem: String?
            var refreshed: [PendingTile] = []
            var arrivals = 0
            var resolving: [Task<Void, Never>] = []
            var resolvingCount = 0
            /// What each remote source must learn before it fetches (its TileJSON, its archive's
            /// header), not asked yet: asked when the map first wants one of its tiles.
            var unresolved: [TileSourceID: @Sendable () -> Void] = [:]
        }

        let state = Mutex(State())

        /// Counts a remote store's event and passes the news on.
        func record(_ event: RemoteTileEvent, source index: TileSourceID) {
            state.withLock { state in
                switch event {
                case .arrived(let ids): state.arrivals += ids.count
                case .refreshed(let ids):
                    state.arrivals += ids.count
                    state.refreshed += ids.map { PendingTile(source: index, tile: $0) }
                case .failing(let reason): state.problems[index] = reason
                case .recovered: state.problems[index] = nil
                case .cacheFailed(let reason): state.setupProblem = reason
                }
            }
            changed()
        }

        /// Sets (or, with nil, clears) the problem of source `index`, and passes the news on.
        func report(_ problem: String?, _ index: TileSourceID) {
            state.withLock { $0.problems[index] = problem }
            changed()
        }

        func changed() { state.withLock { $0.changeHandler }?() }
    }

    /// Opens every source. Local files that cannot be used throw (one line); remote sources never
    /// throw here: they start from their cache and report problems through `problem`.
    public init(
        specs: [TileSourceSpec], options: Options, openLocal: (TileSourceSpec) throws -> any TileStore
    ) throws {
        let news = News()
        let opening = Opening(options: options, gate: HostGate(), news: news)
        var stores: [any TileStore] = [], ids: [TileSourceID] = [], remote: [TileSourceID: RemoteTileStore] = [:]
        for spec in specs {
            let id = Self.uniqueID(spec, among: ids)
            ids.append(id)
            if spec.isRemote && !options.offline {
                let store = opening.openRemote(spec, id: id)
                remote[id] = store
                stores.append(store)
                continue
            }
            let store = spec.isRemote ? opening.openCached(spec) : try openLocal(spec)
            if let mismatch = store.metadata.layerMismatch(drawn: options.styleLayers) {
                news.state.withLock { $0.problems[id] = mismatch }
            }
            stores.append(store)
        }
        (self.stores, self.ids, self.remote, self.news) = (stores, ids, remote, news)
    }

    deinit {
        for task in news.state.withLock({ $0.resolving }) { task.cancel() }
    }

    // MARK: What the map asks

    /// The name a source gets: its text, or its text and " #n" when an earlier source has that name.
    static func uniqueID(_ spec: TileSourceSpec, among taken: [TileSourceID]) -> TileSourceID {
        var id = TileSourceID(spec.description)
        var n = 1
        while taken.contains(id) {
            n += 1
            id = TileSourceID("\(spec.description) #\(n)")
        }
        return id
    }

    /// Hands the tiles a view lacks to their stores (tiles of other sources are passed over). Each
    /// remote store fetches its own in the order given and stops fetching what is no longer listed.
    /// A source's TileJSON (or archive header) is asked for here, when its first tile is wanted: a view
    /// that needs none of its tiles (the world view) asks its server nothing.
    public func want(_ pending: [PendingTile]) {
        var bySource: [TileSourceID: [TileID]] = [:]
        for tile in pending { bySource[tile.source, default: []].append(tile.tile) }
        let starts = news.state.withLock { state in
            bySource.keys.compactMap { state.unresolved.removeValue(forKey: $0) }
        }
        for start in starts { start() }
        for (id, store) in remote { store.want(bySource[id] ?? []) }
    }

    /// Tiles being fetched or waiting to be, over every source.
    public var loadingCount: Int { remote.values.reduce(0) { $0 + $1.loadingCount } }

    /// Tiles that have arrived so far (grows; a frame is due when it changed).
    public var arrivalCount: Int { news.state.withLock { $0.arrivals } }

    /// The last problem of any source (failing server, unwritable cache), nil when all is well.
    public var problem: String? {
        let (problems, setupProblem) = news.state.withLock { ($0.problems, $0.setupProblem) }
        return ids.last { problems[$0] != nil }.flatMap { problems[$0] } ?? setupProblem
    }

    /// Refreshed tiles since the last call: what holds prepared copies of them must forget them.
    public func takeRefreshed() -> [PendingTile] {
        news.state.withLock { state in
            defer { state.refreshed.removeAll() }
            return state.refreshed
        }
    }

    /// Waits until every TileJSON is read (or failed) and no source is loading what was asked, or
    /// `seconds` have passed (for `render`).
    public func waitUntilIdle(seconds: Double) {
        let deadline = Date().timeIntervalSince1970 + seconds
        while isResolving, Date().timeIntervalSince1970 < deadline { usleep(5_000) }
        for store in remote.values { store.waitUntilIdle(deadline: deadline) }
    }

    /// True while a TileJSON is being fetched.
    public var isResolving: Bool { news.state.withLock { $0.resolvingCount > 0 } }

    /// Why tiles are not cached on disk (a cache folder that cannot be made, a full disk), if so.
    public var cacheProblem: String? { news.state.withLock { $0.setupProblem } }

    /// The problem of the source named `id`, if it has one now.
    public func problem(ofSource id: TileSourceID) -> String? { news.state.withLock { $0.problems[id] } }

    // MARK: Opening remote sources

    /// What opening the remote sources needs: the options, the set's one host gate, and where the
    /// stores' events and the background work's results go.
    private struct Opening {
        let options: Options
        let gate: HostGate
        let news: News

        /// A remote source's cache as a local store (offline): what its TileJSON said when last read,
        /// else what the cache remembers.
        func openCached(_ spec: TileSourceSpec) -> CachedTileStore {
            let name = TileSourceSet.hostName(spec)
            let cache = openCache(for: spec)
            var metadata = TileSourceSet.metadata(name, cache: cache)
            if case .tileJSON(let url) = spec,
                let cached = TileSourceSet.cachedTileJSON(url, in: cache)
            {
                metadata = cached.metadata(fallbackName: name)
            }
            return CachedTileStore(metadata: metadata, cache: cache)
        }

        func openRemote(_ spec: TileSourceSpec, id index: TileSourceID) -> RemoteTileStore {
            let name = TileSourceSet.hostName(spec)
            let cache = openCache(for: spec)
            let sink: @Sendable (RemoteTileEvent) -> Void = { [news] event in news.record(event, source: index) }
            switch spec {
            case .template(let template):
                let client = try? TileServerClient(template: template, timeout: options.timeout)
                if client == nil {
                    news.report("not a usable tile URL: \(TextSanitizer.clean(template, maxLength: 120))", index)
                }
                return RemoteTileStore(
                    name: name, metadata: TileSourceSet.metadata(name, cache: cache), fetcher: client, cache: cache,
                    defaultMaxAge: options.maxAge, lowestZoom: options.lowestRemoteZoom, gate: gate, onEvent: sink)
            case .tileJSON(let url):
                let cached = TileSourceSet.cachedTileJSON(url, in: cache)
                let client = cached.flatMap { try? TileServerClient(template: $0.template, timeout: options.timeout) }
                let store = RemoteTileStore(
                    name: name,
                    metadata: cached?.metadata(fallbackName: name) ?? TileSourceSet.metadata(name, cache: cache),
                    fetcher: client, cache: cache, defaultMaxAge: options.maxAge, lowestZoom: options.lowestRemoteZoom,
                    gate: gate, onEvent: sink)
                let timeout = max(options.timeout, 10)
                resolve(
                    index: index, store: store,
                    failure: { "cannot read the TileJSON at \(TileSourceSet.host(url)): \($0)" }
                ) {
                    let (client, metadata, json) = try await TileSourceSet.fetchTileJSON(url, timeout: timeout)
                    store.update(metadata: metadata, fetcher: client)
                    var values = TileSourceSet.cacheMetadata(metadata, source: url.absoluteString)
                    values["tilejson"] = String(decoding: json, as: UTF8.self)
                    try? cache?.setMetadata(values)
                }
                return store
            case .remotePMTiles(let url):
                let store = RemoteTileStore(
                    name: name, metadata: TileSourceSet.metadata(name, cache: cache), fetcher: nil, cache: cache,
                    defaultMaxAge: options.maxAge, lowestZoom: options.lowestRemoteZoom, gate: gate, onEvent: sink)
                resolve(
                    index: index, store: store,
                    failure: { "cannot read the PMTiles archive at \(TileSourceSet.host(url)): \($0)" }
                ) {
                    [options] in
                    let fetcher = try await PMTilesRangeFetcher.open(url, timeout: max(options.timeout, 10))
                    store.update(metadata: fetcher.archive.metadata, fetcher: fetcher)
                    try? cache?.setMetadata(
                        TileSourceSet.cacheMetadata(fetcher.archive.metadata, source: url.absoluteString))
                }
                return store
            case .mbtiles, .pmtiles:
                preconditionFailure("local sources are opened by openLocal")
            }
        }

        /// Learns in the background what a source needs before its tiles can be fetched (its TileJSON, its
        /// archive's header), once `want` first asks for one of its tiles, then tells its store; the
        /// result is kept in the cache's metadata, so the next start draws the cached tiles at once,
        /// offline too. A failure becomes the source's problem.
        private func resolve(
            index: TileSourceID, store: RemoteTileStore, failure: @escaping @Sendable (String) -> String,
            _ work: @escaping @Sendable () async throws -> Void
        ) {
            let (news, drawn) = (self.news, options.styleLayers)
            let start: @Sendable () -> Void = {
                news.state.withLock { $0.resolvingCount += 1 }
                let task = Task {
                    defer { news.state.withLock { $0.resolvingCount -= 1 } }
                    do {
                        try await work()
                        // A source holding none of the layers the style draws says so.
                        news.report(store.metadata.layerMismatch(drawn: drawn), index)
                    } catch is CancellationError {
                        return
                    } catch {
                        news.report(failure(TileSourceSet.reason(error)), index)
                    }
                }
                news.state.withLock { $0.resolving.append(task) }
            }
            news.state.withLock { $0.unresolved[index] = start }
        }

        /// The cache file of a remote source, or nil when there is to be none (no folder, a limit of 0) or
        /// there can be none (a problem is said).
        private func openCache(for spec: TileSourceSpec) -> TileCache? {
            guard let folder = options.cacheDirectory, options.cacheLimitBytes > 0 else { return nil }
            let file = folder.appendingPathComponent(TileSourceSet.cacheFileName(spec))
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                let shown = TextSanitizer.clean(folder.path, maxLength: 120)
                news.state.withLock {
                    $0.setupProblem = "tile cache off: cannot make \(shown): \(TileSourceSet.fileReason(error))"
                }
                return nil
            }
            do {
                let cache = try TileCache(path: file.path, limitBytes: options.cacheLimitBytes)
                try? cache.setMetadata(["name": TileSourceSet.hostName(spec), "mapterm_source": spec.description])
                return cache
            } catch {
                let shown = TextSanitizer.clean(file.path, maxLength: 120)
                news.state.withLock {
                    $0.setupProblem = "tile cache off: cannot write \(shown): \(TileSourceSet.fileReason(error))"
                }
                return nil
            }
        }
    }

    /// Reads the TileJSON at `url`: a client for its tiles, and what it says of them. Throws
    /// `TileSourceError` (or the transport's error) with one line.
    public static func readTileJSON(_ url: URL, timeout: Double) async throws -> (TileServerClient, TileSetMetadata) {
        let (client, metadata, _) = try await fetchTileJSON(url, timeout: timeout)
        return (client, metadata)
    }

    static func fetchTileJSON(_ url: URL, timeout: Double) async throws -> (TileServerClient, TileSetMetadata, Data) {
        let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], maxBodyBytes: 1 << 20)
        let response = try await HTTPFetcher(timeout: timeout, maxBodyBytes: 1 << 20).fetch(request)
        guard response.status == 200 else { throw TileSourceError.unusable("HTTP \(response.status)") }
        let document = try TileJSON(data: response.body, base: url)
        let client = try TileServerClient(template: document.template, timeout: max(timeout / 2, 5))
        return (client, document.metadata(fallbackName: host(url)), response.body)
    }

    // MARK: Names

    /// "tiles.example.org-1a2b3c4d.mbtiles": the host, and a hash of the whole source text.
    public static func cacheFileName(_ spec: TileSourceSpec) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in spec.description.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let host = hostName(spec).filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        return "\(host.isEmpty ? "tiles" : host)-\(String(format: "%08x", hash)).mbtiles"
    }

    static func hostName(_ spec: TileSourceSpec) -> String {
        switch spec {
        case .template(let template):
            return host(URL(string: TileServerClient.placeholderFree(template)))
        case .tileJSON(let url), .remotePMTiles(let url): return host(url)
        case .mbtiles(let path), .pmtiles(let path): return (path as NSString).lastPathComponent
        }
    }

    static func host(_ url: URL?) -> String { TextSanitizer.clean(url?.host ?? "tiles", maxLength: 80) }

    /// The TileJSON of `url` as a cache kept it when it was last read, if it did.
    static func cachedTileJSON(_ url: URL, in cache: TileCache?) -> TileJSON? {
        cache?.metadata("tilejson").flatMap { try? TileJSON(data: Data($0.utf8), base: url) }
    }

    /// What the cache remembers of a source (zoom range, attribution), else z0–14 and no attribution.
    static func metadata(_ name: String, cache: TileCache?) -> TileSetMetadata {
        let low = cache?.metadata("minzoom").flatMap { Int($0) }.map { min(max($0, 0), 30) } ?? 0
        let high = cache?.metadata("maxzoom").flatMap { Int($0) }.map { min(max($0, low), 30) } ?? max(low, 14)
        return TileSetMetadata(
            name: name, format: "pbf", minZoom: low, maxZoom: high, attribution: cache?.metadata("attribution"))
    }

    /// The metadata rows a cache file keeps of its source.
    static func cacheMetadata(_ metadata: TileSetMetadata, source: String) -> [String: String] {
        var values = ["minzoom": "\(metadata.minZoom)", "maxzoom": "\(metadata.maxZoom)", "mapterm_source": source]
        if let attribution = metadata.attribution { values["attribution"] = attribution }
        if let b = metadata.bounds { values["bounds"] = "\(b.west),\(b.south),\(b.east),\(b.north)" }
        return values
    }

    /// A file-system error in a few words ("Not a directory", "Permission denied").
    static func fileReason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return reason(error)
    }

    static func reason(_ error: any Error) -> String {
        TextSanitizer.clean(String(describing: error), maxLength: 160)
    }
}
