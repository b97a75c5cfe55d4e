import GeoCore

/// The cluster hierarchy of the places of one `ClusterGroup`: for every whole zoom from `topLevel` down
/// to the group's first zoom, which places and clusters are the markers there.
///
/// Built once, after supercluster: starting with every place alone above `topLevel`, each level merges the
/// markers of the level above greedily, most important first (`PlaceImportance`): a marker not yet
/// taken at this level becomes a seed, and every untaken marker whose centre lies within `radiusDots`
/// of it (a box in braille dots at that zoom, measured across the antimeridian) joins it in a new
/// cluster at their centre of mass. A marker nothing joins stays as it is. So at every level each place
/// belongs to exactly one marker, a cluster holds exactly the places of its children one level up, and
/// panning never changes what a marker holds.
///
/// Nodes are numbered: the points first (node i is input point i), then the clusters in the order they
/// were made. A node is a marker at the levels `minZoom...maxZoom` (a point's `maxZoom` is
/// `Camera.zoomRange.upperBound`, 18). Arrays are flat (struct of arrays) for speed; counts per category
/// are kept per slot of `group.categories`, `slots` values per node.
public struct ClusterTree: Sendable {
    /// One place to cluster: its position in world units (`Mercator.project`), its category (which must
    /// belong to the tree's group) and its importance.
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        public var category: PlaceCategory
        public var rank: UInt8

        public init(x: Double, y: Double, category: PlaceCategory, rank: UInt8) {
            self.x = x
            self.y = y
            self.category = category
            self.rank = rank
        }

        /// The point of a place.
        public init(_ place: Place) {
            let world = Mercator.project(place.coordinate.normalized)
            self.init(
                x: min(max(world.x, 0), 1), y: world.y, category: PlaceCategory.of(place),
                rank: PlaceImportance.rank(place))
        }
    }

    /// The deepest level that has clusters; above it every place is alone.
    package static let topLevel = 17
    /// The level at which every place is alone (the highest camera zoom).
    public static let pointLevel = 18
    /// How near, in braille dots at a level's zoom, a marker's centre must be to a seed's to join it.
    package static let radiusDots = (x: 8.0, y: 8.0)

    public let group: ClusterGroup
    /// Number of points; nodes `0..<pointCount` are points.
    public let pointCount: Int
    /// Counts kept per node (`group.categories.count`).
    public let slots: Int

    public private(set) var x: [Double] = []
    public private(set) var y: [Double] = []
    public private(set) var count: [Int32] = []
    public private(set) var minZoom: [Int8] = []
    public private(set) var maxZoom: [Int8] = []
    public private(set) var rank: [UInt8] = []
    /// The cluster a node merged into, -1 for a node that is a marker down to the group's first zoom.
    public private(set) var parent: [Int32] = []
    /// `slots` counts per node.
    public private(set) var slotCounts: [Int32] = []
    /// Children of cluster `c` are `childList[childStart[c - pointCount] ..< childStart[c - pointCount + 1]]`.
    public private(set) var childStart: [Int32] = [0]
    public private(set) var childList: [Int32] = []

    /// Builds the hierarchy of `points`, all of categories of `group`.
    public init(group: ClusterGroup, points: [Point]) {
        self.group = group
        pointCount = points.count
        slots = group.categories.count
        reserve(points.count)
        for point in points {
            precondition(point.category.group == group, "a point of another group")
            x.append(point.x)
            y.append(min(max(point.y, 0), 1))
            count.append(1)
            minZoom.append(Int8(Self.pointLevel))
            maxZoom.append(Int8(Self.pointLevel))
            rank.append(point.rank)
            parent.append(-1)
            for slot in 0..<slots { slotCounts.append(slot == group.slot(of: point.category) ? 1 : 0) }
        }
        // checked: the tree holds fewer than Int32.max points (Int32 node ids)
        var current = (0..<Int32(points.count)).map { $0 }
        var taken = [Int8](repeating: -1, count: points.count)
        var position = [Int32](repeating: -1, count: points.count)
        for level in stride(from: Self.topLevel, through: group.minZoom, by: -1) {
            current = merge(current, level: level, taken: &taken, position: &position)
        }
        for node in current { minZoom[Int(node)] = Int8(group.minZoom) }
    }

    private mutating func reserve(_ n: Int) {
        x.reserveCapacity(2 * n)
        y.reserveCapacity(2 * n)
        count.reserveCapacity(2 * n)
        minZoom.reserveCapacity(2 * n)
        maxZoom.reserveCapacity(2 * n)
        rank.reserveCapacity(2 * n)
        parent.reserveCapacity(2 * n)
        slotCounts.reserveCapacity(2 * n * slots)
    }

    /// The number of nodes (points and clusters).
    public var nodeCount: Int { x.count }

    /// True when node `i` is a point.
    @inline(__always) public func isPoint(_ node: Int32) -> Bool { Int(node) < pointCount }

    /// The children of a cluster node (empty for a point).
    public func children(of node: Int32) -> ArraySlice<Int32> {
        guard !isPoint(node) else { return [] }
        let k = Int(node) - pointCount
        return childList[Int(childStart[k])..<Int(childStart[k + 1])]
    }

    /// The nodes that are markers at `level` (0…18), in node order.
    public func markers(atLevel level: Int) -> [Int32] {
        let z = Int8(clamping: level)
        return (0..<Int32(nodeCount)).filter { minZoom[Int($0)] <= z && maxZoom[Int($0)] >= z }
    }

    /// The places of a node whose slot is in `slotMask` (bit per slot).
    public func count(of node: Int32, slotMask: UInt16) -> Int {
        var total = 0
        let base = Int(node) * slots
        for slot in 0..<slots where slotMask & (1 << slot) != 0 { total += Int(slotCounts[base + slot]) }
        return total
    }

    /// The count of one slot of a node.
    public func count(of node: Int32, slot: Int) -> Int { Int(slotCounts[Int(node) * slots + slot]) }

    // MARK: Building

    /// One level: merges the markers of the level above (`current`) and returns the markers of `level`.
    /// `taken[node] == level` marks nodes already merged or kept at this level; `position` is scratch
    /// space for the grid positions of the nodes.
    private mutating func merge(
        _ current: [Int32], level: Int, taken: inout [Int8], position: inout [Int32]
    ) -> [Int32] {
        let worldDots = Camera.worldDotsAtZoomZero * Double(1 << level)
        let rx = Self.radiusDots.x / worldDots, ry = Self.radiusDots.y / worldDots
        let grid = LevelGrid(nodes: current, x: x, y: y, rx: rx, ry: ry)
        for (index, node) in grid.nodes.enumerated() { position[Int(node)] = Int32(index) }
        let stamp = Int8(level)
        var next: [Int32] = []
        next.reserveCapacity(current.count)
        var members: [Int32] = []
        for seed in Self.byRank(current, rank) where taken[Int(seed)] != stamp {
            taken[Int(seed)] = stamp
            members.removeAll(keepingCapacity: true)
            let sx = x[Int(seed)], sy = y[Int(seed)]
            grid.forEach(near: Int(position[Int(seed)]), x: sx, y: sy) { other in
                guard taken[Int(other)] != stamp else { return }
                let dx = Self.wrapped(x[Int(other)] - sx)
                if abs(dx) <= rx && abs(y[Int(other)] - sy) <= ry {
                    taken[Int(other)] = stamp
                    members.append(other)
                }
            }
            if members.isEmpty {
                next.append(seed)
            } else {
                next.append(makeCluster(seed: seed, members: members, level: level))
                taken.append(stamp)
                position.append(-1)
            }
        }
        return next
    }

    /// Appends a cluster of `seed` and `members` made at `level`; returns its node number.
    private mutating func makeCluster(seed: Int32, members: [Int32], level: Int) -> Int32 {
        let id = Int32(nodeCount)
        let sx = x[Int(seed)]
        var weight = Double(count[Int(seed)])  // checked: Int32 to Int widens
        var sumDX = 0.0
        var sumY = y[Int(seed)] * weight
        var total = count[Int(seed)]
        var best = rank[Int(seed)]
        let base = slotCounts.count
        // Element by element: appending a slice of the array itself would copy the whole array.
        for slot in 0..<slots { slotCounts.append(slotCounts[Int(seed) * slots + slot]) }
        for member in members {
            let m = Int(member)
            let w = Double(count[m])
            sumDX += Self.wrapped(x[m] - sx) * w
            sumY += y[m] * w
            weight += w
            total += count[m]
            best = max(best, rank[m])
            for slot in 0..<slots { slotCounts[base + slot] += slotCounts[m * slots + slot] }
        }
        let cx = sx + sumDX / weight
        x.append(cx - (cx / 1).rounded(.down))
        y.append(sumY / weight)
        count.append(total)
        minZoom.append(Int8(group.minZoom))
        maxZoom.append(Int8(level))
        rank.append(best)
        parent.append(-1)
        childList.append(seed)
        childList.append(contentsOf: members)
        childStart.append(Int32(childList.count))  // checked: child ids are Int32 node ids, fewer than Int32.max
        parent[Int(seed)] = id
        minZoom[Int(seed)] = Int8(level + 1)
        for child in members {
            parent[Int(child)] = id
            minZoom[Int(child)] = Int8(level + 1)
        }
        return id
    }

    /// `nodes` ordered by rank, highest first, keeping their order within a rank (a counting sort).
    static func byRank(_ nodes: [Int32], _ rank: [UInt8]) -> [Int32] {
        var starts = [Int](repeating: 0, count: 257)
        for node in nodes { starts[255 - Int(rank[Int(node)]) + 1] += 1 }
        for i in 1..<starts.count { starts[i] += starts[i - 1] }
        var out = [Int32](repeating: 0, count: nodes.count)
        for node in nodes {
            let bucket = 255 - Int(rank[Int(node)])
            out[starts[bucket]] = node
            starts[bucket] += 1
        }
        return out
    }

    /// A difference of world x folded into -0.5...0.5 (the shorter way around the world).
    @inline(__always) static func wrapped(_ dx: Double) -> Double { dx - dx.rounded() }
}

/// The nodes of one level in a grid of cells twice the merge radius, sorted by cell (row, then column):
/// the box of a seed touches at most two rows and two columns of cells. Its own row is scanned outward
/// from its place in the order; another row costs one binary search.
struct LevelGrid {
    private let rx: Double
    private let ry: Double
    private let cellWidth: Double
    private let cellHeight: Double
    private let columns: Int
    private let rows: Int
    private var keys: [UInt64] = []
    /// The nodes in cell order.
    private(set) var nodes: [Int32] = []

    /// The grid of `list` for a merge box of half sizes `rx`, `ry` (world units).
    init(nodes list: [Int32], x: [Double], y: [Double], rx: Double, ry: Double) {
        self.rx = rx
        self.ry = ry
        cellWidth = 2 * rx
        cellHeight = 2 * ry
        // checked: cell sizes are positive constants of a level (>= 2^-31 of the world)
        columns = max(Int((1 / cellWidth).rounded(.up)), 1)
        // checked: cell sizes are positive constants of a level (>= 2^-31 of the world)
        rows = max(Int((1 / cellHeight).rounded(.up)), 1)
        var pairs = list.map { node in (key: key(column(x[Int(node)]), row(y[Int(node)])), node: node) }
        pairs.sort { $0.key < $1.key || ($0.key == $1.key && $0.node < $1.node) }
        keys = pairs.map(\.key)
        nodes = pairs.map(\.node)
    }

    // checked: x, y are projected coordinates of valid places, 0...1
    private func column(_ x: Double) -> Int { min(max(Int(x / cellWidth), 0), columns - 1) }
    // checked: x, y are projected coordinates of valid places, 0...1
    private func row(_ y: Double) -> Int { min(max(Int(y / cellHeight), 0), rows - 1) }
    private func key(_ column: Int, _ row: Int) -> UInt64 { UInt64(row) << 32 | UInt64(column) }

    /// Calls `visit` with every node in the cells touched by the merge box around (x, y), the node at
    /// grid position `seat` (whose place that is) excepted; the box continues across x = 0 and x = 1.
    /// Nodes outside the box may be visited too.
    func forEach(near seat: Int, x: Double, y: Double, _ visit: (Int32) -> Void) {
        let own = Int(keys[seat] >> 32)
        // checked: x, y are projected coordinates of valid places, 0...1
        let c0 = Int(((x - rx) / cellWidth).rounded(.down)), c1 = Int(((x + rx) / cellWidth).rounded(.down))
        for r in row(y - ry)...row(y + ry) {
            if c1 - c0 + 1 >= columns {
                scan(row: r, from: 0, to: columns - 1, seat: seat, visit)
            } else if c0 < 0 {
                scan(row: r, from: c0 + columns, to: columns - 1, seat: seat, visit)
                scan(row: r, from: 0, to: c1, seat: seat, visit)
            } else if c1 >= columns {
                scan(row: r, from: c0, to: columns - 1, seat: seat, visit)
                scan(row: r, from: 0, to: c1 - columns, seat: seat, visit)
            } else if r == own {
                // The seed's own cells, contiguous around it: no search.
                let low = key(c0, r), high = key(c1, r)
                var i = seat - 1
                while i >= 0 && keys[i] >= low {
                    visit(nodes[i])
                    i -= 1
                }
                i = seat + 1
                while i < keys.count && keys[i] <= high {
                    visit(nodes[i])
                    i += 1
                }
            } else {
                scan(row: r, from: c0, to: c1, seat: seat, visit)
            }
        }
    }

    /// Visits the nodes in cells `from...to` of row `row`, except the one at `seat`.
    @inline(__always)
    private func scan(row: Int, from: Int, to: Int, seat: Int, _ visit: (Int32) -> Void) {
        let first = key(from, row), last = key(to, row)
        // Rows before the seed's lie before it in the order, rows after it after it.
        var i =
            first > keys[seat]
            ? lowerBound(first, from: seat + 1, to: keys.count) : lowerBound(first, from: 0, to: seat)
        while i < keys.count && keys[i] <= last {
            if i != seat { visit(nodes[i]) }
            i += 1
        }
    }

    private func lowerBound(_ key: UInt64, from: Int, to: Int) -> Int {
        var low = from, high = to
        while low < high {
            let mid = (low + high) >> 1
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
