import GeoCore
import Layers
import Testing

@Suite struct GeoJSONReaderTests {
    private func read(_ text: String, format: LayerFormat = .geoJSON) throws -> LayerData {
        try LayerReader.read(bytes: Array(text.utf8), name: "test.geojson", format: format)
    }

    @Test func everyGeometryTypeOfAFeatureCollection() throws {
        let data = try read(
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":7,"properties":{"name":"a","n":1.50,"ok":true,"tags":{"x":[1,"y"]}},
             "geometry":{"type":"Point","coordinates":[8.5,47.3,400]}},
            {"type":"Feature","properties":null,"geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[
              [[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[3,2],[3,3],[2,2]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[
              [[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6]]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[
              {"type":"Point","coordinates":[1,1]},{"type":"GeometryCollection","geometries":[
                {"type":"LineString","coordinates":[[0,0],[2,2]]}]}]}},
            {"type":"Feature","properties":{"name":"nothing"},"geometry":null}
            ]}
            """)
        #expect(data.problems == [])
        try #require(data.features.count == 8)
        #expect(data.features[0].id == "7")
        #expect(data.features[0].name == "a")
        #expect(data.features[0].geometries == [.point(LatLon(lat: 47.3, lon: 8.5))])
        #expect(
            data.features[0].properties == [
                LayerProperty(key: "n", value: "1.50"), LayerProperty(key: "ok", value: "true"),
                LayerProperty(key: "tags", value: "{\"x\":[1,\"y\"]}"),
            ])
        #expect(data.features[1].geometries.count == 2)
        #expect(data.features[3].geometries.count == 2)
        let rings = try #require(data.features[4].geometries.first?.polygonRings)
        try #require(rings.count == 2)
        #expect(rings[1].count == 4)
        let closed = try #require(data.features[5].geometries.last?.polygonRings)
        let ring = try #require(closed.first)
        #expect(ring.count == 4 && ring.first == ring.last, "an open ring is closed")
        #expect(data.features[6].geometries.count == 2)
        #expect(data.features[7].geometries == [])
        #expect(data.features[7].name == "nothing")
    }
}

// MARK: Roots, antimeridian, empty geometries

extension GeoJSONReaderTests {
    @Test func aBareGeometryAFeatureAndAnArrayAreLayersToo() throws {
        #expect(
            try read(#"{"type":"Point","coordinates":[1,2]}"#).features == [
                LayerFeature(geometries: [.point(LatLon(lat: 2, lon: 1))])
            ])
        #expect(
            try read(#"{"type":"Feature","id":"a","geometry":null,"properties":{"title":"T"}}"#).features == [
                LayerFeature(id: "a", name: "T", geometries: [])
            ])
        #expect(
            try read(#"[{"type":"Point","coordinates":[1,2]},{"type":"Point","coordinates":[3,4]}]"#).features.count
                == 2)
    }

    @Test func aLineOverTheAntimeridianGoesTheShortWay() throws {
        let data = try read(#"{"type":"LineString","coordinates":[[179,10],[-179,11],[-178,12]]}"#)
        #expect(
            data.features.first?.geometries == [
                .line([LatLon(lat: 10, lon: 179), LatLon(lat: 11, lon: 181), LatLon(lat: 12, lon: 182)])
            ])
        let written = try read(#"{"type":"LineString","coordinates":[[179,10],[181,11]]}"#)
        #expect(written.features.first?.geometries == [.line([LatLon(lat: 10, lon: 179), LatLon(lat: 11, lon: 181)])])
        let bounds = try #require(data.bounds)
        #expect(bounds.crossesAntimeridian)
        #expect(bounds.west == 179)
        #expect(bounds.east == -178)
    }

    @Test func aPolygonOverTheAntimeridianKeepsItsHoleBesideIt() throws {
        let data = try read(
            """
            {"type":"Polygon","coordinates":[[[170,-10],[-170,-10],[-170,10],[170,10],[170,-10]],
            [[-179,-1],[179,-1],[179,1],[-179,1],[-179,-1]]]}
            """)
        let rings = try #require(data.features.first?.geometries.first?.polygonRings)
        #expect(rings.map { $0.map(\.lon) } == [[170, 190, 190, 170, 170], [181, 179, 179, 181, 181]])
    }

    @Test func anEdgeAlongTheAntimeridianIsKeptAsWritten() throws {
        let data = try read(
            #"{"type":"Polygon","coordinates":[[[-180,-90],[180,-90],[180,-80],[-180,-80],[-180,-90]]]}"#)
        let rings = try #require(data.features.first?.geometries.first?.polygonRings)
        #expect(rings.map { $0.map(\.lon) } == [[-180, 180, 180, -180, -180]])
    }

    @Test func pointsAreWrappedAndLongitudesBeyond360Refused() throws {
        let data = try read(
            #"[{"type":"Point","coordinates":[190,0]},{"type":"Point","coordinates":[400,0]}]"#)
        #expect(data.features.first?.geometries == [.point(LatLon(lat: 0, lon: -170))])
        try #require(data.problems.count == 1)
        #expect(data.problems[0].message.contains("longitude 400.0 is out of range"), "\(data.problems)")
    }

    @Test func emptyGeometriesGiveFeaturesWithoutGeometries() throws {
        let data = try read(
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[]}},
            {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[]}},
            {"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[[]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[]}},
            {"type":"Feature","properties":{}}
            ]}
            """)
        #expect(data.problems == [])
        #expect(data.features.map(\.geometries) == Array(repeating: [], count: 6))
        #expect(data.bounds == nil)
    }
}

// MARK: Bad input

extension GeoJSONReaderTests {
    private func collection(_ features: [String]) -> String {
        "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}"
    }

    private var good: String {
        #"{"type":"Feature","properties":{"name":"ok"},"geometry":{"type":"Point","coordinates":[1,2]}}"#
    }

    @Test func aWrongTypedCoordinateRefusesThatFeatureAndNamesItsLine() throws {
        let data = try read(
            collection([
                good, #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":["8.5",47]}}"#, good,
            ]))
        #expect(data.features.count == 2)
        try #require(data.problems.count == 1)
        #expect(data.problems[0].line == 3)
        #expect(data.problems[0].feature == 1)
        #expect(data.problems[0].message.contains("a string where the longitude"), "\(data.problems[0].message)")
    }

    @Test func nanAndHugeLatitudesAreRefused() throws {
        let data = try read(
            collection([
                #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[NaN,1]}}"#,
                #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,1e308]}}"#,
                #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1,1],[2,Infinity]]}}"#,
                good,
            ]))
        #expect(data.features.count == 1)
        try #require(data.problems.map(\.line) == [2, 3, 4])
        #expect(data.problems[0].message.contains("not a finite number"), "\(data.problems[0].message)")
        #expect(data.problems[1].message.contains("latitude 1e+308 is out of range"), "\(data.problems[1].message)")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            let error = try #require(throws: LayerFileError.self) { try read(deep) }
            #expect("\(error)".contains("nesting deeper than 512 levels"), "\(error)")
        }
        let inside = try read(
            collection([good, #"{"type":"Feature","properties":{"x":"# + deep + #","s":"]]"}}"#, good]))
        #expect(inside.features.count == 2, "the feature after the deep one loads")
        #expect(inside.problems == [LayerProblem(line: 3, feature: 1, message: "nesting deeper than 512 levels")])
        let cut = try read(collection([good, #"{"type":"Feature","properties":{"x":"# + String(deep.prefix(9000))]))
        #expect(cut.features.count == 1)
        try #require(cut.problems.map(\.line) == [4], "the line where the file ends")
        #expect(cut.problems[0].message.hasPrefix("the file ends inside a value nested deeper"), "\(cut.problems)")
    }

    @Test func aTruncatedCollectionKeepsTheFeaturesBeforeTheCut() throws {
        let text = collection([good, good, good])
        let data = try read(String(text.dropLast(40)))
        #expect(data.features.count == 2)
        try #require(data.problems.count == 1)
        #expect(data.problems[0].description.hasPrefix("line 4: the file ends"), "\(data.problems)")
    }

    @Test func aFileThatIsNotGeoJSONThrowsWithItsLine() throws {
        for (text, reason) in [
            ("\u{89}PNG\r\n", "line 1: not GeoJSON: expected a value"), ("", "the file ends where a value"),
            ("{\"a\":1}", "not GeoJSON: the object has no \"type\""),
            ("\n\n{\"type\":\"Topology\"}", "line 3: not GeoJSON: unknown type"),
            ("42", "not GeoJSON: the file holds a number"), ("{\"type\":\"Feature\"", "not GeoJSON: the file ends"),
        ] {
            do {
                let error = try #require(throws: LayerFileError.self) { try read(text) }
                #expect("\(error)".hasPrefix("test.geojson: "), "\(error)")
                #expect("\(error)".contains(reason), "\(error) should say \(reason)")
            }
        }
    }

    @Test func invalidUTF8IsShownAsAReplacementAndSaid() throws {
        var bytes = Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        bytes += Array(#"{"type":"Feature","properties":{"name":"a"#.utf8) + [0xFF, 0xFE]
        bytes += Array(#"b"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#.utf8)
        let data = try LayerReader.read(bytes: bytes, name: "x", format: .geoJSON)
        #expect(data.features.first?.name == "a\u{FFFD}\u{FFFD}b")
        #expect(data.problems == [LayerProblem(line: 2, message: "invalid UTF-8, shown as \u{FFFD}")])
    }

    @Test func escapesAndABOMWithCRLF() throws {
        let data = try read(
            "\u{FEFF}{\"type\":\"Feature\",\r\n\"properties\":{\"name\":\"\\u001b[31mred\\ud83d\\ude00\\n\"},\r\n\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}\r\n"
        )
        #expect(data.features.first?.name == "\u{1B}[31mred😀\n", "stored raw; whoever draws it sanitises")
    }
}

// MARK: Sequences

extension GeoJSONReaderTests {
    @Test func aTextSequenceReadsEveryRecordAndNamesTheBadOnes() throws {
        let text =
            "\u{1E}{\"type\":\"Point\",\n\"coordinates\":[1,2]}\n\u{1E}{\"type\":\"Point\",\"coordinates\":[1,\n\u{1E}{\"type\":\"Point\",\"coordinates\":[3,4]}\n"
        let data = try read(text, format: .geoJSONSequence)
        #expect(data.features.count == 2)
        try #require(data.problems.count == 1)
        #expect(data.problems[0].line == 4)
    }

    @Test func newlineDelimitedFeaturesInAJSONFileAreASequence() throws {
        let data = try read(
            "{\"type\":\"Point\",\"coordinates\":[1,2]}\r\n{\"type\":\"Point\",\"coordinates\":[3,999]}\r\n\r\n{\"type\":\"Point\",\"coordinates\":[5,6]}"
        )
        #expect(data.features.count == 2)
        #expect(data.problems.map(\.line) == [2])
    }
}

extension GeoJSONReaderTests {
    @Test func aSequenceOfBadFeaturesIsStillASequenceButTextIsNot() throws {
        let bad = try read(
            "{\"type\":\"Point\",\"coordinates\":[1,99]}\n{\"type\":\"Point\"}\n", format: .geoJSONSequence)
        #expect(bad.features == [])
        #expect(bad.problems.map(\.line) == [1, 2])
        do {
            let error = try #require(throws: LayerFileError.self) {
                try read("lat,lon\n1,2\n", format: .geoJSONSequence)
            }
            #expect("\(error)".hasPrefix("test.geojson: line 1: not GeoJSON: expected a value"), "\(error)")
        }
    }
}
