import Foundation
import GeoCore
import Network
import Storage
import TextSafety
import VectorTiles

/// The tile sources the user chose (`--tiles`, the config file), opened: local files as they are,
/// remote sources as `RemoteTileStore`s with a disk cache each. Gathers what the remote ones report into
/// one status (tiles loading, the last problem) and hands the tiles a frame lacked to their stores.
public final class TileSourceSet: @unchecked Sendable {
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
    public private(set) var stores: [any TileStore] = []
    /// Each source's stable name, like `stores`: its text (`--tiles`), with " #2" … for repeats.
    public private(set) var ids: [TileSourceID] = []
    /// The remote ones, by name.
    public private(set) var remote: [TileSourceID: RemoteTileStore] = [:]
    /// Called (on any thread) whenever tiles arrive or a source's health changes.
    public var onChange: (@Sendable () -> Void)? {
        get { lock.withLock { changeHandler } }
        set { lock.withLock { changeHandler = newValue } }
    }

    private let options: Options
    /// The request slots per host all remote sources share.
    private let gate = HostGate()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var changeHandler: (@Sendable () -> Void)?
    private var problems: [TileSourceID: String] = [:]
    private var setupProblem: String?
    private var refreshed: [PendingTile] = []
    private var arrivals = 0
    private var resolving: [Task<Void, Never>] = []
    private var resolvingCount = 0

    /// Opens every source. Local files that cannot be used throw (one line); remote sources never
    /// throw here: they start from their cache and report problems through `problem`.
    public init(
        specs: [TileSourceSpec], options: Options, openLocal: (TileSourceSpec) throws -> any TileStore
    ) throws {
        self.options = options
        for spec in specs {
            let id = Self.uniqueID(spec, among: ids)
            ids.append(id)
            if spec.isRemote {
                let store = openRemote(spec, id: id)
                remote[id] = store
                stores.append(store)
            } else {
                let store = try openLocal(spec)
                if let mismatch = store.metadata.layerMismatch(drawn: options.styleLayers) {
                    problems[id] = mismatch
                }
                stores.append(store)
            }
        }
    }

    deinit {
        for task in resolving { task.cancel() }
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
    public func want(_ pending: [PendingTile]) {
        var bySource: [TileSourceID: [TileID]] = [:]
        for tile in pending { bySource[tile.source, default: []].append(tile.tile) }
        for (id, store) in remote { store.want(bySource[id] ?? []) }
    }

    /// Tiles being fetched or waiting to be, over every source.
    public var loadingCount: Int { remote.values.reduce(0) { $0 + $1.loadingCount } }

    /// Tiles that have arrived so far (grows; a frame is due when it changed).
    public var arrivalCount: Int { lock.withLock { arrivals } }

    /// The last problem of any source (failing server, unwritable cache), nil when all is well.
    public var problem: String? {
        lock.withLock { ids.last { problems[$0] != nil }.flatMap { problems[$0] } ?? setupProblem }
    }

    /// Refreshed tiles since the last call: what holds prepared copies of them must forget them.
    public func takeRefreshed() -> [PendingTile] {
        lock.withLock {
            defer { refreshed.removeAll() }
            return refreshed
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
    public var isResolving: Bool { lock.withLock { resolvingCount > 0 } }

    /// Why tiles are not cached on disk (a cache folder that cannot be made, a full disk), if so.
    public var cacheProblem: String? { lock.withLock { setupProblem } }

    /// The problem of the source named `id`, if it has one now.
    public func problem(ofSource id: TileSourceID) -> String? { lock.withLock { problems[id] } }

    // MARK: Opening remote sources

    private func openRemote(_ spec: TileSourceSpec, id index: TileSourceID) -> RemoteTileStore {
        let name = Self.hostName(spec)
        let cache = openCache(for: spec)
        let sink: @Sendable (RemoteTileEvent) -> Void = { [weak self] event in self?.record(event, source: index) }
        switch spec {
        case .template(let template):
            let client = try? TileServerClient(template: template, timeout: options.timeout)
            if client == nil {
                report("not a usable tile URL: \(TextSanitizer.clean(template, maxLength: 120))", index)
            }
            return RemoteTileStore(
                name: name, metadata: Self.metadata(name, cache: cache), fetcher: client, cache: cache,
                defaultMaxAge: options.maxAge, gate: gate, onEvent: sink)
        case .tileJSON(let url):
            let cached = cache?.metadata("tilejson").flatMap { try? TileJSON(data: Data($0.utf8), base: url) }
            let client = cached.flatMap { try? TileServerClient(template: $0.template, timeout: options.timeout) }
            let store = RemoteTileStore(
                name: name, metadata: cached?.metadata(fallbackName: name) ?? Self.metadata(name, cache: cache),
                fetcher: client, cache: cache, defaultMaxAge: options.maxAge, gate: gate, onEvent: sink)
            let timeout = max(options.timeout, 10)
            resolve(index: index, failure: { "cannot read the TileJSON at \(Self.host(url)): \($0)" }) {
                let (client, metadata, json) = try await Self.fetchTileJSON(url, timeout: timeout)
                store.update(metadata: metadata, fetcher: client)
                var values = Self.cacheMetadata(metadata, source: url.absoluteString)
                values["tilejson"] = String(decoding: json, as: UTF8.self)
                try? cache?.setMetadata(values)
            }
            return store
        case .remotePMTiles(let url):
            let store = RemoteTileStore(
                name: name, metadata: Self.metadata(name, cache: cache), fetcher: nil, cache: cache,
                defaultMaxAge: options.maxAge, gate: gate, onEvent: sink)
            resolve(index: index, failure: { "cannot read the PMTiles archive at \(Self.host(url)): \($0)" }) {
                [options] in
                let fetcher = try await PMTilesRangeFetcher.open(url, timeout: max(options.timeout, 10))
                store.update(metadata: fetcher.archive.metadata, fetcher: fetcher)
                try? cache?.setMetadata(Self.cacheMetadata(fetcher.archive.metadata, source: url.absoluteString))
            }
            return store
        case .mbtiles, .pmtiles:
            preconditionFailure("local sources are opened by openLocal")
        }
    }

    /// Learns in the background what a source needs before its tiles can be fetched (its TileJSON, its
    /// archive's header), then tells its store; the result is kept in the cache's metadata, so the next
    /// start draws the cached tiles at once, offline too. A failure becomes the source's problem.
    private func resolve(
        index: TileSourceID, failure: @escaping @Sendable (String) -> String,
        _ work: @escaping @Sendable () async throws -> Void
    ) {
        lock.withLock { resolvingCount += 1 }
        let task = Task { [weak self] in
            defer { self?.lock.withLock { self?.resolvingCount -= 1 } }
            do {
                try await work()
                self?.clear(index)
                self?.checkLayers(index)
                self?.changed()
            } catch is CancellationError {
                return
            } catch {
                self?.report(failure(Self.reason(error)), index)
            }
        }
        lock.withLock { resolving.append(task) }
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

    /// The cache file of a remote source, or nil when there is to be none (no folder, a limit of 0) or
    /// there can be none (a problem is said).
    private func openCache(for spec: TileSourceSpec) -> TileCache? {
        guard let folder = options.cacheDirectory, options.cacheLimitBytes > 0 else { return nil }
        let file = folder.appendingPathComponent(Self.cacheFileName(spec))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            let shown = TextSanitizer.clean(folder.path, maxLength: 120)
            lock.withLock { setupProblem = "tile cache off: cannot make \(shown): \(Self.fileReason(error))" }
            return nil
        }
        do {
            let cache = try TileCache(path: file.path, limitBytes: options.cacheLimitBytes)
            try? cache.setMetadata(["name": Self.hostName(spec), "mapterm_source": spec.description])
            return cache
        } catch {
            let shown = TextSanitizer.clean(file.path, maxLength: 120)
            lock.withLock { setupProblem = "tile cache off: cannot write \(shown): \(Self.fileReason(error))" }
            return nil
        }
    }

    // MARK: Events

    private func record(_ event: RemoteTileEvent, source index: TileSourceID) {
        lock.withLock {
            switch event {
            case .arrived(let ids): arrivals += ids.count
            case .refreshed(let ids):
                arrivals += ids.count
                refreshed += ids.map { PendingTile(source: index, tile: $0) }
            case .failing(let reason): problems[index] = reason
            case .recovered: problems[index] = nil
            case .cacheFailed(let reason): setupProblem = reason
            }
        }
        changed()
    }

    private func report(_ problem: String, _ index: TileSourceID) {
        lock.withLock { problems[index] = problem }
        changed()
    }

    /// Says so when a remote source turns out to hold none of the layers the style draws.
    private func checkLayers(_ index: TileSourceID) {
        guard let store = remote[index], let mismatch = store.metadata.layerMismatch(drawn: options.styleLayers)
        else { return }
        lock.withLock { problems[index] = mismatch }
    }

    private func clear(_ index: TileSourceID) { _ = lock.withLock { problems.removeValue(forKey: index) } }

    private func changed() { onChange?() }

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
