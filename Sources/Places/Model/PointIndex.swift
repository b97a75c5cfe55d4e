import Foundation

/// A static k-d tree of points in two or three dimensions: build once, query many times (flat arrays,
/// after kdbush). The one spatial tree of Places: places and markers by longitude and latitude
/// (`InMemoryPlaceIndex`, `PlaceClusters`, boxes), cities by their unit vectors (`GazetteerCityIndex`,
/// nearest point and radius).
///
/// Coordinates live in one `[Double]` with stride `dimensions`, permuted so that every node's median
/// splits its range by each axis in turn; leaves of at most `nodeSize` points are scanned linearly.
/// Building is O(n log n) (Floyd–Rivest selection), a box query O(√n + k), a nearest query about
/// O(log n). Queries are plain boxes and balls: callers split boxes that wrap.
public struct PointIndex: Sendable {
    /// Coordinates per point: 2 (x, y) or 3 (x, y, z).
    let dimensions: Int
    /// `ids[i]` is the caller's number of the i-th point of the tree.
    private let ids: [Int32]
    /// The coordinates of the i-th point of the tree at `dimensions * i ..< dimensions * (i + 1)`.
    private let coords: [Double]
    private let nodeSize: Int

    /// Builds a 2-D index over points numbered by `ids`, at `xs[i]`, `ys[i]` (all three of one length).
    /// `nodeSize` (≥ 2) is the leaf size.
    public init(ids: [Int32], xs: [Double], ys: [Double], nodeSize: Int = 64) {
        precondition(ids.count == xs.count && xs.count == ys.count, "ids and coordinates differ in length")
        var coords = [Double]()
        coords.reserveCapacity(ids.count * 2)
        for i in ids.indices {
            coords.append(xs[i])
            coords.append(ys[i])
        }
        self.init(ids: ids, coordinates: coords, dimensions: 2, nodeSize: nodeSize)
    }

    /// Builds an index over points numbered by `ids` whose coordinates are `coordinates`, `dimensions`
    /// (2 or 3) numbers per point. `nodeSize` (≥ 2) is the leaf size.
    init(ids: [Int32], coordinates: [Double], dimensions: Int, nodeSize: Int) {
        precondition(dimensions == 2 || dimensions == 3, "2 or 3 dimensions")
        precondition(coordinates.count == ids.count * dimensions, "ids and coordinates differ in length")
        var ids = ids
        var coords = coordinates
        let count = ids.count, leaf = max(2, nodeSize)
        ids.withUnsafeMutableBufferPointer { idBuffer in
            coords.withUnsafeMutableBufferPointer { coordBuffer in
                let builder = Builder(ids: idBuffer, coords: coordBuffer, dimensions: dimensions, nodeSize: leaf)
                builder.sort(left: 0, right: count - 1, axis: 0)
            }
        }
        self.dimensions = dimensions
        self.ids = ids
        self.coords = coords
        self.nodeSize = leaf
    }

    /// The number of points.
    public var count: Int { ids.count }

    /// Calls `visit` with the id of every point inside the box (edges included), in no particular order.
    /// A 2-D index only.
    public func forEach(minX: Double, minY: Double, maxX: Double, maxY: Double, _ visit: (Int32) -> Void) {
        precondition(dimensions == 2, "a box query of a 2-D index")
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

    /// The id of the point nearest to `point` (`dimensions` numbers; straight-line distance), the lowest
    /// id of equally near ones; nil when the index is empty.
    func nearest(to point: [Double]) -> Int32? {
        guard !ids.isEmpty else { return nil }
        var best = Double.infinity
        var bestId = Int32.max
        // A far side is visited only while its splitting plane is nearer than the best point so far.
        var stack: [(left: Int, right: Int, axis: Int, plane: Double)] = [(0, ids.count - 1, 0, 0)]
        stack.reserveCapacity(64)
        while let (left, right, axis, plane) = stack.popLast() {
            if plane > best { continue }
            if right - left <= nodeSize {
                for i in left...right { consider(i, point, &best, &bestId) }
                continue
            }
            let m = (left + right) >> 1
            consider(m, point, &best, &bestId)
            let diff = point[axis] - coords[dimensions * m + axis]
            let next = (axis + 1) % dimensions
            let nearSide = diff <= 0 ? (left, m - 1) : (m + 1, right)
            let farSide = diff <= 0 ? (m + 1, right) : (left, m - 1)
            if farSide.0 <= farSide.1 { stack.append((farSide.0, farSide.1, next, diff * diff)) }
            if nearSide.0 <= nearSide.1 { stack.append((nearSide.0, nearSide.1, next, 0)) }
        }
        return bestId
    }

    /// Calls `visit` with the id of every point whose squared straight-line distance to `point`
    /// (`dimensions` numbers) is at most `radiusSquared`, in no particular order.
    func forEach(withinSquared radiusSquared: Double, of point: [Double], _ visit: (Int32) -> Void) {
        guard !ids.isEmpty, radiusSquared >= 0 else { return }
        var stack: [(left: Int, right: Int, axis: Int)] = [(0, ids.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                for i in left...right where distanceSquared(i, point) <= radiusSquared { visit(ids[i]) }
                continue
            }
            let m = (left + right) >> 1
            if distanceSquared(m, point) <= radiusSquared { visit(ids[m]) }
            let diff = point[axis] - coords[dimensions * m + axis]
            let next = (axis + 1) % dimensions
            if diff <= 0 || diff * diff <= radiusSquared, left <= m - 1 { stack.append((left, m - 1, next)) }
            if diff >= 0 || diff * diff <= radiusSquared, m + 1 <= right { stack.append((m + 1, right, next)) }
        }
    }

    private func distanceSquared(_ i: Int, _ point: [Double]) -> Double {
        var sum = 0.0
        for axis in 0..<dimensions {
            let d = coords[dimensions * i + axis] - point[axis]
            sum += d * d
        }
        return sum
    }

    /// Keeps the nearer of tree point `i` and the best so far, ties to the lower id.
    private func consider(_ i: Int, _ point: [Double], _ best: inout Double, _ bestId: inout Int32) {
        let d = distanceSquared(i, point)
        if d < best || (d == best && ids[i] < bestId) {
            best = d
            bestId = ids[i]
        }
    }

    // MARK: Building

    /// Sorts ids and coordinates into k-d order with Floyd–Rivest selection (as kdbush does), in place
    /// on the arrays' buffers (valid only inside their `withUnsafeMutableBufferPointer`).
    private struct Builder {
        let ids: UnsafeMutableBufferPointer<Int32>
        let coords: UnsafeMutableBufferPointer<Double>
        let dimensions: Int
        let nodeSize: Int

        func sort(left: Int, right: Int, axis: Int) {
            if right - left <= nodeSize { return }
            let m = (left + right) >> 1
            select(k: m, left: left, right: right, axis: axis)
            sort(left: left, right: m - 1, axis: (axis + 1) % dimensions)
            sort(left: m + 1, right: right, axis: (axis + 1) % dimensions)
        }

        private func value(_ i: Int, _ axis: Int) -> Double { coords[dimensions * i + axis] }

        /// Rearranges `left...right` so that the k-th item is in place on `axis`, smaller ones before it
        /// and larger ones after it.
        func select(k: Int, left: Int, right: Int, axis: Int) {
            var left = left, right = right
            while right > left {
                if right - left > 600 {
                    let n = Double(right - left + 1), m = Double(k - left + 1)
                    let z = log(n), s = 0.5 * exp(2 * z / 3)
                    let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                    // checked: Floyd-Rivest step: finite, between left and right
                    let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                    // checked: Floyd-Rivest step: finite, between left and right
                    let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                    select(k: k, left: newLeft, right: newRight, axis: axis)
                }
                let t = value(k, axis)
                var i = left, j = right
                swapItems(left, k)
                if value(right, axis) > t { swapItems(left, right) }
                while i < j {
                    swapItems(i, j)
                    i += 1
                    j -= 1
                    while value(i, axis) < t { i += 1 }
                    while value(j, axis) > t { j -= 1 }
                }
                if value(left, axis) == t {
                    swapItems(left, j)
                } else {
                    j += 1
                    swapItems(j, right)
                }
                if j <= k { left = j + 1 }
                if k <= j { right = j - 1 }
            }
        }

        private func swapItems(_ i: Int, _ j: Int) {
            ids.swapAt(i, j)
            for axis in 0..<dimensions { coords.swapAt(dimensions * i + axis, dimensions * j + axis) }
        }
    }
}
