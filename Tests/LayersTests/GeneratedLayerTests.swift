import GeoCore
import Layers
import TestSupport
import Testing

/// Seeded random layers written as text and read back: every geometry type, lines and polygons that
/// wander over the antimeridian (written wrapped into -180...180, read back continuous), GPX files of
/// several tracks and segments.
@Suite struct GeneratedLayerTests {
    /// A walk of `count` positions from a random start with steps of up to 3°, not wrapped.
    private func walk(_ count: Int, _ generator: inout SeededGenerator) -> [LatLon] {
        var lat = Double.random(in: -60...60, using: &generator)
        var lon = Double.random(in: -180..<180, using: &generator)
        var positions: [LatLon] = []
        for _ in 0..<count {
            positions.append(LatLon(lat: lat, lon: lon))
            lat = min(89, max(-89, lat + Double.random(in: -3...3, using: &generator)))
            lon += Double.random(in: -3...3, using: &generator)
        }
        return positions
    }

    private func json(_ positions: [LatLon]) -> String {
        "[" + positions.map { "[\(LatLon.wrapLongitude($0.lon)),\($0.lat)]" }.joined(separator: ",") + "]"
    }

    private func assertClose(
        _ actual: [LatLon], _ expected: [LatLon], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(a.lat == e.lat, sourceLocation: sourceLocation)
            #expect(abs(a.lon - e.lon) <= 1e-9, sourceLocation: sourceLocation)
        }
    }

    @Test func seededGeoJSONOfEveryTypeReadsBack() throws {
        var generator = SeededGenerator(seed: 2026)
        var texts: [String] = []
        var expected: [[LayerGeometry]] = []
        for index in 0..<300 {
            let kind = index % 6
            switch kind {
            case 0:
                let point = walk(1, &generator)
                texts.append("{\"type\":\"Point\",\"coordinates\":\(json(point).dropFirst().dropLast())}")
                expected.append([.point(point[0])])
            case 1:
                let points = walk(3, &generator)
                texts.append("{\"type\":\"MultiPoint\",\"coordinates\":\(json(points))}")
                expected.append(points.map { .point(LatLon(lat: $0.lat, lon: LatLon.wrapLongitude($0.lon))) })
            case 2:
                let line = walk(Int.random(in: 2...80, using: &generator), &generator)
                texts.append("{\"type\":\"LineString\",\"coordinates\":\(json(line))}")
                expected.append([.line(line)])
            case 3:
                let lines = [walk(5, &generator), walk(40, &generator)]
                texts.append(
                    "{\"type\":\"MultiLineString\",\"coordinates\":[\(lines.map(json).joined(separator: ","))]}")
                expected.append(lines.map { .line($0) })
            case 4:
                var ring = walk(12, &generator)
                ring.append(ring[0])
                texts.append("{\"type\":\"Polygon\",\"coordinates\":[\(json(ring))]}")
                expected.append([.polygon([ring])])
            default:
                let point = walk(1, &generator)
                let line = walk(4, &generator)
                texts.append(
                    "{\"type\":\"GeometryCollection\",\"geometries\":[{\"type\":\"Point\",\"coordinates\":\(json(point).dropFirst().dropLast())},{\"type\":\"LineString\",\"coordinates\":\(json(line))}]}"
                )
                expected.append([.point(point[0]), .line(line)])
            }
        }
        let features = texts.enumerated().map { index, geometry in
            "{\"type\":\"Feature\",\"id\":\(index),\"properties\":{\"i\":\(index)},\"geometry\":\(geometry)}"
        }
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}"
        let data = try LayerReader.read(bytes: Array(text.utf8), name: "g.geojson", format: .geoJSON)
        #expect(data.problems == [])
        #expect(data.features.count == expected.count)
        for (feature, geometries) in zip(data.features, expected) {
            #expect(feature.geometries.count == geometries.count)
            #expect(feature.properties == [LayerProperty(key: "i", value: feature.id ?? "")])
            for (actual, wanted) in zip(feature.geometries, geometries) {
                assertClose(actual.positions, wanted.positions)
            }
        }
        let sequence = features.map { "\u{1E}" + $0 + "\n" }.joined()
        let records = try LayerReader.read(bytes: Array(sequence.utf8), name: "g.geojsons", format: .geoJSONSequence)
        #expect(records.features == data.features)
    }

    @Test func seededGPXOfSeveralTracksAndSegmentsReadsBack() throws {
        var generator = SeededGenerator(seed: 7)
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        var expected: [[[LatLon]]] = []
        for track in 0..<5 {
            text += "<trk><name>track \(track)</name>\n"
            var segments: [[LatLon]] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let points = walk(Int.random(in: 2...200, using: &generator), &generator)
                text += "<trkseg>\n"
                for point in points {
                    text +=
                        "<trkpt lat=\"\(point.lat)\" lon=\"\(LatLon.wrapLongitude(point.lon))\"><ele>1</ele></trkpt>\n"
                }
                text += "</trkseg>\n"
                segments.append(points)
            }
            text += "</trk>\n"
            expected.append(segments)
        }
        let data = try LayerReader.read(bytes: Array((text + "</gpx>\n").utf8), name: "g.gpx", format: .gpx)
        #expect(data.problems == [])
        #expect(data.features.map(\.name) == (0..<5).map { "track \($0)" })
        for (feature, segments) in zip(data.features, expected) {
            #expect(feature.geometries.count == segments.count)
            for (geometry, segment) in zip(feature.geometries, segments) { assertClose(geometry.positions, segment) }
        }
    }
}
