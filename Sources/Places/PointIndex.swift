/// A static index of points in the plane: build once, query boxes many times (a k-d tree in flat arrays,
/// after kdbush).
///
/// Coordinates live in one `[Double]` with stride 2 (x, y), permuted so that every node's median splits
/// its range alternately by x and y; leaves of at most `nodeSize` points are scanned linearly. Building
/// is O(n log n), a query O(√n + k). Queries are plain boxes: callers split boxes that wrap.
public struct PointIndex: Sendable {
    /// `ids[i]` is the caller's number of the i-th point of the tree.
    private let ids: [Int32]
    /// x, y of the i-th point of the tree.
    private let coords: [Double]
    private let nodeSize: Int

    /// Builds the index over points numbered by `ids`, at `xs[i]`, `ys[i]` (all three of one length).
    /// `nodeSize` (≥ 2) is the leaf size.
    public init(ids: [Int32], xs: [Double], ys: [Double], nodeSize: Int = 64) {
        precondition(ids.count == xs.count && xs.count == ys.count, "ids and coordinates differ in length")
        var coords = [Double]()
        coords.reserveCapacity(ids.count * 2)
        for i in ids.indices {
            coords.append(xs[i])
            coords.append(ys[i])
        }
        var builder = Builder(ids: ids, coords: coords, nodeSize: max(2, nodeSize))
        if !ids.isEmpty { builder.sort(left: 0, right: ids.count - 1, axis: 0) }
        self.ids = builder.ids
        self.coords = builder.coords
        self.nodeSize = max(2, nodeSize)
    }

    /// The number of points.
    public var count: Int { ids.count }

    /// Calls `visit` with the id of every point inside the box (edges included), in no particular order.
    public func forEach(minX: Double, minY: Double, maxX: Double, maxY: Double, _ visit: (Int32) -> Void) {
        guard !ids.isEmpty, minX <= maxX, minY <= maxY else { return }
        var stack: [(left: Int, right: Int, axis: Int)] = [(0, ids.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                for i in left...right {
                    let x = coords[2 * i], y = coords[2 * i + 1]
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { visit(ids[i]) }
                }
                continue
            }
            let m = (left + right) >> 1
            let x = coords[2 * m], y = coords[2 * m + 1]
            if x >= minX && x <= maxX && y >= minY && y <= maxY { visit(ids[m]) }
            let value = axis == 0 ? x : y
            if (axis == 0 ? minX : minY) <= value { stack.append((left, m - 1, 1 - axis)) }
            if (axis == 0 ? maxX : maxY) >= value { stack.append((m + 1, right, 1 - axis)) }
        }
    }

    /// Sorts the points into k-d order in place.
    private struct Builder {
        var ids: [Int32]
        var coords: [Double]
        let nodeSize: Int

        mutating func sort(left: Int, right: Int, axis: Int) {
            if right - left <= nodeSize { return }
            let m = (left + right) >> 1
            select(k: m, left: left, right: right, axis: axis)
            sort(left: left, right: m - 1, axis: 1 - axis)
            sort(left: m + 1, right: right, axis: 1 - axis)
        }

        private func value(_ i: Int, _ axis: Int) -> Double { coords[2 * i + axis] }

        /// Quickselect (Hoare partition, median-of-three pivot): afterwards the point at `k` has the k-th
        /// smallest value on `axis`, those before it are not larger and those after it not smaller.
        private mutating func select(k: Int, left: Int, right: Int, axis: Int) {
            var l = left
            var r = right
            while r > l {
                let a = value(l, axis), b = value((l + r) >> 1, axis), c = value(r, axis)
                let pivot = max(min(a, b), min(max(a, b), c))
                var i = l
                var j = r
                while i <= j {
                    while value(i, axis) < pivot { i += 1 }
                    while value(j, axis) > pivot { j -= 1 }
                    if i <= j {
                        swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j {
                    r = j
                } else if k >= i {
                    l = i
                } else {
                    return
                }
            }
        }

        private mutating func swapAt(_ i: Int, _ j: Int) {
            ids.swapAt(i, j)
            coords.swapAt(2 * i, 2 * j)
            coords.swapAt(2 * i + 1, 2 * j + 1)
        }
    }
}
