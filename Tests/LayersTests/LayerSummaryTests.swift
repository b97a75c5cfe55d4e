import GeoCore
import Layers
import Testing

@Suite struct LayerSummaryTests {
    @Test func countsByTypeNamesAndProperties() {
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
        #expect([summary.points, summary.lines, summary.polygons, summary.mixed, summary.empty] == [2, 1, 1, 1, 1])
        #expect(summary.named == 2)
        #expect(summary.properties.map(\.key) == ["k", "z"])
        #expect(summary.properties.map(\.count) == [2, 1])
        #expect(summary.bounds == GeoBounds(south: 0, west: 0, north: 5, east: -170))
    }
}

extension LayerSummaryTests {
    private func bounds(_ geometries: [LayerGeometry]) -> GeoBounds? {
        LayerData(features: geometries.map { LayerFeature(geometries: [$0]) }).bounds
    }

    @Test func boundsAreTheNarrowestBoxRoundTheData() {
        #expect(
            bounds([.point(LatLon(lat: 1, lon: 179)), .point(LatLon(lat: -1, lon: -179))])
                == GeoBounds(south: -1, west: 179, north: 1, east: -179))
        #expect(
            bounds([
                .point(LatLon(lat: 37.7, lon: -122.4)),
                .line([LatLon(lat: -18, lon: 178.5), LatLon(lat: -16, lon: 180.25)]),
            ]) == GeoBounds(south: -18, west: 178.5, north: 37.7, east: -122.4))
        #expect(
            bounds([.point(LatLon(lat: 0, lon: -10)), .point(LatLon(lat: 0, lon: 10))])
                == GeoBounds(south: 0, west: -10, north: 0, east: 10))
        #expect(
            bounds([.line([LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 170)]), .point(LatLon(lat: 0, lon: -90))])
                == GeoBounds(south: 0, west: -90, north: 0, east: 170),
            "the line's inside is covered, not only its ends")
        #expect(
            bounds([
                .line([LatLon(lat: 0, lon: -170), LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 175)]),
                .point(LatLon(lat: 0, lon: -175)),
            ]) == GeoBounds(south: 0, west: -175, north: 0, east: 175))
        #expect(
            bounds([.line([LatLon(lat: 0, lon: -180), LatLon(lat: 0, lon: 0), LatLon(lat: 0, lon: 179.5)])])
                == GeoBounds(south: 0, west: -180, north: 0, east: 180), "no degree left out: the whole width")
        #expect(bounds([.point(LatLon(lat: 5, lon: 180))]) == GeoBounds(south: 5, west: 180, north: 5, east: 180))
    }
}
