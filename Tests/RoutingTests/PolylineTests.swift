import GeoCore
import TestSupport
import Testing

@testable import Routing

@Suite("Encoded polylines")
struct PolylineTests {
    /// Google's documented example, at precision 5.
    @Test func decodesTheReferenceExample() throws {
        let points = try #require(Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5))
        #expect(
            points == [
                LatLon(lat: 38.5, lon: -120.2), LatLon(lat: 40.7, lon: -120.95), LatLon(lat: 43.252, lon: -126.453),
            ])
    }

    /// A polyline6 geometry as the local OSRM answered it, checked against the step's maneuver locations.
    @Test func decodesPolyline6FromOSRM() throws {
        let points = try #require(Polyline.decode("mrmagAznwmhFkLvOuCxDW\\"))
        #expect(points.count == 4)
        #expect(abs(points[0].lat - 37.788983) < 1e-9)
        #expect(abs(points[0].lon - -122.401022) < 1e-9)
        #expect(abs(points[3].lat - 37.789284) < 1e-9)
        #expect(abs(points[3].lon - -122.401398) < 1e-9)
    }

    /// Round trips through an independent encoder (`PolylineEncoder`, from the format's description) over
    /// seeded random paths, across ±180° and near the poles.
    @Test func roundTripsSeededPaths() throws {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<200 {
            let count = Int.random(in: 1...40, using: &random)
            let path = (0..<count).map { _ in
                LatLon(
                    lat: (Double.random(in: -90...90, using: &random) * 1e6).rounded() / 1e6,
                    lon: (Double.random(in: -180...180, using: &random) * 1e6).rounded() / 1e6)
            }
            let decoded = try #require(Polyline.decode(PolylineEncoder.encode(path)))
            #expect(decoded.count == path.count)
            for (a, b) in zip(decoded, path) {
                #expect(abs(a.lat - b.lat) < 1e-9 && abs(a.lon - b.lon) < 1e-9)
            }
        }
    }

    @Test func refusesMalformedText() {
        #expect(Polyline.decode("") == [])
        #expect(Polyline.decode("mrmagA") == nil, "a latitude without its longitude")
        #expect(Polyline.decode("mrmag") == nil, "a number cut short")
        #expect(Polyline.decode("mrmagAznwmhF\u{1b}[2J") == nil, "bytes outside the alphabet")
        #expect(Polyline.decode(String(repeating: "~", count: 40) + "?") == nil, "a number of more than 32 bits")
        #expect(Polyline.decode(PolylineEncoder.encode([LatLon(lat: 91, lon: 0)])) == nil, "a latitude off the globe")
        let many = PolylineEncoder.encode(Array(repeating: LatLon(lat: 1, lon: 1), count: 20))
        #expect(Polyline.decode(many, maxPoints: 10) == nil, "more points than allowed")
    }
}
