import GeoCore
import Places

/// Places already fetched, by tile at the fetch zoom, so panning back does not ask again.
/// Bounded: the oldest tiles are forgotten first.
public struct PlaceCache: Equatable, Sendable {
    public let capacity: Int
    private(set) var tiles: [TileID: [Place]] = [:]
    private var order: [TileID] = []

    public init(capacity: Int = 1024) { self.capacity = capacity }

    /// True when every tile is cached.
    public func covers(_ keys: [TileID]) -> Bool { keys.allSatisfy { tiles[$0] != nil } }

    /// The cached places of the tiles (missing tiles contribute nothing), each place once.
    public func places(in keys: [TileID]) -> [Place] {
        var seen = Set<String>()
        return keys.flatMap { tiles[$0] ?? [] }.filter { seen.insert($0.id).inserted }
    }

    /// Stores a fetch result: every tile of `keys` is now known, holding the places inside it.
    public mutating func store(_ places: [Place], for keys: [TileID]) {
        guard let zoom = keys.first?.z else { return }
        var buckets = Dictionary(uniqueKeysWithValues: keys.map { ($0, [Place]()) })
        for place in places {
            let key = PlaceCache.tile(of: place.coordinate, zoom: zoom)
            buckets[key]?.append(place)
        }
        for (key, list) in buckets {
            if tiles.updateValue(list, forKey: key) == nil { order.append(key) }
        }
        while order.count > capacity { tiles[order.removeFirst()] = nil }
    }

    /// The tile (wrapped) of zoom `zoom` that contains a position.
    public static func tile(of point: LatLon, zoom: Int) -> TileID {
        let world = Mercator.project(point.normalized)
        let n = Double(1 << zoom)
        let x = min(Int((world.x * n).rounded(.down)), (1 << zoom) - 1)
        let y = min(max(Int((world.y * n).rounded(.down)), 0), (1 << zoom) - 1)
        return TileID(z: zoom, x: x, y: y).wrapped
    }
}
