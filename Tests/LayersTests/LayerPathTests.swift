import GeoCore
import Layers
import TestSupport
import Testing

/// Simplification per zoom stays within its tolerance; paths over the antimeridian go the short way.
@Suite struct LayerPathTests {
    /// Distance from `p` to the polyline, in world units.
    static func distance(_ p: WorldPoint, to line: [WorldPoint]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let abx = b.x - a.x, aby = b.y - a.y, apx = p.x - a.x, apy = p.y - a.y
            let length = abx * abx + aby * aby
            let t = length > 0 ? min(max((apx * abx + apy * aby) / length, 0), 1) : 0
            let dx = apx - abx * t, dy = apy - aby * t
            best = min(best, (dx * dx + dy * dy).squareRoot())
        }
        return line.count == 1
            ? ((p.x - line[0].x) * (p.x - line[0].x) + (p.y - line[0].y) * (p.y - line[0].y)).squareRoot() : best
    }

    static func track(_ n: Int) -> [LatLon] {
        var random = SeededGenerator(seed: 9)
        var lat = 37.7, lon = -122.4
        return (0..<n).map { _ in
            lat += Double.random(in: -1e-4...1e-4, using: &random)
            lon += Double.random(in: -1e-4...1.5e-4, using: &random)
            return LatLon(lat: lat, lon: lon)
        }
    }

    @Test func everyVertexStaysWithinOneDotOfItsLevel() {
        let positions = Self.track(1_500)
        let path = LayerPath(positions, slot: 0, isRing: false)
        let world = positions.map(Mercator.project)
        var previous = 0
        for level in 0...LayerPointIndex.maximumLevel {
            let simplified = Array(path.points(level: level))
            let tolerance = LayerPath.toleranceDots / (Camera.worldDotsAtZoomZero * Double(1 << level))
            #expect(simplified.first == world.first && simplified.last == world.last)
            #expect(simplified.count >= previous)
            previous = simplified.count
            for p in world { #expect(Self.distance(p, to: simplified) <= tolerance * (1 + 1e-9)) }
        }
        #expect(path.points(level: 0).count < 10)
    }

    @Test func chunksCoverTheLevelAndItsBounds() {
        let path = LayerPath(Self.track(1_000), slot: 3, isRing: false)
        var chunks = 0
        for level in 0...LayerPointIndex.maximumLevel {
            for chunk in path.chunks(level: level) {
                chunks += 1
                #expect(chunk.points.count <= LayerPath.chunkSize)
                for p in chunk.points {
                    #expect(p.x >= chunk.minX && p.x <= chunk.maxX && p.y >= chunk.minY && p.y <= chunk.maxY)
                }
            }
        }
        #expect(chunks >= 1_000 / LayerPath.chunkSize, "the deepest level of 1000 points is chunked")
    }

    /// The readers' convention: past ±180 rather than a jump of a world.
    @Test func aLineOverTheAntimeridianGoesTheShortWay() {
        let path = LayerPath(
            [LatLon(lat: -20, lon: 170), LatLon(lat: -10, lon: 181), LatLon(lat: 0, lon: 190)], slot: 0,
            isRing: false)
        let points = path.points(level: 16)
        #expect(points.count >= 2)
        for (a, b) in zip(points, points.dropFirst()) { #expect(abs(b.x - a.x) < 0.5) }
        #expect(path.maxX - path.minX < 0.1)
    }
}
