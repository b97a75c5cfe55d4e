import GeoCore
import Layers
import Testing

@Suite struct LayerStreamLineTests {
    /// The feature of `line`, nil for a blank line; a problem is thrown and fails the test.
    private func feature(_ line: String) throws -> LayerFeature? {
        try LayerStreamLine.parse(line, lineNumber: 1)?.get()
    }

    @Test func latLonAndALabel() throws {
        #expect(try feature("47.5,8.25") == LayerFeature(geometries: [.point(LatLon(lat: 47.5, lon: 8.25))]))
        #expect(try feature(" 47.5 , 8.25 , truck 7, blue \r")?.name == "truck 7, blue")
        #expect(try feature("1,2,\"quoted\"")?.name == "quoted")
        // The label is the id a tracker moves; a bare position has none.
        #expect(try feature("47.5,8.25,bus 42")?.id == "bus 42")
        #expect(try feature("47.5,8.25")?.id == nil)
        #expect(try feature("1,190")?.geometries == [.point(LatLon(lat: 1, lon: -170))])
    }

    @Test func geoJSONFeaturesGeometriesAndRecordSeparators() throws {
        let tracked = try feature(
            "\u{1E}{\"type\":\"Feature\",\"id\":\"t1\",\"properties\":{\"name\":\"T\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[8,47]}}"
        )
        #expect(tracked == LayerFeature(id: "t1", name: "T", geometries: [.point(LatLon(lat: 47, lon: 8))]))
        #expect(
            try feature("{\"type\":\"LineString\",\"coordinates\":[[0,0],[1,1]]}")?.geometries == [
                .line([LatLon(lat: 0, lon: 0), LatLon(lat: 1, lon: 1)])
            ])
        #expect(
            try LayerStreamLine.parse(Array("{\"type\":\"Point\",\"coordinates\":[1,2]}".utf8), lineNumber: 3)?.get()
                == LayerFeature(geometries: [.point(LatLon(lat: 2, lon: 1))]))
    }

    @Test func blankLinesAreNil() {
        #expect(LayerStreamLine.parse("", lineNumber: 1) == nil)
        #expect(LayerStreamLine.parse(" \r", lineNumber: 1) == nil)
        #expect(LayerStreamLine.parse("\u{1E}", lineNumber: 1) == nil)
    }

    @Test func badLinesAreProblemsNamingTheLine() throws {
        for (line, message) in [
            ("hello", "expected lat,lon[,label] or a GeoJSON feature"), ("1,x", "with numbers in degrees"),
            ("91,0", "latitude 91.0 is out of range"), ("nan,0", "not a finite number"),
            ("{\"type\":\"Point\"", "the line ends inside an object"),
            ("{\"type\":\"FeatureCollection\",\"features\":[]}", "one feature a line"),
            ("{\"type\":\"Point\",\"coordinates\":[1,2]} x", "more text"),
            (String(repeating: "[", count: 5000), "expected lat,lon"),
            ("{" + String(repeating: "\"a\":[{", count: 5000), "nesting deeper"),
        ] {
            let parsed = try #require(LayerStreamLine.parse(line, lineNumber: 9), "\(line.prefix(40))")
            let problem = try #require(throws: LayerProblem.self, "\(line.prefix(40)) should be a problem") {
                try parsed.get()
            }
            #expect(problem.line == 9)
            #expect(problem.message.contains(message), "\(problem.message) should say \(message)")
        }
    }

    @Test func aLineOverTheCapIsRefusedWithoutParsing() throws {
        let long = [UInt8](repeating: UInt8(ascii: "1"), count: LayerStreamLine.maximumLength + 1)
        let parsed = try #require(LayerStreamLine.parse(long, lineNumber: 4))
        let problem = try #require(throws: LayerProblem.self, "not refused") { try parsed.get() }
        #expect(problem == LayerStreamLine.overlongProblem(lineNumber: 4))
        #expect(problem.description == "line 4: the line is longer than 1 MiB; it is skipped")
    }
}
