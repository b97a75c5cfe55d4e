import GeoCore

/// A line or a polygon ring of a layer, projected and simplified once for every whole zoom: at level z
/// a vertex closer than `toleranceDots` dots (at zoom z) to the last one kept is dropped, so the drawn
/// path stays within that distance of the true one while a 200 000-point track shrinks to what the
/// frame can show. Longitudes are taken as the readers leave them, continuous (a line over the
/// antimeridian goes on past ±180, a polygon's edge from -180 to 180 runs along it), so x may leave
/// 0...1 and the frame draws the copy of the world in view. Each level is cut into chunks with their
/// bounds, so a frame skips what is off screen.
///
/// Compact: a level that keeps the same vertices as the level above shares its storage (the finest
/// levels of a track usually keep every vertex: one copy serves them all), each level's vertices lie
/// in one buffer and its chunks' boxes in another, and a level of one chunk has no box of its own (the
/// path's serves).
public struct LayerPath: Sendable {
    /// How far a simplified path may stray, in dots at its level.
    public static let toleranceDots = 1.0
    /// Vertices per chunk (consecutive chunks share their end vertex).
    public static let chunkSize = 64

    /// A box in world units.
    public struct Box: Sendable {
        public var minX, minY, maxX, maxY: Double
    }

    /// A run of consecutive vertices and the box around them, in world units.
    public struct Chunk {
        public var points: ArraySlice<WorldPoint>
        public var minX, minY, maxX, maxY: Double
    }

    /// The chunks of one level, in order.
    public struct Chunks: RandomAccessCollection {
        let level: Level
        let box: Box

        public var startIndex: Int { 0 }
        public var endIndex: Int { Swift.max(1, (level.points.count - 1 + chunkSize - 2) / (chunkSize - 1)) }

        public subscript(index: Int) -> Chunk {
            let start = index * (chunkSize - 1), end = Swift.min(start + chunkSize, level.points.count)
            let box = level.boxes.isEmpty ? box : level.boxes[index]
            return Chunk(
                points: ArraySlice(level.points[start..<end]), minX: box.minX, minY: box.minY, maxX: box.maxX,
                maxY: box.maxY)
        }
    }

    /// The vertices of a level and the boxes of its chunks (none when it is one chunk).
    struct Level: Sendable {
        var points: ContiguousArray<WorldPoint>
        var boxes: ContiguousArray<Box>
    }

    /// The feature slot this path belongs to.
    public var slot: Int
    /// A closed ring (outer when `hole` is false) rather than an open line.
    public var isRing: Bool
    public var hole: Bool
    /// The box around the whole path, in world units.
    public private(set) var minX = Double.infinity, minY = Double.infinity
    public private(set) var maxX = -Double.infinity, maxY = -Double.infinity
    /// The levels that differ from the level above, coarsest first.
    private var distinct: [Level] = []
    /// Bit z is set when level z starts a new entry of `distinct` (bit 0 always).
    private var firstOfDistinct: UInt32 = 0

    public init(_ positions: [LatLon], slot: Int, isRing: Bool, hole: Bool = false) {
        self.slot = slot
        self.isRing = isRing
        self.hole = hole
        var world = ContiguousArray<WorldPoint>()
        world.reserveCapacity(positions.count)
        for position in positions {
            let p = Mercator.project(position)
            world.append(p)
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        for level in 0...LayerPointIndex.maximumLevel {
            let points = Self.simplified(world, level: level)
            if let last = distinct.last, last.points == points { continue }
            firstOfDistinct |= 1 << level
            distinct.append(Level(points: points, boxes: Self.boxes(points)))
        }
    }

    /// The box around the whole path.
    var box: Box { Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    /// The chunks of `level` (clamped to the levels kept).
    public func chunks(level: Int) -> Chunks {
        Chunks(level: distinct[distinctIndex(level)], box: box)
    }

    /// The vertices of `level` (clamped to the levels kept).
    public func points(level: Int) -> ContiguousArray<WorldPoint> {
        distinct[distinctIndex(level)].points
    }

    /// Storage held for the vertices and boxes of every level, bytes (shared levels counted once).
    public var storageBytes: Int {
        distinct.reduce(0) {
            $0 + $1.points.capacity * MemoryLayout<WorldPoint>.stride + $1.boxes.capacity * MemoryLayout<Box>.stride
        }
    }

    private func distinctIndex(_ level: Int) -> Int {
        let clamped = min(max(level, 0), LayerPointIndex.maximumLevel)
        return (firstOfDistinct & ((2 << clamped) - 1)).nonzeroBitCount - 1
    }

    /// Radial-distance simplification at `level`: the first and last vertex stay, and every vertex at
    /// least the tolerance from the last kept one. Returns `points` itself (its storage shared) when
    /// every vertex stays; otherwise counts the vertices kept before storing them, so the result is
    /// allocated once at its size.
    static func simplified(_ points: ContiguousArray<WorldPoint>, level: Int) -> ContiguousArray<WorldPoint> {
        guard points.count > 2 else { return points }
        let tolerance = toleranceDots / (Camera.worldDotsAtZoomZero * Double(1 << level))
        let squared = tolerance * tolerance
        var kept = 2
        forEachKept(points, squared) { _ in kept += 1 }
        guard kept < points.count else { return points }
        var out = ContiguousArray<WorldPoint>()
        out.reserveCapacity(kept)
        out.append(points[0])
        forEachKept(points, squared) { out.append($0) }
        out.append(points[points.count - 1])
        return out
    }

    /// Calls `body` with each inner vertex at least `squared.squareRoot()` from the last one kept.
    private static func forEachKept(
        _ points: ContiguousArray<WorldPoint>, _ squared: Double, _ body: (WorldPoint) -> Void
    ) {
        var last = points[0]
        for p in points.dropFirst().dropLast() {
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy >= squared {
                body(p)
                last = p
            }
        }
    }

    /// The boxes of the chunks of `points`; none when they are one chunk.
    static func boxes(_ points: ContiguousArray<WorldPoint>) -> ContiguousArray<Box> {
        guard points.count > chunkSize else { return [] }
        var boxes = ContiguousArray<Box>()
        boxes.reserveCapacity((points.count - 2) / (chunkSize - 1) + 1)
        var start = 0
        repeat {
            let end = min(start + chunkSize, points.count)
            var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for p in points[start..<end] {
                box.minX = min(box.minX, p.x)
                box.maxX = max(box.maxX, p.x)
                box.minY = min(box.minY, p.y)
                box.maxY = max(box.maxY, p.y)
            }
            boxes.append(box)
            start = end - 1
        } while start < points.count - 1
        return boxes
    }
}
