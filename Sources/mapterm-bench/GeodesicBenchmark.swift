import Foundation
import GeoCore

/// Part 12's geodesic figure: nanoseconds per WGS84 inverse (`Geodesic.wgs84.inverse`, Karney) over
/// seeded pairs, beside the haversine on the sphere (`Geodesy.sphericalDistance`) that every distance
/// used before, and the share of nearly antipodal pairs (the astroid start and Newton's slowest case).
enum GeodesicBenchmark {
    static func run() {
        print("== geodesics: ns per distance over 100 000 seeded pairs (WGS84 inverse vs haversine) ==")
        var random = BenchRandom(seed: 12)
        func point() -> LatLon {
            LatLon(
                lat: asin(Double.random(in: -1...1, using: &random)) * 180 / .pi,
                lon: Double.random(in: -180..<180, using: &random))
        }
        let pairs = (0..<100_000).map { _ in (point(), point()) }
        let antipodal = pairs.prefix(10_000).map { a, _ in
            (a, LatLon(lat: -a.lat + 0.01, lon: LatLon.wrapLongitude(a.lon + 179.99)))
        }
        for (name, set) in [("random pairs", pairs), ("nearly antipodal pairs", antipodal)] {
            var sink = 0.0
            let wgs84 = Stopwatch.measure(runs: 5, warmup: 1) {
                for (a, b) in set { sink += Geodesic.wgs84.inverse(a, b).distance }
            }
            let sphere = Stopwatch.measure(runs: 5, warmup: 1) {
                for (a, b) in set { sink += Geodesy.sphericalDistance(a, b) }
            }
            let perCall = { (timing: Timing) in timing.median * 1e6 / Double(set.count) }
            print(
                String(
                    format: "  %-24@ WGS84 inverse %7.1f ns, haversine %6.1f ns (%.0f×)%@", name as NSString,
                    perCall(wgs84), perCall(sphere), perCall(wgs84) / perCall(sphere), sink == 0 ? " !" : ""))
        }
    }
}
