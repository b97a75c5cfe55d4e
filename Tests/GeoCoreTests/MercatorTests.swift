import Foundation
import GeoCore
import TestSupport
import Testing

@Suite struct MercatorTests {
    @Test func knownValues() {
        let origin = Mercator.project(LatLon(lat: 0, lon: 0))
        #expect(abs(origin.x - 0.5) < 1e-12 && abs(origin.y - 0.5) < 1e-12)
        let northWest = Mercator.project(LatLon(lat: Mercator.maxLatitude, lon: -180))
        #expect(abs(northWest.x) < 1e-12 && abs(northWest.y) < 1e-9)
        // Berlin lies in tile 8/137/83 (a value every slippy-map tool agrees on).
        let berlin = Mercator.project(LatLon(lat: 52.52, lon: 13.405))
        #expect(Int(berlin.x * 256) == 137 && Int(berlin.y * 256) == 83)
    }

    @Test func polesClampToTheSquare() {
        #expect(abs(Mercator.project(LatLon(lat: 90, lon: 0)).y) < 1e-9)
        #expect(abs(Mercator.project(LatLon(lat: -90, lon: 0)).y - 1) < 1e-9)
        #expect(abs(Mercator.unproject(WorldPoint(x: 0.5, y: -3)).lat - Mercator.maxLatitude) < 1e-9)
    }

    @Test func roundTripIsExactToMicrodegrees() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<10_000 {
            let p = LatLon(lat: .random(in: -85...85, using: &rng), lon: .random(in: -180..<180, using: &rng))
            let back = Mercator.unproject(Mercator.project(p))
            #expect(abs(back.lat - p.lat) < 1e-9 && abs(back.lon - p.lon) < 1e-9, "\(p) came back as \(back)")
        }
    }

    @Test func longitudeWraps() {
        #expect(LatLon.wrapLongitude(181) == -179)
        #expect(LatLon.wrapLongitude(-181) == 179)
        #expect(LatLon.wrapLongitude(540) == -180)
        #expect(LatLon.wrapLongitude(179.5) == 179.5)
    }
}
