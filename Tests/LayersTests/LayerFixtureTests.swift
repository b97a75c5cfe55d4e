import Foundation
import GeoCore
import Layers
import Storage
import XCTest

/// The small hand-written files in `Fixtures`, read by path as `--layer` reads them.
final class LayerFixtureTests: XCTestCase {
    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    func testTheGeoJSONSample() throws {
        let data = try LayerReader.read(path: fixture("sample.geojson"))
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(
            data.features.map(\.name),
            [
                "Ferry Building", "Market Street", "Block with a courtyard", "Date line ferry", "Not here yet",
            ])
        XCTAssertEqual(data.features[0].id, "ferry")
        XCTAssertEqual(data.features[1].properties, [LayerProperty(key: "lanes", value: "4")])
        guard case .polygon(let rings) = data.features[2].geometries[0] else { return XCTFail("no polygon") }
        XCTAssertEqual(rings.map(\.count), [5, 4])
        XCTAssertEqual(data.features[3].geometries[0].positions.map(\.lon), [178.5, 180.2])
        let summary = LayerSummary(data)
        XCTAssertEqual([summary.points, summary.lines, summary.polygons, summary.empty], [1, 2, 1, 1])
        XCTAssertEqual(summary.bounds?.crossesAntimeridian, true)
    }

    func testTheCSVSample() throws {
        let data = try LayerReader.read(path: fixture("sample.csv"))
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.features.map(\.name), ["Ferry Building", "Coit Tower", "Twin Peaks"])
        XCTAssertEqual(
            data.features[0].properties,
            [
                LayerProperty(key: "kind", value: "landmark"),
                LayerProperty(key: "note", value: "the clock tower, by the bay"),
            ])
        XCTAssertEqual(data.features[2].properties.last, LayerProperty(key: "note", value: "say \"wow\""))
    }

    func testTheGPXSample() throws {
        let data = try LayerReader.read(path: fixture("sample.gpx"))
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.features.map(\.name), ["Coit Tower", "Up the hill", "Morning walk"])
        XCTAssertEqual(data.features[1].geometries[0].positions.count, 3)
        XCTAssertEqual(data.features[2].geometries.map(\.positions.count), [2, 3])
        XCTAssertEqual(data.features[2].properties, [LayerProperty(key: "type", value: "walking")])
    }
}
