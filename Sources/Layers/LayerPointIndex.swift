import GeoCore

/// The points of one layer, binned for frames at any zoom: for each whole zoom below `rawLevel`, a
/// square grid of bins `binDots` braille dots wide at that zoom, each holding its points' count, the
/// sum of their positions (the centroid is the cluster's place) and the sum of their slots (the one
/// slot when the count is 1); at `rawLevel` and deeper, the points themselves in bins of that level,
/// chained through `next`. A frame visits only the bins in view, so its cost does not grow with the
/// layer, and inserting or removing a point touches one bin per level (a live stream updates in place).
/// Positions are Web Mercator world units (0...1); slots are the caller's feature numbers.
public struct LayerPointIndex: Sendable {
    /// Width of a bin, in braille dots at its zoom.
    public static let binDots = 8.0
    /// The deepest level ever binned; a frame deeper than `rawLevel` reads the points themselves.
    public static let maximumLevel = 16

    /// One aggregated bin.
    struct Bin: Sendable {
        var count: Int32
        var sumX: Double
        var sumY: Double
        var slotSum: Int64
    }

    /// What a frame sees of a bin (or, at the raw level, of one point).
    public struct Cluster: Sendable {
        /// Centroid in world units, shifted onto the world copy asked for.
        public var x: Double
        public var y: Double
        public var count: Int
        /// The point's slot when `count` is 1.
        public var slot: Int?
    }

    /// The first level whose bins are not aggregated.
    public let rawLevel: Int
    private var levels: [[UInt64: Bin]]
    /// The first slot of each raw bin, and the next slot in the same bin (-1 ends a chain).
    private var heads: [UInt64: Int32] = [:]
    private var next: [Int32] = []
    private var positions: [WorldPoint] = []
    /// How many points are indexed.
    public private(set) var count = 0

    /// An empty index whose aggregated levels stop at `rawLevel` (a stream grows into it).
    public init(rawLevel: Int) {
        self.rawLevel = min(max(rawLevel, 0), Self.maximumLevel)
        levels = Array(repeating: [:], count: self.rawLevel)
    }

    /// The index of `points` at `slots` (by default slot i is `points[i]`); levels are aggregated down
    /// to the first zoom at which bins stop merging points (more bins than half the points), where the
    /// raw points take over.
    public init(points: [WorldPoint], slots: [Int]? = nil) {
        var raw = 0
        while raw < Self.maximumLevel {
            var keys = Set<UInt64>(minimumCapacity: min(points.count, 1 << 16))
            for p in points { keys.insert(Self.key(p, level: raw)) }
            if keys.count * 2 > points.count { break }
            raw += 1
        }
        self.init(rawLevel: raw)
        for (i, point) in points.enumerated() { insert(point, slot: slots?[i] ?? i) }
    }

    /// Bins per world side at `level`.
    @inline(__always)
    static func side(_ level: Int) -> Double { Camera.worldDotsAtZoomZero * Double(1 << level) / binDots }

    @inline(__always)
    static func key(_ p: WorldPoint, level: Int) -> UInt64 {
        let n = side(level)
        let bx = UInt64(min(max(p.x - p.x.rounded(.down), 0) * n, n - 1))
        let by = UInt64(min(max(p.y, 0) * n, n - 1))
        return by << 32 | bx
    }

    /// Adds a point at `slot` (slots may be sparse; a slot must not be in the index already).
    public mutating func insert(_ point: WorldPoint, slot: Int) {
        if slot >= positions.count {
            let grow = slot + 1 - positions.count
            positions += repeatElement(WorldPoint(x: .nan, y: .nan), count: grow)
            next += repeatElement(-1, count: grow)
        }
        positions[slot] = point
        for level in 0..<rawLevel {
            levels[level][Self.key(point, level: level), default: Bin(count: 0, sumX: 0, sumY: 0, slotSum: 0)]
                .add(point, slot: slot, sign: 1)
        }
        let key = Self.key(point, level: rawLevel)
        next[slot] = heads[key] ?? -1
        heads[key] = Int32(slot)
        count += 1
    }

    /// Removes the point at `slot`, if indexed.
    public mutating func remove(slot: Int) {
        guard slot < positions.count, !positions[slot].x.isNaN else { return }
        let point = positions[slot]
        for level in 0..<rawLevel {
            let key = Self.key(point, level: level)
            levels[level][key]?.add(point, slot: slot, sign: -1)
            if levels[level][key]?.count == 0 { levels[level][key] = nil }
        }
        let key = Self.key(point, level: rawLevel)
        var previous: Int32 = -1
        var current = heads[key] ?? -1
        while current >= 0, Int(current) != slot {
            previous = current
            current = next[Int(current)]
        }
        if current >= 0 {
            if previous >= 0 {
                next[Int(previous)] = next[slot]
            } else {
                heads[key] = next[slot] >= 0 ? next[slot] : nil
            }
        }
        next[slot] = -1
        positions[slot] = WorldPoint(x: .nan, y: .nan)
        count -= 1
    }

    /// The position of the point at `slot`, if indexed.
    public func position(slot: Int) -> WorldPoint? {
        slot < positions.count && !positions[slot].x.isNaN ? positions[slot] : nil
    }

    /// Calls `body` with every bin of `level` (clamped to `rawLevel`; there, every point) in the world
    /// box `minX..<maxX`, `minY..<maxY`. `x` may leave 0...1: copies of the world are visited, and
    /// what they hold is shifted onto them. Bins are visited whole, so some lie partly outside.
    public func forEach(
        level: Int, minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Cluster) -> Void
    ) {
        let level = min(max(level, 0), rawLevel)
        let n = side(level)
        let lowY = Int(max(minY * n, 0).rounded(.down)), highY = Int(min(maxY * n, n - 1).rounded(.down))
        let lowX = Int((minX * n).rounded(.down)), highX = Int((maxX * n).rounded(.down))
        guard lowY <= highY, lowX <= highX, highX - lowX < Int(n) * 3 else { return }
        let wide = Int(n)
        for by in lowY...highY {
            for bx in lowX...highX {
                let copy = Int((Double(bx) / n).rounded(.down))
                let key = UInt64(by) << 32 | UInt64(bx - copy * wide)
                let shift = Double(copy)
                if level < rawLevel {
                    guard let bin = levels[level][key] else { continue }
                    let c = Double(bin.count)
                    body(
                        Cluster(
                            x: bin.sumX / c + shift, y: bin.sumY / c, count: Int(bin.count),
                            slot: bin.count == 1 ? Int(bin.slotSum) : nil))
                } else {
                    var slot = heads[key] ?? -1
                    while slot >= 0 {
                        let p = positions[Int(slot)]
                        body(Cluster(x: p.x - p.x.rounded(.down) + shift, y: p.y, count: 1, slot: Int(slot)))
                        slot = next[Int(slot)]
                    }
                }
            }
        }
    }

    private func side(_ level: Int) -> Double { Self.side(level) }
}

extension LayerPointIndex.Bin {
    @inline(__always)
    mutating func add(_ p: WorldPoint, slot: Int, sign: Int32) {
        count += sign
        let wrapped = p.x - p.x.rounded(.down)
        sumX += Double(sign) * wrapped
        sumY += Double(sign) * p.y
        slotSum += Int64(sign) * Int64(slot)
    }
}
