import GeoCore

/// A line or a polygon ring of a layer, projected and simplified once for every whole zoom: at level z
/// a vertex closer than `toleranceDots` dots (at zoom z) to the last one kept is dropped, so the drawn
/// path stays within that distance of the true one while a 200 000-point track shrinks to what the
/// frame can show. Longitudes are taken as the readers leave them, continuous (a line over the
/// antimeridian goes on past ±180, a polygon's edge from -180 to 180 runs along it), so x may leave
/// 0...1 and the frame draws the copy of the world in view. Each level is cut into chunks with their
/// bounds, so a frame skips what is off screen.
///
/// Compact: the vertices are the feature's own positions (the array is shared, not copied), projected
/// as they are read; a level that drops some keeps the indices of the ones it keeps (4 bytes each), a
/// level that keeps the same as the level above shares its entry, and every level's indices lie in
/// one buffer. Only levels of more than one chunk store
/// chunk boxes (a one-chunk level uses the path's box).
public struct LayerPath: Sendable {
    /// How far a simplified path may stray, in dots at its level.
    public static let toleranceDots = 1.0
    /// Vertices per chunk (consecutive chunks share their end vertex).
    public static let chunkSize = 64
    /// The share of its vertices a level keeps from which it draws them all.
    static let fullShare = 0.75

    /// A box in world units.
    public struct Box: Sendable {
        public var minX, minY, maxX, maxY: Double
    }

    /// The vertices of one level, in order, in world units.
    public struct Points: RandomAccessCollection, Sendable {
        let positions: [LatLon]
        /// The level's vertex indices, or nil when it keeps every vertex.
        let kept: ArraySlice<UInt32>?

        public var startIndex: Int { 0 }
        public var endIndex: Int { kept?.count ?? positions.count }

        public subscript(index: Int) -> WorldPoint {
            guard let kept else { return Mercator.project(positions[index]) }
            return Mercator.project(positions[Int(kept[kept.startIndex + index])])
        }
    }

    /// A run of consecutive vertices and the box around them, in world units.
    public struct Chunk {
        public var points: Slice<Points>
        public var minX, minY, maxX, maxY: Double
    }

    /// The chunks of one level, in order.
    public struct Chunks: RandomAccessCollection {
        let points: Points
        let boxes: ArraySlice<Box>
        let box: Box

        public var startIndex: Int { 0 }
        public var endIndex: Int { LayerPath.chunkCount(points.count) }

        public subscript(index: Int) -> Chunk {
            let start = index * (chunkSize - 1), end = Swift.min(start + chunkSize, points.count)
            let box = boxes.isEmpty ? box : boxes[boxes.startIndex + index]
            return Chunk(
                points: points[start..<end], minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
        }
    }

    /// The feature slot this path belongs to.
    public var slot: Int
    /// A closed ring (outer when `hole` is false) rather than an open line.
    public var isRing: Bool
    public var hole: Bool
    /// The box around the whole path, in world units.
    public private(set) var minX = Double.infinity, minY = Double.infinity
    public private(set) var maxX = -Double.infinity, maxY = -Double.infinity
    /// Every vertex, in degrees.
    private let positions: [LatLon]
    /// For each level that differs from the level above and drops vertices, coarsest first: its count
    /// then the indices it keeps.
    private var kept = ContiguousArray<UInt32>()
    /// The chunk boxes of each level that differs from the level above and has more than one chunk.
    private var boxes = ContiguousArray<Box>()
    /// Bit z is set when level z differs from level z - 1 (bit 0 always).
    private var firstOfDistinct: UInt32 = 0
    /// The first level that keeps every vertex (past the last level when none does).
    private var fullFrom = LayerPointIndex.maximumLevel + 1

    public init(_ positions: [LatLon], slot: Int, isRing: Bool, hole: Bool = false) {
        self.slot = slot
        self.isRing = isRing
        self.hole = hole
        self.positions = positions
        var vertices = ContiguousArray<WorldPoint>()
        vertices.reserveCapacity(positions.count)
        for position in positions {
            let p = Mercator.project(position)
            vertices.append(p)
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        var previous: ContiguousArray<UInt32>?
        for level in 0...LayerPointIndex.maximumLevel {
            let indices = Self.simplified(vertices, level: level)
            guard let indices else {
                firstOfDistinct |= 1 << level
                fullFrom = level
                boxes += Self.boxes(vertices)
                break
            }
            if indices == previous { continue }
            firstOfDistinct |= 1 << level
            // checked: a path has fewer than 2^32 vertices (a layer file is at most 512 MiB)
            kept.append(UInt32(indices.count))
            kept += indices
            boxes += Self.boxes(indices.lazy.map { vertices[Int($0)] })
            previous = indices
        }
    }

    /// The box around the whole path.
    var box: Box { Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    /// The chunks of `level` (clamped to the levels kept).
    public func chunks(level: Int) -> Chunks {
        let (points, boxStart) = locate(level)
        let count = points.count > Self.chunkSize ? Self.chunkCount(points.count) : 0
        return Chunks(points: points, boxes: boxes[boxStart..<boxStart + count], box: box)
    }

    /// The vertices of `level` (clamped to the levels kept).
    public func points(level: Int) -> Points { locate(level).points }

    /// Storage held for the indices and boxes of every level, bytes (the positions are the feature's).
    public var storageBytes: Int {
        kept.capacity * MemoryLayout<UInt32>.stride
            + boxes.capacity * MemoryLayout<Box>.stride
    }

    /// The points of `level` and where its boxes start.
    private func locate(_ level: Int) -> (points: Points, boxStart: Int) {
        let clamped = min(max(level, 0), LayerPointIndex.maximumLevel)
        var start = 0, boxStart = 0
        for z in 0...clamped where firstOfDistinct & (1 << z) != 0 {
            let count = z >= fullFrom ? positions.count : Int(kept[start])
            let points = Points(positions: positions, kept: z >= fullFrom ? nil : kept[start + 1..<start + 1 + count])
            let next = (firstOfDistinct & ~((2 << z) - 1)).trailingZeroBitCount
            if next > clamped { return (points, boxStart) }
            start += 1 + count
            if count > Self.chunkSize { boxStart += Self.chunkCount(count) }
        }
        return (Points(positions: positions, kept: nil), 0)
    }

    /// Chunks of a level of `count` vertices.
    static func chunkCount(_ count: Int) -> Int { Swift.max(1, (count - 1 + chunkSize - 2) / (chunkSize - 1)) }

    /// Radial-distance simplification at `level`: the first and last vertex stay, and every vertex at
    /// least the tolerance from the last kept one. The indices of the vertices kept (counted before
    /// they are stored, so the result is allocated once at its size), or nil when it would keep
    /// `fullShare` of them or more: drawing every vertex then costs little more, and the finest levels
    /// of a long track share the vertices instead of each storing indices for nearly all of them.
    static func simplified(_ points: ContiguousArray<WorldPoint>, level: Int) -> ContiguousArray<UInt32>? {
        guard points.count > 2 else { return nil }
        let tolerance = toleranceDots / (Camera.worldDotsAtZoomZero * Double(1 << level))
        let squared = tolerance * tolerance
        var count = 2
        forEachKept(points, squared) { _ in count += 1 }
        guard Double(count) < fullShare * Double(points.count) else { return nil }
        var out = ContiguousArray<UInt32>()
        out.reserveCapacity(count)
        out.append(0)
        forEachKept(points, squared) { out.append(UInt32($0)) }
        out.append(UInt32(points.count - 1))  // checked: fewer than 2^32 vertices (a file is at most 512 MiB)
        return out
    }

    /// Calls `body` with the index of each inner vertex at least `squared.squareRoot()` from the last
    /// one kept.
    private static func forEachKept(_ points: ContiguousArray<WorldPoint>, _ squared: Double, _ body: (Int) -> Void) {
        var last = points[0]
        for i in 1..<points.count - 1 {
            let p = points[i]
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy >= squared {
                body(i)
                last = p
            }
        }
    }

    /// The boxes of the chunks of `points`; none when they are one chunk.
    static func boxes<Vertices: RandomAccessCollection<WorldPoint>>(_ points: Vertices) -> ContiguousArray<Box>
    where Vertices.Index == Int {
        guard points.count > chunkSize else { return [] }
        var boxes = ContiguousArray<Box>()
        boxes.reserveCapacity(chunkCount(points.count))
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
