import GeoCore

/// A line or a polygon ring of a layer, projected and simplified once for every whole zoom: at level z
/// a vertex closer than `toleranceDots` dots (at zoom z) to the last one kept is dropped, so the drawn
/// path stays within that distance of the true one while a 200 000-point track shrinks to what the
/// frame can show. Longitudes are taken as the readers leave them, continuous (a line over the
/// antimeridian goes on past ±180, a polygon's edge from -180 to 180 runs along it), so x may leave
/// 0...1 and the frame draws the copy of the world in view. Each level is cut into chunks with their
/// bounds, so a frame skips what is off screen.
public struct LayerPath: Sendable {
    /// How far a simplified path may stray, in dots at its level.
    public static let toleranceDots = 1.0
    /// Vertices per chunk (consecutive chunks share their end vertex).
    public static let chunkSize = 64

    /// A run of consecutive vertices and the box around them, in world units.
    public struct Chunk: Sendable {
        public var points: [WorldPoint]
        public var minX, minY, maxX, maxY: Double
    }

    /// The feature slot this path belongs to.
    public var slot: Int
    /// A closed ring (outer when `hole` is false) rather than an open line.
    public var isRing: Bool
    public var hole: Bool
    /// The chunks of each level, 0...`LayerPointIndex.maximumLevel`.
    public private(set) var levels: [[Chunk]]
    /// The box around the whole path, in world units.
    public private(set) var minX = Double.infinity, minY = Double.infinity
    public private(set) var maxX = -Double.infinity, maxY = -Double.infinity

    public init(_ positions: [LatLon], slot: Int, isRing: Bool, hole: Bool = false) {
        self.slot = slot
        self.isRing = isRing
        self.hole = hole
        let world = positions.map(Mercator.project)
        for p in world {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        levels = (0...LayerPointIndex.maximumLevel).map { level in
            Self.chunks(Self.simplified(world, level: level))
        }
    }

    /// The vertices of `level` (clamped to the levels kept), chunk by chunk without the shared ends.
    public func points(level: Int) -> [WorldPoint] {
        let chunks = levels[min(max(level, 0), levels.count - 1)]
        var out: [WorldPoint] = []
        for (i, chunk) in chunks.enumerated() { out += i == 0 ? chunk.points[...] : chunk.points.dropFirst() }
        return out
    }

    /// Radial-distance simplification at `level`: the first and last vertex stay, and every vertex at
    /// least the tolerance from the last kept one.
    static func simplified(_ points: [WorldPoint], level: Int) -> [WorldPoint] {
        guard points.count > 2 else { return points }
        let tolerance = toleranceDots / (Camera.worldDotsAtZoomZero * Double(1 << level))
        let squared = tolerance * tolerance
        var out = [points[0]]
        for p in points.dropFirst().dropLast() {
            let last = out[out.count - 1]
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy >= squared { out.append(p) }
        }
        out.append(points[points.count - 1])
        return out
    }

    static func chunks(_ points: [WorldPoint]) -> [Chunk] {
        var chunks: [Chunk] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, points.count)
            let slice = Array(points[start..<end])
            var chunk = Chunk(points: slice, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for p in slice {
                chunk.minX = min(chunk.minX, p.x)
                chunk.maxX = max(chunk.maxX, p.x)
                chunk.minY = min(chunk.minY, p.y)
                chunk.maxY = max(chunk.maxY, p.y)
            }
            chunks.append(chunk)
            start = end - 1
        } while start < points.count - 1
        return chunks
    }
}
