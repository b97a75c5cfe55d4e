import Foundation
import GeoCore

/// Nearest-city search: a static k-d tree over the cities' unit vectors (build once, query many; flat
/// arrays after kdbush).
///
/// Working on the unit sphere in 3-D makes the search exact everywhere: the great-circle nearest city is
/// the one with the shortest chord, with no special case at the antimeridian or the poles. Coordinates
/// live in one `[Double]` with stride 3 (x, y, z), permuted so that every node's median splits its range
/// by x, y, z in turn; leaves of at most `nodeSize` points are scanned. Building is O(n log n), a query
/// about O(log n). Of equally near cities the one listed first (the most populous) wins.
struct GazetteerCityIndex: Sendable {
    /// The indexed cities, in the order given to `init`.
    let cities: [GazetteerCity]
    /// `ids[i]` is the index in `cities` of the i-th point of the tree.
    private let ids: [Int32]
    /// x, y, z of the i-th point of the tree.
    private let coords: [Double]
    private let nodeSize: Int

    /// Builds the tree. `nodeSize` (≥ 2) is the leaf size.
    init(_ cities: [GazetteerCity], nodeSize: Int = 16) {
        self.cities = cities
        self.nodeSize = max(2, nodeSize)
        var coords: [Double] = []
        coords.reserveCapacity(3 * cities.count)
        for city in cities {
            let v = GazetteerSphere.unitVector(lat: city.coordinate.lat, lon: city.coordinate.lon)
            coords.append(v.x)
            coords.append(v.y)
            coords.append(v.z)
        }
        var ids = cities.indices.map { Int32($0) }
        let count = cities.count, leaf = self.nodeSize
        ids.withUnsafeMutableBufferPointer { idBuffer in
            coords.withUnsafeMutableBufferPointer { coordBuffer in
                let builder = Builder(ids: idBuffer, coords: coordBuffer, nodeSize: leaf)
                builder.sort(left: 0, right: count - 1, axis: 0)
            }
        }
        self.ids = ids
        self.coords = coords
    }

    /// The index in `cities` of the city nearest to `point` on the sphere; nil when there are no cities.
    func nearest(to point: LatLon) -> Int? {
        guard !ids.isEmpty else { return nil }
        let v = GazetteerSphere.unitVector(lat: point.lat, lon: point.lon)
        let q = (v.x, v.y, v.z)
        var best = Double.infinity
        var bestId = Int32.max
        // A far side is visited only while its splitting plane is nearer than the best chord so far.
        var stack: [(left: Int, right: Int, axis: Int, plane: Double)] = [(0, ids.count - 1, 0, 0)]
        stack.reserveCapacity(64)
        while let (left, right, axis, plane) = stack.popLast() {
            if plane > best { continue }
            if right - left <= nodeSize {
                for i in left...right { consider(i, q, &best, &bestId) }
                continue
            }
            let m = (left + right) >> 1
            consider(m, q, &best, &bestId)
            let diff = component(q, axis) - coords[3 * m + axis]
            let next = (axis + 1) % 3
            let nearSide = diff <= 0 ? (left, m - 1) : (m + 1, right)
            let farSide = diff <= 0 ? (m + 1, right) : (left, m - 1)
            if farSide.0 <= farSide.1 { stack.append((farSide.0, farSide.1, next, diff * diff)) }
            if nearSide.0 <= nearSide.1 { stack.append((nearSide.0, nearSide.1, next, 0)) }
        }
        return Int(bestId)
    }

    /// Indices in `cities` of every city within `km` kilometres of `point` (great-circle, up to ~10 000 km),
    /// in no particular order.
    func indices(within km: Double, of point: LatLon) -> [Int] {
        guard !ids.isEmpty, km >= 0 else { return [] }
        let chord = 2 * sin(min(Double.pi, km / Geodesy.earthRadiusKm) / 2)
        let radius2 = chord * chord * (1 + 1e-12)
        let v = GazetteerSphere.unitVector(lat: point.lat, lon: point.lon)
        let q = (v.x, v.y, v.z)
        var result: [Int] = []
        var stack: [(left: Int, right: Int, axis: Int)] = [(0, ids.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                for i in left...right where chord2(i, q) <= radius2 { result.append(Int(ids[i])) }
                continue
            }
            let m = (left + right) >> 1
            if chord2(m, q) <= radius2 { result.append(Int(ids[m])) }
            let diff = component(q, axis) - coords[3 * m + axis]
            let next = (axis + 1) % 3
            if diff <= 0 || diff * diff <= radius2, left <= m - 1 { stack.append((left, m - 1, next)) }
            if diff >= 0 || diff * diff <= radius2, m + 1 <= right { stack.append((m + 1, right, next)) }
        }
        return result
    }

    private func chord2(_ i: Int, _ q: (Double, Double, Double)) -> Double {
        let dx = coords[3 * i] - q.0, dy = coords[3 * i + 1] - q.1, dz = coords[3 * i + 2] - q.2
        return dx * dx + dy * dy + dz * dz
    }

    private func component(_ q: (Double, Double, Double), _ axis: Int) -> Double {
        axis == 0 ? q.0 : axis == 1 ? q.1 : q.2
    }

    /// Squared chord from `q` to tree point `i`; keeps the smallest, ties to the lower city index.
    private func consider(_ i: Int, _ q: (Double, Double, Double), _ best: inout Double, _ bestId: inout Int32) {
        let d = chord2(i, q)
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
        let nodeSize: Int

        func sort(left: Int, right: Int, axis: Int) {
            if right - left <= nodeSize { return }
            let m = (left + right) >> 1
            select(k: m, left: left, right: right, axis: axis)
            sort(left: left, right: m - 1, axis: (axis + 1) % 3)
            sort(left: m + 1, right: right, axis: (axis + 1) % 3)
        }

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
                let t = coords[3 * k + axis]
                var i = left, j = right
                swapItems(left, k)
                if coords[3 * right + axis] > t { swapItems(left, right) }
                while i < j {
                    swapItems(i, j)
                    i += 1
                    j -= 1
                    while coords[3 * i + axis] < t { i += 1 }
                    while coords[3 * j + axis] > t { j -= 1 }
                }
                if coords[3 * left + axis] == t {
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
            coords.swapAt(3 * i, 3 * j)
            coords.swapAt(3 * i + 1, 3 * j + 1)
            coords.swapAt(3 * i + 2, 3 * j + 2)
        }
    }
}
