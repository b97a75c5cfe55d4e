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

    /// Points whose bin at `level` lies in the bin range the box covers, counted one by one.
    static func bruteCount(
        _ points: [WorldPoint], level: Int, minX: Double, minY: Double, maxX: Double, maxY: Double
    ) -> Int {
        let n = Camera.worldDotsAtZoomZero * Double(1 << level) / LayerPointIndex.binDots
        let lowX = Int((minX * n).rounded(.down)), highX = Int((maxX * n).rounded(.down))
        let lowY = Int(max(minY * n, 0).rounded(.down)), highY = Int(min(maxY * n, n - 1).rounded(.down))
        return points.filter { p in
            let bx = Int(min(p.x * n, n - 1)), by = Int(min(p.y * n, n - 1))
            return (lowY...highY).contains(by) && (lowX...highX).contains(bx)
        }.count
    }

    @Test func countsInABoxMatchABruteForceCountAtEveryLevel() {
        let points = Self.randomPoints(20_000, seed: 11)
        let index = LayerPointIndex(points: points)
        #expect(index.rawLevel > 0 && index.rawLevel <= LayerPointIndex.maximumLevel)
        var random = SeededGenerator(seed: 5)
        for level in 0...LayerPointIndex.maximumLevel {
            for _ in 0..<5 {
                let span = min(8 / (Camera.worldDotsAtZoomZero * Double(1 << level)) * 40, 0.5)
                let minX = Double.random(in: 0..<(1 - span), using: &random)
                let minY = Double.random(in: 0..<(1 - span), using: &random)
                var total = 0
                index.forEach(level: level, minX: minX, minY: minY, maxX: minX + span, maxY: minY + span) {
                    total += $0.count
                }
                let brute = Self.bruteCount(
                    points, level: min(level, index.rawLevel), minX: minX, minY: minY, maxX: minX + span,
                    maxY: minY + span)
                #expect(total == brute, "level \(level)")
            }
            // The whole world, at the aggregated levels (a raw level's whole world is millions of bins).
            guard level < index.rawLevel else { continue }
            var whole = 0
            index.forEach(level: level, minX: 0, minY: 0, maxX: 0.999_999, maxY: 0.999_999) { whole += $0.count }
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
            index.forEach(level: level, minX: 0, minY: 0, maxX: 0.999_999, maxY: 0.999_999) { cluster in
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
