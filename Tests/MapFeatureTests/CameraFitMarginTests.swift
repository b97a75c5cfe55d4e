import GeoCore
import Layers
import Places
import Testing

@testable import MapFeature

/// `f` and the other fits: a margin of cells on every side, and no deeper than `CameraFit.maxZoom`.
@Suite struct CameraFitMarginTests {
    static func fitted(_ points: [LatLon], cols: Int = 80, rows: Int = 24) -> MapState {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 0, lon: 0), zoom: 2), screen: Viewport(cols: cols, rows: rows))
        state.pins = PinsState(pins: points.enumerated().map { Pin(number: $0.offset + 1, coordinate: $0.element) })
        _ = MapReducer.reduce(&state, .key(.character("f")))
        return state
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 12)])
    func pinsStayClearOfTheEdges(size: (Int, Int)) {
        let state = Self.fitted(
            [LatLon(lat: 37.77, lon: -122.42), LatLon(lat: 37.80, lon: -122.27), LatLon(lat: 37.39, lon: -122.08)],
            cols: size.0, rows: size.1)
        let view = state.mapViewport
        for (number, cell) in FixedMarks(state).pins {
            #expect(cell.col >= CameraFit.marginCells && cell.col < view.cols - CameraFit.marginCells, "pin \(number)")
            #expect(cell.row >= CameraFit.marginRows && cell.row < view.rows - CameraFit.marginRows, "pin \(number)")
            #expect(CameraFit.marginCells >= 4 && CameraFit.marginRows >= 2)
        }
    }

    @Test func twoPinsSevenMetresApartFitNoDeeperThanTheMaximum() {
        let state = Self.fitted([LatLon(lat: 37.77490, lon: -122.41940), LatLon(lat: 37.77490, lon: -122.41932)])
        #expect(state.camera.zoom == CameraFit.maxZoom)
        #expect(CameraFit.maxZoom <= 16)
    }

    @Test func fWithoutPinsSaysWhy() {
        let state = Self.fitted([])
        #expect(state.notice == "no pins to fit: p drops one at the crosshair")
    }
}

/// `--layer FILE` without `--center`: the first view shows the layers.
@Suite struct StartOnLayersTests {
    @Test func theFirstViewFitsTheShownLayers() throws {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 15),
            screen: Viewport(cols: 100, rows: 30))
        let walk = LayerFeature(geometries: [.line([LatLon(lat: 35.66, lon: 139.70), LatLon(lat: 35.70, lon: 139.78)])])
        state.layers.add(name: "tokyo.geojson", content: LayerContent(features: [walk], identity: 1))
        state.fitLayers()
        #expect(abs(state.camera.center.lat - 35.68) < 0.01 && abs(state.camera.center.lon - 139.74) < 0.01)
        #expect(state.camera.zoom > 10 && state.camera.zoom <= CameraFit.maxZoom)
    }
}
