import Foundation
import Testing

@testable import GeoCore

/// WGS84 geodesics against GeographicLib (Karney's own implementation, PyPI `geographiclib`): the
/// oracle's 2 000 seeded pairs (random, short, long, nearly antipodal, polar, across ±180°,
/// equatorial, meridional, identical), written by `Resources/tools/make_geodesic_oracle.py`.
@Suite struct GeodesicTests {
    struct Oracle: Decodable {
        struct Case: Decodable {
            var kind: String
            var values: [Double]

            private enum CodingKeys: String, CodingKey { case kind, values = "case" }
        }
        var source: String
        var cases: [Case]
    }

    static let oracle: Oracle = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/geodesics.json")
        do {
            return try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read the geodesic oracle \(url.path): \(error)")
        }
    }()

    /// The difference of two azimuths in degrees, across ±180°.
    static func azimuthError(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    @Test func everyPairAgreesWithGeographicLibWithinAMillimetreAndAMicrodegree() throws {
        let cases = Self.oracle.cases
        try #require(cases.count >= 2000 && Self.oracle.source.contains("GeographicLib"))
        var worst: [String: (distance: Double, azimuth: Double)] = [:]
        for item in cases {
            let v = item.values
            try #require(v.count == 7)
            let found = Geodesic.wgs84.inverse(LatLon(lat: v[0], lon: v[1]), LatLon(lat: v[2], lon: v[3]))
            let distanceError = abs(found.distance - v[4])
            #expect(distanceError <= 0.001, "\(item.kind) \(v): \(found.distance) m")
            var azimuthError = 0.0
            if v[4] > 0 {
                azimuthError = max(Self.azimuthError(found.azimuth1, v[5]), Self.azimuthError(found.azimuth2, v[6]))
                #expect(azimuthError <= 1e-6, "\(item.kind) \(v): azimuths \(found.azimuth1), \(found.azimuth2)")
            }
            let before = worst[item.kind] ?? (0, 0)
            worst[item.kind] = (max(before.distance, distanceError), max(before.azimuth, azimuthError))
        }
        for (kind, error) in worst.sorted(by: { $0.key < $1.key }) {
            print("geodesic \(kind): worst distance error \(error.distance) m, azimuth \(error.azimuth)°")
        }
    }

    @Test func identicalPointsAreZeroApartAndTheEquatorIsExact() {
        let point = LatLon(lat: 51.4778, lon: -0.0014)
        #expect(Geodesic.wgs84.inverse(point, point).distance == 0)
        let quarter = Geodesic.wgs84.inverse(LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 90))
        #expect(abs(quarter.distance - 6_378_137 * Double.pi / 2) < 1e-6)
        #expect(quarter.azimuth1 == 90 && quarter.azimuth2 == 90)
    }

    @Test func theAstroidSolvesItsQuartic() {
        for (x, y) in [(-1.5, -0.5), (-0.2, -3.0), (-2.0, -0.01), (0.5, -1.0)] {
            let k = Geodesic.astroid(x, y)
            let (k2, x2, y2) = (k * k, x * x, y * y)
            let quartic: Double = k2 * k2 + 2 * k2 * k
            let residual: Double = quartic - (x2 + y2 - 1) * k2 - 2 * y2 * k - y2
            #expect(k > 0 && abs(residual) < 1e-9, "x \(x) y \(y): k \(k)")
        }
    }
}
