import GeoCore
import Layers
import XCTest

final class LayerStreamLineTests: XCTestCase {
    private func feature(_ line: String) -> LayerFeature? {
        try? LayerStreamLine.parse(line, lineNumber: 1)?.get()
    }

    func testLatLonAndALabel() {
        XCTAssertEqual(feature("47.5,8.25"), LayerFeature(geometries: [.point(LatLon(lat: 47.5, lon: 8.25))]))
        XCTAssertEqual(feature(" 47.5 , 8.25 , truck 7, blue \r")?.name, "truck 7, blue")
        XCTAssertEqual(feature("1,2,\"quoted\"")?.name, "quoted")
        XCTAssertEqual(feature("1,190")?.geometries, [.point(LatLon(lat: 1, lon: -170))])
    }

    func testGeoJSONFeaturesGeometriesAndRecordSeparators() {
        let tracked = feature(
            "\u{1E}{\"type\":\"Feature\",\"id\":\"t1\",\"properties\":{\"name\":\"T\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[8,47]}}"
        )
        XCTAssertEqual(tracked, LayerFeature(id: "t1", name: "T", geometries: [.point(LatLon(lat: 47, lon: 8))]))
        XCTAssertEqual(
            feature("{\"type\":\"LineString\",\"coordinates\":[[0,0],[1,1]]}")?.geometries,
            [.line([LatLon(lat: 0, lon: 0), LatLon(lat: 1, lon: 1)])])
        XCTAssertEqual(
            try? LayerStreamLine.parse(Array("{\"type\":\"Point\",\"coordinates\":[1,2]}".utf8), lineNumber: 3)?.get(),
            LayerFeature(geometries: [.point(LatLon(lat: 2, lon: 1))]))
    }

    func testBlankLinesAreNil() {
        XCTAssertNil(LayerStreamLine.parse("", lineNumber: 1))
        XCTAssertNil(LayerStreamLine.parse(" \r", lineNumber: 1))
        XCTAssertNil(LayerStreamLine.parse("\u{1E}", lineNumber: 1))
    }

    func testBadLinesAreProblemsNamingTheLine() {
        for (line, message) in [
            ("hello", "expected lat,lon[,label] or a GeoJSON feature"), ("1,x", "with numbers in degrees"),
            ("91,0", "latitude 91.0 is out of range"), ("nan,0", "not a finite number"),
            ("{\"type\":\"Point\"", "the line ends inside an object"),
            ("{\"type\":\"FeatureCollection\",\"features\":[]}", "one feature a line"),
            ("{\"type\":\"Point\",\"coordinates\":[1,2]} x", "more text"),
            (String(repeating: "[", count: 5000), "expected lat,lon"),
            ("{" + String(repeating: "\"a\":[{", count: 5000), "nesting deeper"),
        ] {
            guard case .failure(let problem)? = LayerStreamLine.parse(line, lineNumber: 9) else {
                XCTFail("\(line.prefix(40)) should be a problem")
                continue
            }
            XCTAssertEqual(problem.line, 9)
            XCTAssertTrue(problem.message.contains(message), "\(problem.message) should say \(message)")
        }
    }

    func testALineOverTheCapIsRefusedWithoutParsing() {
        let long = [UInt8](repeating: UInt8(ascii: "1"), count: LayerStreamLine.maximumLength + 1)
        guard case .failure(let problem)? = LayerStreamLine.parse(long, lineNumber: 4) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(problem, LayerStreamLine.overlongProblem(lineNumber: 4))
        XCTAssertEqual(problem.description, "line 4: the line is longer than 1 MiB; it is skipped")
    }
}
