import GeoCore

/// The points of one layer, clustered for frames at any zoom: a quadtree over the Web Mercator square
/// whose every node keeps its points' count, the sum of their positions (the centroid is the cluster's
/// place) and the sum of their slots (the one slot when the count is 1). A node at depth `level + 5`
/// is exactly a bin `binDots` braille dots wide at zoom `level`, so a frame at that zoom stops there
/// and gets one cluster per bin; a leaf (at most `leafCapacity` points, split when it holds more)
/// gives its points themselves. A frame visits only the nodes in view, whatever the layer's size or
/// density, and inserting or removing a point touches one node per depth (a leaf's points are a doubly
/// linked list, so removing one is O(1) even from the deepest leaf, which never splits and may hold any
/// number of points at one place), so a live stream updates in place. Positions are world units
/// (0...1); slots are the caller's feature numbers.
public struct LayerPointIndex: Sendable {
    /// Width of a bin, in braille dots at its zoom.
    public static let binDots = 8.0
    /// The deepest zoom whose bins are clustered (the camera's deepest): points closer than a bin there
    /// share a cluster at every zoom.
    public static let maximumLevel = 18
    /// Points a leaf holds before it splits.
    public static let leafCapacity = 8
    /// Depth of the nodes that are the bins of zoom 0 (256 dots / 8 dots = 2^5 bins a side).
    static let levelDepthOffset = 5
    static let maximumDepth = maximumLevel + levelDepthOffset

    /// What a frame sees of a node (or, in a leaf, of one point).
    public struct Cluster: Sendable {
        /// Centroid in world units, shifted onto the world copy asked for.
        public var x: Double
        public var y: Double
        public var count: Int
        /// The point's slot when `count` is 1.
        public var slot: Int?
    }

    // Nodes, flat: aggregates, the first of four children (-1 for a leaf), a leaf's first slot. In
    // chunks, so a change to a copy (the state before a stream's delivery) copies little.
    private var counts = ChunkedArray<Int32>(repeating: 0, count: 1)
    private var sumX = ChunkedArray<Double>(repeating: 0, count: 1)
    private var sumY = ChunkedArray<Double>(repeating: 0, count: 1)
    private var slotSums = ChunkedArray<Int64>(repeating: 0, count: 1)
    private var children = ChunkedArray<Int32>(repeating: -1, count: 1)
    private var heads = ChunkedArray<Int32>(repeating: -1, count: 1)
    /// Per slot: the next and the previous slot in the same leaf (-1 ends), and the position (NaN when
    /// not indexed).
    private var next = ChunkedArray<Int32>()
    private var previous = ChunkedArray<Int32>()
    private var positions = ChunkedArray<WorldPoint>()
    /// How many points are indexed.
    public private(set) var count = 0

    public init() {}

    /// The index of `points` at `slots` (by default slot i is `points[i]`).
    public init(points: [WorldPoint], slots: [Int]? = nil) {
        let capacity = (slots?.max() ?? points.count - 1) + 1
        positions = ChunkedArray(repeating: WorldPoint(x: .nan, y: .nan), count: max(capacity, 0))
        next = ChunkedArray(repeating: -1, count: max(capacity, 0))
        previous = next
        for (i, point) in points.enumerated() { insert(point, slot: slots?[i] ?? i) }
    }

    /// Adds a point at `slot` (slots may be sparse; a slot must not be in the index already).
    public mutating func insert(_ point: WorldPoint, slot: Int) {
        if slot >= positions.count {
            let grow = slot + 1 - positions.count
            positions.append(repeating: WorldPoint(x: .nan, y: .nan), count: grow)
            next.append(repeating: -1, count: grow)
            previous.append(repeating: -1, count: grow)
        }
        let p = WorldPoint(x: point.x - point.x.rounded(.down), y: min(max(point.y, 0), 1))
        positions[slot] = p
        count += 1
        place(slot, p, node: 0, depth: 0, x0: 0, y0: 0, size: 1)
    }

    /// Removes the point at `slot`, if indexed.
    public mutating func remove(slot: Int) {
        guard let p = position(slot: slot) else { return }
        var node = 0, x0 = 0.0, y0 = 0.0, size = 1.0
        while true {
            add(p, slot: slot, to: node, sign: -1)
            guard let next = child(of: node, holding: p, x0: &x0, y0: &y0, size: &size) else { break }
            node = next
        }
        let before = previous[slot], after = next[slot]
        if before >= 0 { next[Int(before)] = after } else { heads[node] = after }
        if after >= 0 { previous[Int(after)] = before }
        next[slot] = -1
        previous[slot] = -1
        positions[slot] = WorldPoint(x: .nan, y: .nan)
        count -= 1
    }

    /// The position of the point at `slot` (x wrapped into 0..<1), if indexed.
    public func position(slot: Int) -> WorldPoint? {
        slot >= 0 && slot < positions.count && !positions[slot].x.isNaN ? positions[slot] : nil
    }

    /// Calls `body` with the clusters of zoom `level` in the world box `minX..<maxX`, `minY..<maxY`:
    /// each bin of that zoom (a node of its depth) that meets the box, and each point of a coarser leaf
    /// that lies in it. `x` may leave 0...1: copies of the world are visited, and what they hold is
    /// shifted onto them.
    public func forEach(
        level: Int, minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Cluster) -> Void
    ) {
        guard minX < maxX, minY < maxY, maxX - minX < 64 else { return }
        let stopDepth = min(max(level, 0), Self.maximumLevel) + Self.levelDepthOffset
        var stack: [(node: Int32, depth: Int, x0: Double, y0: Double, size: Double)] = []
        // checked: 0 < maxX - minX < 64 holds only for finite values where doubles are spaced under 64, far inside Int
        for copy in Int(minX.rounded(.down))...Int(maxX.rounded(.down)) {
            let shift = Double(copy)
            let lowX = minX - shift, highX = maxX - shift
            stack.append((0, 0, 0, 0, 1))
            while let (node, depth, x0, y0, size) = stack.popLast() {
                let n = Int(node)
                guard counts[n] > 0, x0 < highX, x0 + size > lowX, y0 < maxY, y0 + size > minY else { continue }
                let first = children[n]
                if depth >= stopDepth {
                    let c = Double(counts[n])
                    body(
                        Cluster(
                            x: sumX[n] / c + shift, y: sumY[n] / c, count: Int(counts[n]),
                            slot: counts[n] == 1 ? Int(slotSums[n]) : nil))
                } else if first < 0 {
                    var slot = heads[n]
                    while slot >= 0 {
                        let p = positions[Int(slot)]
                        if p.x >= lowX, p.x < highX, p.y >= minY, p.y < maxY {
                            body(Cluster(x: p.x + shift, y: p.y, count: 1, slot: Int(slot)))
                        }
                        slot = next[Int(slot)]
                    }
                } else {
                    let half = size / 2
                    for q in 0..<4 {
                        stack.append(
                            // checked: q is a quadrant, 0...3
                            (first + Int32(q), depth + 1, x0 + Double(q & 1) * half, y0 + Double(q >> 1) * half, half))
                    }
                }
            }
        }
    }

    // MARK: Building

    /// The child of `node` whose quarter holds `p` (its square, origin `x0`, `y0` and side `size` in
    /// world units, narrowed to that quarter), or nil when `node` is a leaf.
    private func child(of node: Int, holding p: WorldPoint, x0: inout Double, y0: inout Double, size: inout Double)
        -> Int?
    {
        let first = children[node]
        guard first >= 0 else { return nil }
        size /= 2
        let qx = p.x >= x0 + size ? 1 : 0, qy = p.y >= y0 + size ? 1 : 0
        x0 += Double(qx) * size
        y0 += Double(qy) * size
        return Int(first) + qy * 2 + qx
    }

    /// Adds `slot` at `p` to the subtree of `node` (whose square starts at x0, y0), splitting a leaf
    /// that grows past `leafCapacity`.
    private mutating func place(
        _ slot: Int, _ p: WorldPoint, node start: Int, depth: Int, x0: Double, y0: Double, size: Double
    ) {
        var node = start, depth = depth, x0 = x0, y0 = y0, size = size
        while true {
            add(p, slot: slot, to: node, sign: 1)
            guard let next = child(of: node, holding: p, x0: &x0, y0: &y0, size: &size) else { break }
            node = next
            depth += 1
        }
        link(slot, atHeadOf: node)
        guard counts[node] > Self.leafCapacity, depth < Self.maximumDepth else { return }
        // Split: four empty children, then every point of the leaf goes down into one.
        let first = Int32(counts.count)  // checked: node count, bounded by Int32 node ids of the index
        counts.append(repeating: 0, count: 4)
        sumX.append(repeating: 0, count: 4)
        sumY.append(repeating: 0, count: 4)
        slotSums.append(repeating: 0, count: 4)
        children.append(repeating: -1, count: 4)
        heads.append(repeating: -1, count: 4)
        children[node] = first
        var moving = heads[node]
        heads[node] = -1
        let half = size / 2
        while moving >= 0 {
            let s = Int(moving)
            moving = next[s]
            let q = positions[s]
            let qx = q.x >= x0 + half ? 1 : 0, qy = q.y >= y0 + half ? 1 : 0
            place(
                // checked: Int32 to Int widens
                s, q, node: Int(first) + qy * 2 + qx, depth: depth + 1, x0: x0 + Double(qx) * half,
                y0: y0 + Double(qy) * half, size: half)
        }
    }

    /// Puts `slot` first in the list of the leaf `node`.
    private mutating func link(_ slot: Int, atHeadOf node: Int) {
        let head = heads[node]
        next[slot] = head
        previous[slot] = -1
        if head >= 0 { previous[Int(head)] = Int32(slot) }
        heads[node] = Int32(slot)
    }

    @inline(__always)
    private mutating func add(_ p: WorldPoint, slot: Int, to node: Int, sign: Int32) {
        counts[node] += sign
        sumX[node] += Double(sign) * p.x
        sumY[node] += Double(sign) * p.y
        slotSums[node] += Int64(sign) * Int64(slot)
    }
}
