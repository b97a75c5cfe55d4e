import GeoCore
import Places

/// One fetch of the markers of a region: what to ask for and the region generation it belongs to.
public struct MarkerRequest: Equatable, Sendable {
    /// The box to ask the place source for (the tiles below, in degrees).
    public var region: GeoBounds
    /// The whole zoom the markers are for.
    public var level: Int
    public var filter: PlaceFilter
    /// The region generation this fetch was made for; a result from an older one is dropped.
    public var generation: Int
    /// The cache tiles the result fills.
    public var keys: [TileID]

    public init(region: GeoBounds, level: Int, filter: PlaceFilter, generation: Int, keys: [TileID]) {
        self.region = region
        self.level = level
        self.filter = filter
        self.generation = generation
        self.keys = keys
    }

    /// The whole zoom whose markers a camera shows (0…18).
    public static func level(_ camera: Camera) -> Int {
        min(max(Int((camera.zoom + 1e-9).rounded(.down)), 0), 18)
    }

    /// The fetch zoom for a camera: tiles of this zoom are the cache keys (2...18). Two levels below the
    /// camera, a screen is covered by a few dozen keys whose bounds hug the view.
    public static func fetchZoom(_ camera: Camera) -> Int { min(max(level(camera) + 2, 2), 18) }

    /// The cache tiles covering a view, wrapped and each once.
    public static func keys(for transform: ViewTransform) -> [TileID] {
        var seen = Set<TileID>()
        return transform.tileCover(zoom: fetchZoom(transform.camera)).map(\.wrapped).filter { seen.insert($0).inserted }
    }

    /// The smallest box holding the tiles (crossing the antimeridian when they wrap). Tiles of the top
    /// or bottom row reach the pole, so places above the Mercator square's edge are not left out.
    public static func bounds(of keys: [TileID], view: GeoBounds) -> GeoBounds {
        guard let zoom = keys.first?.z else { return view }
        let n = 1 << zoom
        let rows = keys.map(\.y)
        let top = rows.min()!, bottom = rows.max()!
        let north = top == 0 ? 90 : Mercator.unproject(WorldPoint(x: 0, y: Double(top) / Double(n))).lat
        let south = bottom == n - 1 ? -90 : Mercator.unproject(WorldPoint(x: 0, y: Double(bottom + 1) / Double(n))).lat
        let columns = Set(keys.map(\.x))
        if columns.count == n { return GeoBounds(south: south, west: -180, north: north, east: 180) }
        // The first column after a gap is the west edge; the column before it the east edge.
        let sorted = columns.sorted()
        var west = sorted[0], east = sorted[sorted.count - 1]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > 1 { (west, east) = (b, a) }
        let lon = { (x: Int) in Double(x) / Double(n) * 360 - 180 }
        return GeoBounds(south: south, west: lon(west), north: north, east: lon(east + 1))
    }
}
