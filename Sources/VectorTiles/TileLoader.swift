import GeoCore
import Synchronization

/// The outcome of asking a `TileLoader` for a tile.
public enum TileLoad: Sendable {
    /// The decoded tile. `source` is the tile actually read: the requested tile with x wrapped,
    /// or its ancestor at the store's max zoom when the request was deeper (overzoom). Draw the
    /// requested tile's part of `source` (see `TileID.ancestor(at:)`).
    case tile(VectorTile, source: TileID)
    /// The store has no tile there (also: zoom below the store's min zoom, or an invalid row).
    case missing
    /// The tile exists but could not be read or decoded; counted in `damagedTileCount`.
    case damaged
    /// The store fetches tiles in the background and does not hold this one yet (see
    /// `TileNotYetLoaded`); nothing is cached, so the next load reads the store again.
    case pending
}

/// Thrown by a `TileStore` that fetches tiles in the background (a tile server, a remote archive) for a
/// tile it does not hold yet. A frame never waits for such a tile: it draws what is there and asks for
/// the tile to be fetched (see `MapRenderer.pendingTiles`).
public struct TileNotYetLoaded: Error, Sendable {
    public init() {}
}

/// Loads and decodes tiles from one `TileStore`, with overzoom and a bounded cache.
///
/// Thread-safe: `load` may be called from any thread. Decoded tiles, and the fact that a tile is
/// missing or damaged, are cached in an LRU keyed by the *source* tile id, so the overzoomed
/// children of one tile share one decode. Decoding runs outside the lock; two threads asking for
/// the same uncached tile at once may both decode it (the result is the same).
public final class TileLoader: Sendable {
    /// The store tiles come from.
    public let store: any TileStore
    /// The store's minimum zoom: requests below it are `.missing`. Read from the store's metadata on
    /// every use, since a remote store learns its zoom range only once its TileJSON has arrived.
    public var minZoom: Int { store.metadata.minZoom }
    /// The store's maximum zoom (at least `minZoom`): deeper requests read the ancestor at this zoom.
    public var maxZoom: Int {
        let metadata = store.metadata
        return max(metadata.minZoom, metadata.maxZoom)
    }

    private enum Entry {
        case tile(VectorTile)
        case missing
        case damaged

        /// What the entry holds in memory, for the cache's byte budget (a small fixed cost otherwise).
        var byteCount: Int {
            if case .tile(let tile) = self { return tile.byteCount + 64 }
            return 64
        }
    }

    private struct State {
        var cache: LRUCache<TileID, Entry>
        var damaged: Set<TileID> = []
    }

    private let state: Mutex<State>

    /// The bytes of decoded tiles one loader keeps by default: 16 MiB. Frames draw from the renderer's
    /// prepared tiles (64 MiB); a decoded tile is kept only so that a frame at another zoom can prepare
    /// the layers it shows (buildings from z15, say) without reading and inflating the tile again.
    public static let defaultCacheBytes = 16 << 20

    /// A loader over `store` caching up to `cacheCapacity` source tiles (decoded, missing or
    /// damaged) whose decoded bytes add up to at most `cacheBytes`.
    public init(store: any TileStore, cacheCapacity: Int = 256, cacheBytes: Int = TileLoader.defaultCacheBytes) {
        self.store = store
        self.state = Mutex(State(cache: LRUCache(capacity: cacheCapacity, costLimit: cacheBytes)))
    }

    /// The store's metadata.
    public var metadata: TileSetMetadata { store.metadata }

    /// Number of distinct source tiles found damaged so far (unreadable bytes, bad compression,
    /// malformed top-level message).
    public var damagedTileCount: Int { state.withLock { $0.damaged.count } }

    /// The tile that `load(id)` would read: `id` with x wrapped, or its ancestor at `maxZoom`
    /// when `id.z > maxZoom`; nil below `minZoom`, for rows outside the world, or z > 60.
    public func sourceTile(for id: TileID) -> TileID? {
        let metadata = store.metadata
        guard id.z >= 0, id.z <= 60, id.isValidRow, id.z >= metadata.minZoom else { return nil }
        let wrapped = id.wrapped
        let maxZoom = max(metadata.minZoom, metadata.maxZoom)
        return wrapped.z > maxZoom ? wrapped.ancestor(at: maxZoom) : wrapped
    }

    /// Loads the tile for `id` (any zoom; x may lie outside 0..<2^z and is wrapped). Never throws
    /// or traps on bad data: damage is reported as `.damaged`.
    public func load(_ id: TileID) -> TileLoad {
        guard let source = sourceTile(for: id) else { return .missing }
        if let cached = state.withLock({ $0.cache[source] }) {
            return result(cached, source: source)
        }

        let entry: Entry
        let cacheable: Bool
        do {
            if let bytes = try store.tileData(source) {
                entry = .tile(try VectorTile(bytes: bytes))
            } else {
                entry = .missing
            }
            cacheable = true
        } catch is TileNotYetLoaded {
            return .pending
        } catch is VectorTileError {
            entry = .damaged
            cacheable = true
        } catch {
            // The store failed to read (I/O, SQLite): report damage but retry next time.
            entry = .damaged
            cacheable = false
        }

        state.withLock { state in
            if cacheable { state.cache.setValue(entry, forKey: source, cost: entry.byteCount) }
            if case .damaged = entry { state.damaged.insert(source) }
        }
        return result(entry, source: source)
    }

    /// Counts `source` as damaged when a layer of an already loaded tile fails to decode (the
    /// tile stays cached: its other layers may be fine).
    public func markDamaged(_ source: TileID) {
        _ = state.withLock { $0.damaged.insert(source) }
    }

    /// Forgets the cached result for the source tile `id` (the store's copy changed).
    public func removeCachedTile(_ id: TileID) {
        _ = state.withLock { $0.cache.removeValue(forKey: id) }
    }

    /// Empties the cache (the damaged count is kept).
    public func removeAllCachedTiles() {
        state.withLock { $0.cache.removeAll() }
    }

    private func result(_ entry: Entry, source: TileID) -> TileLoad {
        switch entry {
        case .tile(let tile): return .tile(tile, source: source)
        case .missing: return .missing
        case .damaged: return .damaged
        }
    }
}
