import Foundation
import GeoCore
import Layers
import Storage
import Testing

/// The small hand-written files in `Fixtures`, read by path as `--layer` reads them.
@Suite struct LayerFixtureTests {
    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test func theGeoJSONSample() throws {
        let data = try LayerReader.read(path: fixture("sample.geojson"))
        #expect(data.problems == [])
        try #require(
            data.features.map(\.name) == [
                "Ferry Building", "Market Street", "Block with a courtyard", "Date line ferry", "Not here yet",
            ])
        #expect(data.features[0].id == "ferry")
        #expect(data.features[1].properties == [LayerProperty(key: "lanes", value: "4")])
        let rings = try #require(data.features[2].geometries.first?.polygonRings)
        #expect(rings.map(\.count) == [5, 4])
        #expect(data.features[3].geometries.first?.positions.map(\.lon) == [178.5, 180.2])
        let summary = LayerSummary(data)
        #expect([summary.points, summary.lines, summary.polygons, summary.empty] == [1, 2, 1, 1] as [Int])
        #expect(summary.bounds?.crossesAntimeridian == true)
    }

    @Test func theCSVSample() throws {
        let data = try LayerReader.read(path: fixture("sample.csv"))
        #expect(data.problems == [])
        try #require(data.features.map(\.name) == ["Ferry Building", "Coit Tower", "Twin Peaks"])
        #expect(
            data.features[0].properties == [
                LayerProperty(key: "kind", value: "landmark"),
                LayerProperty(key: "note", value: "the clock tower, by the bay"),
            ])
        #expect(data.features[2].properties.last == LayerProperty(key: "note", value: "say \"wow\""))
    }

    @Test func theGPXSample() throws {
        let data = try LayerReader.read(path: fixture("sample.gpx"))
        #expect(data.problems == [])
        try #require(data.features.map(\.name) == ["Coit Tower", "Up the hill", "Morning walk"])
        #expect(data.features[1].geometries.first?.positions.count == 3)
        #expect(data.features[2].geometries.map(\.positions.count) == [2, 3])
        #expect(data.features[2].properties == [LayerProperty(key: "type", value: "walking")])
    }
}
