import GeoCore
import Places

/// Markers already fetched, by zoom level and tile (of the fetch zoom), so panning back does not ask
/// again. Bounded: the oldest tiles are forgotten first.
public struct MarkerCache: Equatable, Sendable {
    /// A cache entry's key: the whole zoom the markers are for and the tile their positions lie in.
    public struct Key: Hashable, Sendable {
        public var level: Int
        public var tile: TileID
    }

    public let capacity: Int
    private(set) var tiles: [Key: [PlaceMarker]] = [:]
    private var order: [Key] = []

    public init(capacity: Int = 1024) { self.capacity = capacity }

    /// True when every tile is cached for `level`.
    public func covers(_ keys: [TileID], level: Int) -> Bool {
        keys.allSatisfy { tiles[Key(level: level, tile: $0)] != nil }
    }

    /// The cached markers of the tiles at `level` (missing tiles contribute nothing).
    public func markers(in keys: [TileID], level: Int) -> [PlaceMarker] {
        keys.flatMap { tiles[Key(level: level, tile: $0)] ?? [] }
    }

    /// Stores a fetch result: every tile of `keys` is now known at `level`, holding the markers inside it.
    public mutating func store(_ markers: [PlaceMarker], for keys: [TileID], level: Int) {
        guard let zoom = keys.first?.z else { return }
        var buckets = Dictionary(uniqueKeysWithValues: keys.map { ($0, [PlaceMarker]()) })
        for marker in markers {
            buckets[Self.tile(of: marker.coordinate, zoom: zoom)]?.append(marker)
        }
        for (tile, list) in buckets {
            let key = Key(level: level, tile: tile)
            if tiles.updateValue(list, forKey: key) == nil { order.append(key) }
        }
        if order.count > capacity {
            for key in order.prefix(order.count - capacity) { tiles[key] = nil }
            order.removeFirst(order.count - capacity)
        }
    }

    /// Forgets everything (the filter changed, or `r`).
    public mutating func removeAll() {
        tiles = [:]
        order = []
    }

    /// The tile (wrapped) of zoom `zoom` that contains a position.
    public static func tile(of point: LatLon, zoom: Int) -> TileID {
        let world = Mercator.project(point.normalized)
        let n = Double(1 << zoom)
        let x = min(max(Int((world.x * n).rounded(.down)), 0), (1 << zoom) - 1)
        let y = min(max(Int((world.y * n).rounded(.down)), 0), (1 << zoom) - 1)
        return TileID(z: zoom, x: x, y: y).wrapped
    }
}
