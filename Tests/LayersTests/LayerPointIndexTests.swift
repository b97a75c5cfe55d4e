import GeoCore
import Layers
import TestSupport
import Testing

/// The point bins of a layer against a brute-force count of the same bins.
@Suite struct LayerPointIndexTests {
    static func randomPoints(_ n: Int, seed: UInt64) -> [WorldPoint] {
        var random = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            // Half spread over the world, half packed into a city.
            i % 2 == 0
                ? WorldPoint(x: Double.random(in: 0..<1, using: &random), y: Double.random(in: 0..<1, using: &random))
                : WorldPoint(
                    x: 0.16 + Double.random(in: 0..<1e-3, using: &random),
                    y: 0.39 + Double.random(in: 0..<1e-3, using: &random))
        }
    }

    @Test func countsInABinAlignedBoxMatchABruteForceCountAtEveryLevel() {
        let points = Self.randomPoints(20_000, seed: 11)
        let index = LayerPointIndex(points: points)
        var random = SeededGenerator(seed: 5)
        for level in 0...LayerPointIndex.maximumLevel {
            let n = Camera.worldDotsAtZoomZero * Double(1 << level) / LayerPointIndex.binDots
            for box in 0..<6 {
                // Half the boxes over the packed city, 40 bins a side (the whole world when smaller).
                let side = min(40, n)
                let centre = box % 2 == 0 ? WorldPoint(x: 0.1605, y: 0.3905) : WorldPoint(x: 0.5, y: 0.5)
                let jitter = Double.random(in: -side...side, using: &random)
                let lowX = max(((centre.x * n) + jitter - side / 2).rounded(.down), 0)
                let lowY = max(((centre.y * n) - jitter - side / 2).rounded(.down), 0)
                let (minX, minY) = (lowX / n, lowY / n)
                let (maxX, maxY) = (min(lowX + side, n) / n, min(lowY + side, n) / n)
                var total = 0
                var singles = Set<Int>()
                index.forEach(level: level, minX: minX, minY: minY, maxX: maxX, maxY: maxY) { cluster in
                    total += cluster.count
                    if let slot = cluster.slot { singles.insert(slot) }
                }
                let inside = points.filter { $0.x >= minX && $0.x < maxX && $0.y >= minY && $0.y < maxY }
                #expect(total == inside.count, "level \(level)")
                for slot in singles {
                    let p = points[slot]
                    #expect(p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY)
                }
            }
            var whole = 0
            index.forEach(level: level, minX: 0, minY: 0, maxX: 1, maxY: 1) { whole += $0.count }
            #expect(whole == points.count, "level \(level)")
        }
    }

    @Test func aBinOfOnePointNamesItsSlotAfterRemovals() {
        let points = Self.randomPoints(2_000, seed: 3)
        var index = LayerPointIndex(points: points)
        for slot in stride(from: 0, to: points.count, by: 2) { index.remove(slot: slot) }
        #expect(index.count == points.count / 2)
        for level in 0...LayerPointIndex.maximumLevel {
            var total = 0
            index.forEach(level: level, minX: 0, minY: 0, maxX: 1, maxY: 1) { cluster in
                total += cluster.count
                if let slot = cluster.slot {
                    #expect(slot % 2 == 1)
                    #expect(abs(points[slot].x - cluster.x) < 1e-9 && abs(points[slot].y - cluster.y) < 1e-9)
                }
            }
            #expect(total == points.count / 2)
        }
    }

    @Test func copiesOfTheWorldShiftTheirPoints() {
        let index = LayerPointIndex(points: [WorldPoint(x: 0.99, y: 0.5)])
        var xs: [Double] = []
        index.forEach(level: 0, minX: -1, minY: 0.4, maxX: 0.5, maxY: 0.6) { xs.append($0.x) }
        #expect(xs.count == 1 && abs(xs[0] - -0.01) < 1e-9)
    }
}

/// Removing points that share one place, which the deepest leaf holds in one list.
@Suite struct LayerPointIndexSamePlaceTests {
    @Test func pointsAtOnePlaceLeaveOldestFirstInLinearTime() throws {
        let n = 100_000
        let index = try #require(
            // About 10 s in a debug build; removing from the tail of one list, as before, takes hours.
            Deadline.run(seconds: 120) {
                var index = LayerPointIndex()
                let p = WorldPoint(x: 0.16, y: 0.39)
                for slot in 0..<n { index.insert(p, slot: slot) }
                // Oldest first, as a stream at its cap drops them; all but the newest 10.
                for slot in 0..<(n - 10) { index.remove(slot: slot) }
                return index
            }, "removing 99 990 points at one place took over two minutes")
        #expect(index.count == 10)
        var clusters: [LayerPointIndex.Cluster] = []
        index.forEach(level: LayerPointIndex.maximumLevel, minX: 0, minY: 0, maxX: 1, maxY: 1) { clusters.append($0) }
        #expect(clusters.count == 1 && clusters.first?.count == 10)
        #expect(index.position(slot: n - 11) == nil && index.position(slot: n - 10) != nil)
        // The rest, from the middle of the list outwards: the list stays whole.
        var rest = index
        for slot in [n - 5, n - 6, n - 1, n - 10, n - 4, n - 7, n - 2, n - 9, n - 3, n - 8] {
            rest.remove(slot: slot)
            var total = 0
            rest.forEach(level: 0, minX: 0, minY: 0, maxX: 1, maxY: 1) { total += $0.count }
            #expect(total == rest.count)
        }
        #expect(rest.count == 0)
        rest.insert(WorldPoint(x: 0.16, y: 0.39), slot: n - 5)
        #expect(rest.count == 1)
    }
}
