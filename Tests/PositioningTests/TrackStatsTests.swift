import Foundation
import GeoCore
import Positioning
import Testing

@Suite struct TrackStatsTests {
    /// Haversine on the mean sphere, the independent measure: within 0.5 % of the ellipsoid's.
    static func haversine(_ a: LatLon, _ b: LatLon) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let dLat = (b.lat - a.lat) * rad, dLon = (b.lon - a.lon) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.lat * rad) * cos(b.lat * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    @Test func lengthAgreesWithABruteForceHaversineSum() {
        var state: UInt64 = 0x5354_4154_5300_0001
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var points: [TrackPoint] = []
        var position = LatLon(lat: 48.85, lon: 2.35)
        for second in 0..<2000 {
            points.append(TrackPoint(position: position, time: Double(second)))
            position = LatLon(lat: position.lat + (unit() - 0.5) * 2e-4, lon: position.lon + (unit() - 0.5) * 2e-4)
        }
        let stats = TrackStats(points: points)
        let expected = zip(points, points.dropFirst()).map { Self.haversine($0.position, $1.position) }.reduce(0, +)
        #expect(abs(stats.length - expected) / expected < 0.005, "\(stats.length) against \(expected)")
        #expect(stats.pointCount == 2000)
        #expect(stats.duration == 1999)
        let lats = points.map(\.position.lat), lons = points.map(\.position.lon)
        #expect(
            stats.bounds
                == GeoBounds(south: lats.min()!, west: lons.min()!, north: lats.max()!, east: lons.max()!))
    }

    /// A walk north at 1.5 m/s for 10 minutes, 20 minutes standing (the receiver wandering by 0.1 m a
    /// second), 10 more minutes walking: moving time 20 minutes, duration 40.
    @Test func movingTimeLeavesOutAStopInTheMiddle() {
        let metrePerDegree = 111_132.0  // about, near 45°
        var points: [TrackPoint] = []
        var lat = 45.0
        var time = 0.0
        func walk(_ seconds: Int, speed: Double) {
            for _ in 0..<seconds {
                lat += speed / metrePerDegree
                time += 1
                points.append(TrackPoint(position: LatLon(lat: lat, lon: 7), time: time))
            }
        }
        points.append(TrackPoint(position: LatLon(lat: lat, lon: 7), time: time))
        walk(600, speed: 1.5)
        for second in 0..<1200 {
            time += 1
            let jitter = (second % 2 == 0 ? 0.1 : -0.1) / metrePerDegree
            points.append(TrackPoint(position: LatLon(lat: lat + jitter, lon: 7), time: time))
        }
        walk(600, speed: 1.5)
        let stats = TrackStats(points: points)
        #expect(stats.duration == 2400)
        #expect(abs(stats.movingTime - 1200) <= 1, "\(stats.movingTime)")
        #expect(abs(stats.movingLength - 1800) < 10, "\(stats.movingLength)")
        #expect(abs((stats.averageMovingSpeed ?? 0) - 1.5) < 0.01)
        #expect(stats.length > stats.movingLength)
    }

    @Test func aLongGapIsAStopAndTimesOutOfOrderNeverMakeNegativeDurations() {
        let a = LatLon(lat: 0, lon: 0), b = LatLon(lat: 0, lon: 0.01), c = LatLon(lat: 0, lon: 0.02)
        let gap = TrackStats(points: [TrackPoint(position: a, time: 0), TrackPoint(position: b, time: 3600)])
        #expect(gap.movingTime == 0 && gap.duration == 3600)
        let backwards = TrackStats(points: [
            TrackPoint(position: a, time: 100), TrackPoint(position: b, time: 50), TrackPoint(position: c, time: 80),
        ])
        #expect(backwards.duration == 50)
        #expect(backwards.start == 50 && backwards.end == 100)
        #expect(backwards.movingTime == 30)
        #expect(backwards.movingTime >= 0 && backwards.length > 2000)
    }

    @Test func noPointsAndOnePoint() {
        let none = TrackStats(points: [])
        #expect(none.pointCount == 0 && none.length == 0 && none.bounds == nil && none.start == nil)
        #expect(none.averageMovingSpeed == nil)
        let one = TrackStats(points: [TrackPoint(position: LatLon(lat: 1, lon: 2), time: 5)])
        #expect(one.duration == 0 && one.bounds == GeoBounds(south: 1, west: 2, north: 1, east: 2))
    }
}
