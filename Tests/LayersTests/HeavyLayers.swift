import Foundation
import TestSupport

/// Seeded GeoJSON files heavy in coordinates, the Swift twin of `Tests/e2e/heavy_layers.py`: one
/// polygon with many octagon holes (about 200 bytes a hole) and one line of a random walk with
/// altitudes (about 39 bytes a position).
enum HeavyLayers {
    static let seed: UInt64 = 20_261_201

    /// A FeatureCollection of one Polygon: a square outer ring and `holes` octagons on a grid in it.
    static func polygon(holes: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        let side = Int(Double(holes).squareRoot().rounded(.up))
        let cell = 20.0 / Double(side)
        var text = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"holes"},"#
        text += #""geometry":{"type":"Polygon","coordinates":["# + "\n"
        text += "[[0,0],[20,0],[20,20],[0,20],[0,0]]"
        for index in 0..<holes {
            let cx = (Double(index % side) + 0.5) * cell, cy = (Double(index / side) + 0.5) * cell
            let radius = cell * Double.random(in: 0.2...0.4, using: &random)
            var ring = (0..<8).map { k in
                (cx + radius * cos(Double(k) * .pi / 4), cy + radius * sin(Double(k) * .pi / 4))
            }
            ring.append(ring[0])
            text += ",\n[" + ring.map { String(format: "[%.7f,%.7f]", $0.0, $0.1) }.joined(separator: ",") + "]"
        }
        text += "\n]}}]}\n"
        return Array(text.utf8)
    }

    /// A FeatureCollection of one LineString of `points` positions `[lon, lat, altitude]`.
    static func line(points: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var lon = -122.4, lat = 37.7
        var text = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"walk"},"#
        text += #""geometry":{"type":"LineString","coordinates":["# + "\n"
        for index in 0..<points {
            lon += Double.random(in: -1e-4...1.2e-4, using: &random)
            lat += Double.random(in: -1e-4...1e-4, using: &random)
            let altitude = 100 + Double(index % 5000) / 100
            text += (index > 0 ? "," : "") + String(format: "[%.9f,%.9f,%.2f]", lon, lat, altitude)
            if index % 8 == 7 { text += "\n" }
        }
        text += "\n]}}]}\n"
        return Array(text.utf8)
    }
}
