import Foundation
import Layers
import Storage

/// Loading user layers (`mapterm --layer FILE`): 1 000 000 seeded points as CSV and as a GeoJSON
/// FeatureCollection, and a GPX track of 200 000 points, each written to a temporary file and read
/// with `LayerReader.read(path:)` (median of three runs, after one untimed).
enum LayersBenchmark {
    static let pointCount = 1_000_000
    static let trackPointCount = 200_000
    static let seed: UInt64 = 20_261_211

    static func run() throws {
        print("== layers: loading files (\(pointCount) points, a GPX track of \(trackPointCount)) ==")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-bench-layers-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let csv = folder.appendingPathComponent("points.csv").path
        try write(csvPoints(), to: csv)
        time(csv, label: "CSV, 1M points", features: pointCount, target: 3000)
        let geoJSON = folder.appendingPathComponent("points.geojson").path
        try write(geoJSONPoints(), to: geoJSON)
        time(geoJSON, label: "GeoJSON, 1M points", features: pointCount, target: 6000)
        let gpx = folder.appendingPathComponent("track.gpx").path
        try write(gpxTrack(), to: gpx)
        time(gpx, label: "GPX, 200k-point track", features: 1, target: nil)
    }

    /// Reads the file and reports the median load time.
    private static func time(_ path: String, label: String, features: Int, target: Double?) {
        var loaded = 0
        let timing = Stopwatch.measure(runs: 3, warmup: 1) {
            loaded = (try? LayerReader.read(path: path))?.features.count ?? -1
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        report("load \(label) (\(size >> 20) MB)", timing, target: target)
        if loaded != features { print("  loaded \(loaded) features, expected \(features)") }
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: Seeded files

    private static let kinds = ["cafe", "park", "shop", "museum", "station"]

    /// `name,lat,lon,kind,visits`: positions to five decimals over the whole world.
    static func csvPoints() -> String {
        var generator = BenchRandom(seed: seed)
        var text = "name,lat,lon,kind,visits\n"
        text.reserveCapacity(pointCount * 48)
        for index in 0..<pointCount {
            let lat = Double.random(in: -85...85, using: &generator)
            let lon = Double.random(in: -180..<180, using: &generator)
            let kind = kinds[index % kinds.count]
            text += "Place \(index),\(format(lat)),\(format(lon)),\(kind),\(index % 977)\n"
        }
        return text
    }

    /// A FeatureCollection of points, one feature a line, with two properties and a name.
    static func geoJSONPoints() -> String {
        var generator = BenchRandom(seed: seed + 1)
        var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        text.reserveCapacity(pointCount * 140)
        for index in 0..<pointCount {
            let lat = Double.random(in: -85...85, using: &generator)
            let lon = Double.random(in: -180..<180, using: &generator)
            text += index == 0 ? "" : ",\n"
            text +=
                "{\"type\":\"Feature\",\"properties\":{\"name\":\"Place \(index)\",\"kind\":\"\(kinds[index % kinds.count])\","
            text +=
                "\"visits\":\(index % 977)},\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(format(lon)),\(format(lat))]}}"
        }
        return text + "\n]}\n"
    }

    /// One track of four segments, a random walk from Zürich, with elevation and time on every point.
    static func gpxTrack() -> String {
        var generator = BenchRandom(seed: seed + 2)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="mapterm-bench" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Bench walk</name><type>hiking</type>

            """
        text.reserveCapacity(trackPointCount * 110)
        var lat = 47.37, lon = 8.54
        for index in 0..<trackPointCount {
            if index % (trackPointCount / 4) == 0 { text += index == 0 ? "<trkseg>\n" : "</trkseg><trkseg>\n" }
            lat += Double.random(in: -0.0005...0.0005, using: &generator)
            lon += Double.random(in: -0.0005...0.0005, using: &generator)
            let seconds = index % 60, minutes = index / 60 % 60, hours = index / 3600 % 24
            text += "<trkpt lat=\"\(format(lat))\" lon=\"\(format(lon))\"><ele>\(400 + index % 300)</ele>"
            text += "<time>2026-12-01T\(two(hours)):\(two(minutes)):\(two(seconds))Z</time></trkpt>\n"
        }
        return text + "</trkseg></trk>\n</gpx>\n"
    }

    private static func format(_ value: Double) -> String { String(format: "%.5f", value) }
    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
