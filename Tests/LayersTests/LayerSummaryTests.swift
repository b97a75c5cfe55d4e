import GeoCore
import Layers
import XCTest

final class LayerSummaryTests: XCTestCase {
    func testCountsByTypeNamesAndProperties() {
        let data = LayerData(features: [
            LayerFeature(
                name: "a", geometries: [.point(LatLon(lat: 1, lon: 2))],
                properties: [LayerProperty(key: "k", value: "1")]),
            LayerFeature(geometries: [.point(LatLon(lat: 3, lon: 4)), .point(LatLon(lat: 5, lon: 6))]),
            LayerFeature(
                geometries: [.line([LatLon(lat: 0, lon: 170), LatLon(lat: 0, lon: 190)])],
                properties: [
                    LayerProperty(key: "z", value: ""), LayerProperty(key: "k", value: "2"),
                ]),
            LayerFeature(geometries: [
                .polygon([
                    [LatLon(lat: 0, lon: 0), LatLon(lat: 1, lon: 0), LatLon(lat: 0, lon: 1), LatLon(lat: 0, lon: 0)]
                ])
            ]),
            LayerFeature(geometries: [
                .point(LatLon(lat: 0, lon: 0)), .line([LatLon(lat: 0, lon: 0), LatLon(lat: 1, lon: 1)]),
            ]),
            LayerFeature(name: "b", geometries: []),
        ])
        let summary = LayerSummary(data)
        XCTAssertEqual(
            [summary.points, summary.lines, summary.polygons, summary.mixed, summary.empty], [2, 1, 1, 1, 1])
        XCTAssertEqual(summary.named, 2)
        XCTAssertEqual(summary.properties.map(\.key), ["k", "z"])
        XCTAssertEqual(summary.properties.map(\.count), [2, 1])
        XCTAssertEqual(summary.bounds, GeoBounds(south: 0, west: 0, north: 5, east: -170))
    }
}
