import GeoCore

/// A static spatial index of places: build once, query many (a k-d tree in flat arrays, after kdbush).
///
/// Coordinates live in one `[Double]` with stride 2 (lon, lat), permuted so that every node's median
/// splits its range alternately by longitude and latitude; leaves of at most `nodeSize` points are scanned
/// linearly. Building is O(n log n), a query O(√n + k). Regions crossing the antimeridian are queried as
/// their two halves. Places with an invalid coordinate are not indexed.
public struct InMemoryPlaceIndex: Sendable {
    /// The indexed places, in the order given to `init` (invalid coordinates left out).
    public let places: [Place]
    /// `order[i]` is the index in `places` of the i-th point of the tree.
    private let order: [Int]
    /// lon, lat of the i-th point of the tree.
    private let coords: [Double]
    private let nodeSize: Int

    /// Builds the index. `nodeSize` (≥ 2) is the leaf size: smaller leaves mean deeper trees.
    public init(_ places: [Place], nodeSize: Int = 64) {
        let valid = places.filter { $0.coordinate.isValid }
        self.places = valid
        self.nodeSize = max(2, nodeSize)
        var order = Array(valid.indices)
        var coords = [Double]()
        coords.reserveCapacity(valid.count * 2)
        for place in valid {
            coords.append(place.coordinate.lon)
            coords.append(place.coordinate.lat)
        }
        var builder = Builder(order: order, coords: coords, nodeSize: self.nodeSize)
        builder.sort(left: 0, right: valid.count - 1, axis: 0)
        order = builder.order
        self.order = order
        self.coords = builder.coords
    }

    /// The number of indexed places.
    public var count: Int { places.count }

    /// Indices into `places` of every place inside `region` (edges included, as `GeoBounds.contains`),
    /// in no particular order.
    public func indices(in region: GeoBounds) -> [Int] {
        var result: [Int] = []
        guard !order.isEmpty, region.south <= region.north else { return result }
        for part in region.parts {
            collect(west: part.west, south: part.south, east: part.east, north: part.north, into: &result)
        }
        return result
    }

    /// The places of `kinds` inside `region`, ranked and cut to `limit` by `PlaceRanking`.
    public func places(in region: GeoBounds, kinds: Set<PlaceKind>, limit: Int) -> [Place] {
        guard limit > 0, !kinds.isEmpty else { return [] }
        return PlaceRanking.select(indices(in: region).map { places[$0] }, in: region, kinds: kinds, limit: limit)
    }

    // MARK: Query

    private func collect(west: Double, south: Double, east: Double, north: Double, into result: inout [Int]) {
        var stack: [(left: Int, right: Int, axis: Int)] = [(0, order.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                for i in left...right {
                    let lon = coords[2 * i]
                    let lat = coords[2 * i + 1]
                    if lon >= west && lon <= east && lat >= south && lat <= north { result.append(order[i]) }
                }
                continue
            }
            let m = (left + right) >> 1
            let lon = coords[2 * m]
            let lat = coords[2 * m + 1]
            if lon >= west && lon <= east && lat >= south && lat <= north { result.append(order[m]) }
            let value = axis == 0 ? lon : lat
            let low = axis == 0 ? west : south
            let high = axis == 0 ? east : north
            if low <= value { stack.append((left, m - 1, 1 - axis)) }
            if high >= value { stack.append((m + 1, right, 1 - axis)) }
        }
    }

    // MARK: Building

    /// Sorts the points into k-d order in place.
    private struct Builder {
        var order: [Int]
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
                let a = value(l, axis)
                let b = value((l + r) >> 1, axis)
                let c = value(r, axis)
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
            order.swapAt(i, j)
            coords.swapAt(2 * i, 2 * j)
            coords.swapAt(2 * i + 1, 2 * j + 1)
        }
    }
}
