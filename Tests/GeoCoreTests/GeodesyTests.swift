import Foundation
import GeoCore
import TestSupport
import Testing

@Suite struct GeodesyTests {
    let paris = LatLon(lat: 48.8566, lon: 2.3522)
    let newYork = LatLon(lat: 40.7128, lon: -74.0060)

    /// Distances and bearings are WGS84's (GeographicLib 2.1's values); the spherical distance is the
    /// haversine's on the mean radius.
    @Test func distanceAndBearingKnownValues() {
        #expect(abs(Geodesy.distance(paris, newYork) - 5852.935291766766) < 1e-6)
        #expect(abs(Geodesy.sphericalDistance(paris, newYork) - 5837) < 5)
        #expect(abs(Geodesy.bearing(from: paris, to: newYork) - 291.826083196198) < 1e-9)
        #expect(Geodesy.compassPoint(291.8) == "WNW")
        #expect(Geodesy.compassPoint(359) == "N")
        #expect(abs(Geodesy.distance(LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 180)) - 20003.931458625447) < 1e-6)
        #expect(
            abs(
                Geodesy.sphericalDistance(LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 180)) - .pi
                    * Geodesy.earthRadiusKm)
                < 1e-6)
        #expect(Geodesy.bearing(from: paris, to: LatLon(lat: 60, lon: 2.3522)) == 0, "due north is 0, not 360")
    }

    @Test func midpointAcrossTheAntimeridian() throws {
        let mid = try #require(Geodesy.midpoint([LatLon(lat: 0, lon: 179), LatLon(lat: 0, lon: -179)]))
        #expect(abs(abs(mid.lon) - 180) < 1e-9 && abs(mid.lat) < 1e-9)
        #expect(Geodesy.midpoint([LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 180)]) == nil)
    }

    @Test func polarAndAntipodalCentres() throws {
        // Three points around the north pole at 80°N: both centres are the pole.
        let ring = [0.0, 120, 240].map { LatLon(lat: 80, lon: $0) }
        let mid = try #require(Geodesy.midpoint(ring))
        #expect(mid.lat > 89.999)
        let median = try #require(Geodesy.geometricMedian(ring))
        #expect(median.lat > 89.99)
        // Two antipodes have no midpoint; every point is a median, one of them is returned.
        let antipodes = [LatLon(lat: 10, lon: 20), LatLon(lat: -10, lon: -160)]
        #expect(Geodesy.midpoint(antipodes) == nil)
        let any = try #require(Geodesy.geometricMedian(antipodes))
        #expect(abs(Geodesy.totalDistance(from: any, to: antipodes) - 20003.931458625448) < 1e-3)
    }

    @Test func meetingPointOfThreeCitiesIsKnown() throws {
        // Paris, London, Berlin: the median sits between them, nearer the close pair Paris–London.
        let cities = [paris, LatLon(lat: 51.5074, lon: -0.1278), LatLon(lat: 52.52, lon: 13.405)]
        let median = try #require(Geodesy.geometricMedian(cities))
        let mid = try #require(Geodesy.midpoint(cities))
        #expect(Geodesy.totalDistance(from: median, to: cities) < Geodesy.totalDistance(from: mid, to: cities))
        #expect(median.lat > 48 && median.lat < 52.6 && median.lon > -0.2 && median.lon < 13.4)
    }

    @Test func medianIsNeverWorseThanMidpointOrAnyPin() throws {
        var rng = SeededGenerator(seed: 2024)
        for _ in 0..<200 {
            let pins = (0..<Int.random(in: 2...10, using: &rng)).map { _ in
                LatLon(lat: .random(in: -80...80, using: &rng), lon: .random(in: -180..<180, using: &rng))
            }
            let median = try #require(Geodesy.geometricMedian(pins), "\(pins)")
            let total = Geodesy.totalDistance(from: median, to: pins)
            if let mid = Geodesy.midpoint(pins) { #expect(total <= Geodesy.totalDistance(from: mid, to: pins) + 1e-6) }
            for pin in pins { #expect(total <= Geodesy.totalDistance(from: pin, to: pins) + 1e-6) }
        }
    }

    /// A seeded walk of short and long steps (across the antimeridian too): its length is the sum of the
    /// WGS84 geodesics within 0.1 mm a segment.
    @Test func aPathsLengthIsTheSumOfItsGeodesics() {
        var rng = SeededGenerator(seed: 77)
        var point = LatLon(lat: 60.17, lon: 179.99)
        var path = [point]
        for step in 0..<3000 {
            let size = step % 100 == 0 ? 2.0 : 0.005
            point = LatLon(
                lat: min(max(point.lat + .random(in: -size...size, using: &rng), -85), 85),
                lon: LatLon.wrapLongitude(point.lon + .random(in: -size...size, using: &rng)))
            path.append(point)
        }
        let exact = zip(path, path.dropFirst()).reduce(0) { $0 + Geodesic.wgs84.inverse($1.0, $1.1).distance }
        #expect(abs(Geodesy.pathLength(path) * 1000 - exact) < 3000 * 1e-4)
        #expect(Geodesy.pathLength([point]) == 0 && Geodesy.pathLength([]) == 0)
    }

    @Test func greatCircleSplitsAtTheAntimeridian() {
        let path = Geodesy.greatCircle(from: LatLon(lat: 35.6, lon: 139.7), to: LatLon(lat: 37.6, lon: -122.4))
        #expect(path.count > 50)
        let pieces = Geodesy.splitAtAntimeridian(path)
        #expect(pieces.count == 2)
        for piece in pieces { #expect(piece.allSatisfy { (-180...180).contains($0.lon) }) }
        for (a, b) in zip(path, path.dropFirst()) { #expect(Geodesy.sphericalDistance(a, b) <= 50.001) }
    }
}
