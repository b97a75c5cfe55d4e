import Foundation
import GeoCore
import TestSupport
import Testing

/// The meeting point against an independent brute-force minimiser (a 20 000-point Fibonacci sphere,
/// then a shrinking pattern search around its five best points) on seeded sets of 2–10 pins spread
/// over the globe, across the antimeridian, near the poles and on one continent: never more than a
/// metre above the least total distance.
@Suite struct MeetingPointTests {
    /// Kilometres of total distance from `point` to the pins.
    static func total(_ point: LatLon, _ pins: [LatLon]) -> Double { Geodesy.totalDistance(from: point, to: pins) }

    /// The least total distance found by brute force, km.
    static func bruteForce(_ pins: [LatLon]) -> Double {
        let n = 20_000
        let golden = Double.pi * (3 - 5.0.squareRoot())
        var scored: [(Double, LatLon)] = []
        for i in 0..<n {
            let z = 1 - (Double(i) + 0.5) * 2 / Double(n)
            let point = LatLon(lat: asin(z) * 180 / .pi, lon: LatLon.wrapLongitude(golden * Double(i) * 180 / .pi))
            scored.append((total(point, pins), point))
        }
        scored.sort { $0.0 < $1.0 }
        var best = Double.infinity
        for (_, start) in scored.prefix(5) + pins.map({ (0.0, $0) }) {
            best = min(best, refine(start, pins))
        }
        return best
    }

    /// A pattern search in latitude and longitude (longitude steps scaled by 1/cos latitude), halving its
    /// step from 2° to 10⁻¹⁰° when no neighbour is better.
    static func refine(_ start: LatLon, _ pins: [LatLon]) -> Double {
        var p = start, value = total(start, pins)
        var step = 2.0
        while step > 1e-10 {
            var improved = false
            let scale = 1 / max(cos(p.lat * .pi / 180), 1e-6)
            for (dlat, dlon) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                let q = LatLon(
                    lat: min(90, max(-90, p.lat + dlat * step)), lon: LatLon.wrapLongitude(p.lon + dlon * step * scale))
                let v = total(q, pins)
                if v < value {
                    (p, value, improved) = (q, v, true)
                }
            }
            if !improved { step /= 2 }
        }
        return value
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
        #expect(Self.total(median, pins) < 14_872)
        #expect(median.lat > 60 && median.lat < 72 && median.lon > -30 && median.lon < -10, "\(median)")
    }

    @Test func twoPinsMeetAtTheirMidpointAndAPinCanBeTheMedian() throws {
        let two = [LatLon(lat: 10, lon: 10), LatLon(lat: 20, lon: 30)]
        let mid = try #require(Geodesy.midpoint(two))
        let median = try #require(Geodesy.geometricMedian(two))
        #expect(Geodesy.distance(mid, median) < 1e-6)
        // Three pins on one spot and one far away: the spot wins (Kuhn's test).
        let spot = LatLon(lat: 48.85, lon: 2.35)
        let four = [spot, spot, spot, LatLon(lat: 40, lon: -3.7)]
        #expect(Geodesy.distance(try #require(Geodesy.geometricMedian(four)), spot) < 1e-6)
    }
}
