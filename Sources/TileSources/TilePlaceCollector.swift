import GeoCore
import Places
import Synchronization
import VectorTiles

/// Hands the points of interest of the tiles the map decodes to a `TilePlaceSource`: each tile once,
/// from the zoom at which tiles carry them (`minZoom`, or a source's deepest zoom when it stops above),
/// and says when the places on the map changed, so that the map asks for its markers again. Called by
/// the tile builder off the frame path; thread-safe.
public final class TilePlaceCollector: Sendable {
    /// The source the places go to.
    public let source: TilePlaceSource
    /// The lowest zoom of a tile read: the tile schemas carry their points of interest at z14 (lower tiles
    /// hold a few chosen ones, or none).
    public static let minZoom = 14
    /// The most tiles remembered as read (the oldest forgotten first; a forgotten tile read again adds
    /// nothing new).
    static let maxTilesRemembered = 4096

    private let changed: @Sendable () -> Void
    private let seen = Mutex(Seen())

    private struct Seen {
        var tiles = Set<Key>()
        var order: [Key] = []
        /// The newest addition; each waits for the one before it.
        var last: Task<Void, Never>?
    }

    private struct Key: Hashable {
        var source: TileSourceID
        var tile: TileID
    }

    /// - Parameters:
    ///   - source: where the places go.
    ///   - changed: called (on any thread) when a tile's places changed what the map shows.
    public init(source: TilePlaceSource, changed: @escaping @Sendable () -> Void) {
        self.source = source
        self.changed = changed
    }

    /// Reads the places of a tile of source `id` (whose deepest zoom is `maxZoom`) unless it was read before
    /// or is above the zoom that has them; adding them happens in a task of its own.
    public func take(_ id: TileSourceID, tile: TileID, _ vectorTile: VectorTile, schema: TileSchema, maxZoom: Int) {
        guard tile.z >= min(Self.minZoom, maxZoom), remember(Key(source: id, tile: tile)) else { return }
        let places = TilePlaceExtractor.places(in: vectorTile, id: tile, schema: schema)
        guard !places.isEmpty else { return }
        let (source, changed, bounds) = (source, changed, Self.bounds(of: tile))
        seen.withLock { seen in
            let previous = seen.last
            seen.last = Task {
                await previous?.value
                if await source.add(places, in: bounds) { changed() }
            }
        }
    }

    /// Returns when every tile's places taken so far have been added.
    public func idle() async {
        await seen.withLock { $0.last }?.value
    }

    /// True when the tile had not been read (and now is remembered).
    private func remember(_ key: Key) -> Bool {
        seen.withLock { seen in
            guard seen.tiles.insert(key).inserted else { return false }
            seen.order.append(key)
            if seen.order.count > Self.maxTilesRemembered {
                seen.tiles.remove(seen.order.removeFirst())
            }
            return true
        }
    }

    /// The box a tile covers, in degrees.
    public static func bounds(of tile: TileID) -> GeoBounds {
        let n = Double(tile.size)
        let northWest = Mercator.unproject(WorldPoint(x: Double(tile.x) / n, y: Double(tile.y) / n))
        let southEast = Mercator.unproject(WorldPoint(x: Double(tile.x + 1) / n, y: Double(tile.y + 1) / n))
        return GeoBounds(
            south: southEast.lat, west: northWest.lon.clampedLongitude, north: northWest.lat,
            east: southEast.lon.clampedLongitude)
    }
}

extension Double {
    /// A longitude of a tile's edge kept inside -180...180.
    fileprivate var clampedLongitude: Double { Swift.min(Swift.max(self, -180), 180) }
}
