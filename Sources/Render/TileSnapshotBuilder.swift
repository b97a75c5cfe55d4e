import GeoCore
import VectorTiles

/// Makes `TileSnapshot`s: for a view, loads each source's tiles through its `TileLoader` (reading and
/// decoding what is not cached), prepares the style layers the zoom shows and keeps the prepared tiles
/// in a bounded LRU cache, so the next snapshot of a nearby view costs lookups only. The runtime runs it
/// off the frame path; a frame only draws the snapshot. Not thread-safe: one caller at a time.
public final class TileSnapshotBuilder {
    /// Tile sets in drawing order: the basemap first, overlays (street detail) after it.
    public let sources: [TileLoader]
    /// Each source's stable name, like `sources`.
    public let ids: [TileSourceID]
    public let style: MapStyle
    /// The style's layers as they read each schema's tiles (`StyleLayer.resolved`), by schema.
    private let schemaLayers: [TileSchema: [StyleLayer?]]
    /// Each source's schema once known: from its metadata's layer list, else from the first tile
    /// whose layers name one (see `schema(ofSource:)`).
    private var schemas: [TileSchema?]
    private var cache: LRUCache<TileKey, PreparedTile>
    private var missing: LRUCache<TileKey, Bool>
    private var builds = 0
    /// Told of every tile read and decoded to prepare it (not of tiles prepared before): the source's
    /// name, the tile read (the ancestor of an overzoomed one), the tile and its schema. Runs on the
    /// builder's caller, off the frame path (the map's points of interest are read here).
    public var tileDecoded: ((TileSourceID, TileID, VectorTile, TileSchema) -> Void)?

    struct TileKey: Hashable {
        var source: Int
        var tile: TileID
    }

    /// The bytes of prepared tiles a builder keeps by default: 64 MiB.
    public static let defaultCacheBytes = 64 << 20

    /// Zoom levels looked up for a loaded ancestor of a pending tile.
    static let ancestorSearchDepth = 6

    /// A builder over `sources` (named by `ids`; by default "1", "2", … in drawing order) keeping up to
    /// `cacheCapacity` prepared tiles of at most `cacheBytes`.
    public init(
        sources: [TileLoader], ids: [TileSourceID]? = nil, style: MapStyle, cacheCapacity: Int = 512,
        cacheBytes: Int = defaultCacheBytes
    ) {
        precondition(ids == nil || ids?.count == sources.count, "one id per source")
        self.sources = sources
        self.ids = ids ?? sources.indices.map { TileSourceID("\($0 + 1)") }
        self.style = style
        schemaLayers = Dictionary(
            uniqueKeysWithValues: TileSchema.allCases.map { schema in
                (schema, style.layers.map { $0.resolved(for: schema) })
            })
        schemas = Array(repeating: nil, count: sources.count)
        cache = LRUCache(capacity: cacheCapacity, costLimit: cacheBytes)
        missing = LRUCache(capacity: cacheCapacity * 4)
    }

    /// Tiles that could not be read or decoded so far, over all sources.
    public var damagedTileCount: Int { sources.reduce(0) { $0 + $1.damagedTileCount } }

    /// The source named `id`, if there is one.
    public func loader(_ id: TileSourceID) -> TileLoader? { ids.firstIndex(of: id).map { sources[$0] } }

    /// The schema the source named `id` is drawn with so far: its metadata's, else the first decoded
    /// tile's that named one; nil while neither has (its tiles draw as OpenMapTiles meanwhile).
    public func schema(ofSource id: TileSourceID) -> TileSchema? {
        guard let s = ids.firstIndex(of: id) else { return nil }
        return schemas[s] ?? sources[s].metadata.schema
    }

    /// The schema a tile of source `s` is drawn with: the one its own layers name, else the source's
    /// (metadata, first telling tile), else OpenMapTiles. A tile whose layers contradict its source's
    /// metadata draws by its layers; nothing drawn before changes.
    private func schema(of tile: VectorTile, source s: Int) -> TileSchema {
        if schemas[s] == nil { schemas[s] = sources[s].metadata.schema }
        let own = TileSchema.detect(layerNames: tile.layerNames)
        if schemas[s] == nil { schemas[s] = own }
        return own ?? schemas[s] ?? .openMapTiles
    }

    /// Forgets what the builder and the source's loader hold for these tiles (a remote source
    /// refreshed them).
    public func forget(_ tiles: some Sequence<PendingTile>) {
        for tile in tiles {
            guard let s = ids.firstIndex(of: tile.source) else { continue }
            let key = TileKey(source: s, tile: tile.tile)
            _ = cache.removeValue(forKey: key)
            _ = missing.removeValue(forKey: key)
            sources[s].removeCachedTile(tile.tile)
        }
    }

    /// Forgets every prepared tile (the next snapshot is a cold one).
    public func clearCache() {
        cache.removeAll()
        missing.removeAll()
        for source in sources { source.removeAllCachedTiles() }
    }

    /// The tiles covering `viewport` at `camera`, for every source at its best zoom for the camera,
    /// with the style layers of the camera's zoom prepared; `generation` tags the answer.
    public func snapshot(camera: Camera, viewport: Viewport, generation: Int = 0) -> TileSnapshot {
        let transform = ViewTransform(camera: camera, viewport: viewport)
        let layers = style.layers.indices.filter { style.layers[$0].isVisible(atZoom: camera.zoom) }
        let wanted = Int(camera.zoom.rounded(.down))
        var shares: [TileSnapshot.Source] = []
        var pending: [PendingTile] = []
        var drawn: [TileSourceID: Int] = [:]
        for (s, loader) in sources.enumerated() {
            let meta = loader.metadata
            var share = TileSnapshot.Source(id: ids[s], minZoom: meta.minZoom, maxZoom: max(meta.minZoom, meta.maxZoom))
            var count = 0
            if !viewport.isEmpty, wanted >= share.minZoom {
                let z = min(wanted, share.maxZoom)
                for position in transform.tileCover(zoom: z) {
                    count += take(position, source: s, layers, into: &share) ? 1 : 0
                }
            }
            let center = camera.centerWorld
            pending += share.pending.map { (Self.distance($0, center), $0) }
                .sorted { a, b in a.0 != b.0 ? a.0 < b.0 : (a.1.y, a.1.x) < (b.1.y, b.1.x) }
                .map { PendingTile(source: ids[s], tile: $0.1) }
            drawn[ids[s]] = count
            shares.append(share)
        }
        builds += 1
        return TileSnapshot(
            sources: shares, version: builds, generation: generation, pendingTiles: pending, drawnCounts: drawn)
    }

    /// Puts what source `s` has for the tile at `position` into `share`; true when something of it (or
    /// an ancestor standing in) will be drawn.
    private func take(_ position: TileID, source s: Int, _ layers: [Int], into share: inout TileSnapshot.Source) -> Bool
    {
        let tile = position.wrapped
        switch prepared(source: s, tile: tile, layers: layers) {
        case .ready(let content):
            share.tiles[tile] = content
            return true
        case .incomplete(let content):
            share.tiles[tile] = content
            share.pending.insert(tile)
            return true
        case .absent:
            return false
        case .pending:
            share.pending.insert(tile)
            guard let (ancestor, content) = standIn(source: s, for: position, minZoom: share.minZoom, layers)
            else { return false }
            share.tiles[ancestor.wrapped] = content
            share.standInZoom[tile] = ancestor.z
            return true
        }
    }

    /// What a source has for one tile.
    enum Availability {
        case ready(PreparedTile)
        /// Prepared for some of the layers asked for; the others wait for the source to load the tile
        /// again (a remote source that no longer holds it).
        case incomplete(PreparedTile)
        case absent
        case pending
    }

    /// The nearest loaded ancestor of a pending tile (column as the tile's), up to
    /// `ancestorSearchDepth` zooms above it.
    private func standIn(
        source s: Int, for position: TileID, minZoom: Int, _ layers: [Int]
    ) -> (TileID, PreparedTile)? {
        let lowest = max(minZoom, position.z - Self.ancestorSearchDepth)
        guard position.z - 1 >= lowest else { return nil }
        for z in stride(from: position.z - 1, through: lowest, by: -1) {
            let ancestor = position.ancestor(at: z)
            if case .ready(let content) = prepared(source: s, tile: ancestor.wrapped, layers: layers) {
                return (ancestor, content)
            }
        }
        return nil
    }

    /// The tile of source `s` with the style layers `layers` prepared: from the cache, else loaded and
    /// prepared (only the layers the cached copy lacks).
    func prepared(source s: Int, tile: TileID, layers: [Int]) -> Availability {
        let key = TileKey(source: s, tile: tile)
        let hit = cache[key]
        if let hit, hit.hasPrepared(layers) { return .ready(hit) }
        if missing[key] != nil { return .absent }
        let vectorTile: VectorTile
        let read: TileID
        switch sources[s].load(tile) {
        case .tile(let loaded, let source):
            vectorTile = loaded
            read = source
        case .pending: return hit.map { .incomplete($0) } ?? .pending
        case .missing, .damaged:
            _ = cache.removeValue(forKey: key)
            missing[key] = true
            return .absent
        }
        var content = hit ?? PreparedTile(tile: tile, layerCount: style.layers.count)
        let schema = schema(of: vectorTile, source: s)
        let styles = schemaLayers[schema] ?? style.layers
        if hit == nil { tileDecoded?(ids[s], read, vectorTile, schema) }
        content.prepare(layers, from: vectorTile, styles: styles) { sources[s].markDamaged(tile) }
        cache.setValue(content, forKey: key, cost: content.byteCount)
        return .ready(content)
    }

    /// Squared distance, in world units, from a tile's centre (nearest copy) to a world point.
    static func distance(_ tile: TileID, _ point: WorldPoint) -> Double {
        let n = Double(1 << tile.z)
        var dx = (Double(tile.x) + 0.5) / n - point.x
        dx -= dx.rounded()
        let dy = (Double(tile.y) + 0.5) / n - point.y
        return dx * dx + dy * dy
    }
}
