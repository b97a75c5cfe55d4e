import Foundation
import GeoCore
import Places
import Storage

/// Offline reverse geocoding (issue 4, pin detail pane): loading `Resources/gazetteer` and one
/// `describe` per random point on the sphere (fixed seed, land and sea alike).
enum ReverseGeocoderBenchmark {
    static let seed: UInt64 = 20_261_130

    static func run(resources: URL) throws {
        print("== reverse geocoder: countries, regions, nearest city (Resources/gazetteer) ==")
        let directory = resources.appendingPathComponent("gazetteer")
        var bytes = 0
        for name in ReverseGeocoder.fileNames {
            let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[
                .size]
            bytes += (size as? NSNumber)?.intValue ?? 0
        }
        print(String(format: "  gazetteer files: %.2f MB", Double(bytes) / 1e6))

        var loadError: (any Error)?
        let load = Stopwatch.measure(runs: 10, warmup: 1) {
            do { _ = try ReverseGeocoder(directory: directory) } catch { loadError = error }
        }
        if let loadError { throw loadError }
        report("load gazetteer", load, target: 50)

        let geocoder = try ReverseGeocoder(directory: directory)
        var generator = BenchRandom(seed: seed)
        let points = (0..<20_000).map { _ in
            LatLon(
                lat: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
                lon: Double.random(in: -180..<180, using: &generator))
        }
        var next = 0
        var characters = 0
        let lookup = Stopwatch.measure(runs: points.count, warmup: 100) {
            characters &+= geocoder.describe(points[next % points.count]).label.utf8.count
            next += 1
        }
        report("describe one point (label included)", lookup, target: 1)
        precondition(characters > 0)
    }

}
