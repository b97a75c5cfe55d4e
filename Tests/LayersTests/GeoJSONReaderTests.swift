import GeoCore
import Layers
import XCTest

final class GeoJSONReaderTests: XCTestCase {
    private func read(_ text: String, format: LayerFormat = .geoJSON) throws -> LayerData {
        try LayerReader.read(bytes: Array(text.utf8), name: "test.geojson", format: format)
    }

    func testEveryGeometryTypeOfAFeatureCollection() throws {
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
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.features.count, 8)
        XCTAssertEqual(data.features[0].id, "7")
        XCTAssertEqual(data.features[0].name, "a")
        XCTAssertEqual(data.features[0].geometries, [.point(LatLon(lat: 47.3, lon: 8.5))])
        XCTAssertEqual(
            data.features[0].properties,
            [
                LayerProperty(key: "n", value: "1.50"), LayerProperty(key: "ok", value: "true"),
                LayerProperty(key: "tags", value: "{\"x\":[1,\"y\"]}"),
            ])
        XCTAssertEqual(data.features[1].geometries.count, 2)
        XCTAssertEqual(data.features[3].geometries.count, 2)
        guard case .polygon(let rings) = data.features[4].geometries.first else { return XCTFail("no polygon") }
        XCTAssertEqual(rings.count, 2)
        XCTAssertEqual(rings[1].count, 4)
        guard case .polygon(let closed) = data.features[5].geometries.last else { return XCTFail("no polygon") }
        XCTAssertEqual(closed[0].first, closed[0].last, "an open ring is closed")
        XCTAssertEqual(data.features[6].geometries.count, 2)
        XCTAssertEqual(data.features[7].geometries, [])
        XCTAssertEqual(data.features[7].name, "nothing")
    }
}
