import GeoCore
import Layers
import XCTest

final class CSVLayerReaderTests: XCTestCase {
    private func read(_ text: String, options: LayerReadOptions = .init()) throws -> LayerData {
        try LayerReader.read(bytes: Array(text.utf8), name: "test.csv", format: .csv, options: options)
    }

    func testColumnsByTheirUsualNamesAndQuotedFields() throws {
        let data = try read(
            "\u{FEFF}Name,Latitude,Lng,note\r\n\"Caf\u{E9}, \"\"the\"\" one\",47.5,8.25,\"two\nlines\"\r\n\r\nb,1,2,\n")
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.features.count, 2)
        XCTAssertEqual(data.features[0].name, "Caf\u{E9}, \"the\" one")
        XCTAssertEqual(data.features[0].geometries, [.point(LatLon(lat: 47.5, lon: 8.25))])
        XCTAssertEqual(data.features[0].properties, [LayerProperty(key: "note", value: "two\nlines")])
        XCTAssertEqual(data.features[1].properties, [])
    }
}
