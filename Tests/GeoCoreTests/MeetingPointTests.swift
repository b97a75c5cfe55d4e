import Foundation
import GeoCore
import TestSupport
import Testing

/// The meeting point against an independent brute-force minimiser of the total WGS84 distance (a
/// 20 000-point Fibonacci sphere scored on the sphere, a shrinking pattern search around its five best
/// points and the pins on the sphere, then the same search on the ellipsoid from the three best) on
/// seeded sets of 2–10 pins spread over the globe, across the antimeridian, near the poles and on one
/// continent: never more than a metre above the least total distance.
@Suite struct MeetingPointTests {
    /// Kilometres of total WGS84 distance from `point` to the pins.
    static func total(_ point: LatLon, _ pins: [LatLon]) -> Double { Geodesy.totalDistance(from: point, to: pins) }

    /// Kilometres of total great-circle distance: the cheap score that finds the basin.
    static func sphericalTotal(_ point: LatLon, _ pins: [LatLon]) -> Double {
        pins.reduce(0) { $0 + Geodesy.sphericalDistance(point, $1) }
    }

    /// The least total WGS84 distance found by brute force, km.
    static func bruteForce(_ pins: [LatLon]) -> Double {
        let n = 20_000
        let golden = Double.pi * (3 - 5.0.squareRoot())
        var scored: [(Double, LatLon)] = []
        for i in 0..<n {
            let z = 1 - (Double(i) + 0.5) * 2 / Double(n)
            let point = LatLon(lat: asin(z) * 180 / .pi, lon: LatLon.wrapLongitude(golden * Double(i) * 180 / .pi))
            scored.append((sphericalTotal(point, pins), point))
        }
        scored.sort { $0.0 < $1.0 }
        let basins = (scored.prefix(5).map(\.1) + pins).map { refine($0, pins, from: 2, to: 1e-7, sphericalTotal) }
        let best = basins.sorted { $0.value < $1.value }.prefix(3)
        return best.map { refine($0.point, pins, from: 0.05, to: 1e-10, total).value }.min() ?? .infinity
    }

    /// A pattern search in latitude and longitude (longitude steps scaled by 1/cos latitude) of the least
    /// `score`, halving its step from `from` to `to` degrees when no neighbour is better.
    static func refine(
        _ start: LatLon, _ pins: [LatLon], from: Double, to: Double, _ score: (LatLon, [LatLon]) -> Double
    ) -> (point: LatLon, value: Double) {
        var p = start, value = score(start, pins)
        var step = from
        while step > to {
            var improved = false
            let scale = 1 / max(cos(p.lat * .pi / 180), 1e-6)
            for (dlat, dlon) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                let q = LatLon(
                    lat: min(90, max(-90, p.lat + dlat * step)), lon: LatLon.wrapLongitude(p.lon + dlon * step * scale))
                let v = score(q, pins)
                if v < value {
                    (p, value, improved) = (q, v, true)
                }
            }
            if !improved { step /= 2 }
        }
        return (p, value)
    }

    static func sets() -> [(String, [LatLon])] {
        var g = SeededGenerator(seed: 69)
        var result: [(String, [LatLon])] = []
        for i in 0..<16 {
            let n = 2 + i % 9
            result.append(
                (
                    "global \(i)",
                    (0..<n).map { _ in
                        LatLon(lat: .random(in: -80...80, using: &g), lon: .random(in: -180..<180, using: &g))
                    }
                ))
            result.append(
                (
                    "antimeridian \(i)",
                    (0..<n).map { _ in
                        LatLon(
                            lat: .random(in: -40...40, using: &g),
                            lon: LatLon.wrapLongitude(180 + .random(in: -25...25, using: &g)))
                    }
                ))
            result.append(
                (
                    "polar \(i)",
                    (0..<n).map { _ in
                        LatLon(lat: .random(in: 70...89.9, using: &g), lon: .random(in: -180..<180, using: &g))
                    }
                ))
            result.append(
                (
                    "continental \(i)",
                    (0..<n).map { _ in
                        LatLon(lat: .random(in: 35...60, using: &g), lon: .random(in: -10...30, using: &g))
                    }
                ))
        }
        result.append(
            (
                "London, New York, Tokyo",
                [
                    LatLon(lat: 51.5074, lon: -0.1278), LatLon(lat: 40.7128, lon: -74.006),
                    LatLon(lat: 35.6762, lon: 139.6503),
                ]
            ))
        return result
    }

    @Test func withinAMetreOfTheLeastTotalOnEverySet() throws {
        for (name, pins) in Self.sets() {
            let median = try #require(Geodesy.geometricMedian(pins))
            let got = Self.total(median, pins)
            let least = Self.bruteForce(pins)
            #expect(got <= least + 0.001, "\(name): \(got) km, least \(least) km (\(got - least) km over)")
        }
    }

    @Test func londonNewYorkTokyoMeetNearIceland() throws {
        let pins = [
            LatLon(lat: 51.5074, lon: -0.1278), LatLon(lat: 40.7128, lon: -74.006), LatLon(lat: 35.6762, lon: 139.6503),
        ]
        let median = try #require(Geodesy.geometricMedian(pins))
        #expect(Self.total(median, pins) < 14_907)
        #expect(median.lat > 60 && median.lat < 72 && median.lon > -30 && median.lon < -10, "\(median)")
    }

    /// Two pins: every point of the geodesic between them is a median; the one found is on it (its total
    /// is their distance) and next to their midpoint, where the sphere's median is.
    @Test func twoPinsMeetOnTheirGeodesicByTheirMidpointAndAPinCanBeTheMedian() throws {
        let two = [LatLon(lat: 10, lon: 10), LatLon(lat: 20, lon: 30)]
        let mid = try #require(Geodesy.midpoint(two))
        let median = try #require(Geodesy.geometricMedian(two))
        #expect(abs(Self.total(median, two) - Geodesy.distance(two[0], two[1])) < 1e-6)
        #expect(Geodesy.distance(mid, median) < 1)
        // Three pins on one spot and one far away: the spot wins (Kuhn's test).
        let spot = LatLon(lat: 48.85, lon: 2.35)
        let four = [spot, spot, spot, LatLon(lat: 40, lon: -3.7)]
        #expect(Geodesy.distance(try #require(Geodesy.geometricMedian(four)), spot) < 1e-6)
    }
}
