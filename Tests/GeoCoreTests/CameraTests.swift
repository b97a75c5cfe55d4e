import Foundation
import GeoCore
import TestSupport
import Testing

@Suite struct CameraTests {
    @Test func panningEastPastTheAntimeridianKeepsGoing() {
        var camera = Camera(center: LatLon(lat: 0, lon: 170), zoom: 3)
        let step = camera.worldDots / 36  // 10 degrees
        for _ in 0..<3 { camera = camera.panned(dx: step, dy: 0) }
        #expect(abs(camera.center.lon - (-160)) < 1e-6)
    }

    @Test func zoomIsClamped() {
        #expect(Camera(center: LatLon(lat: 0, lon: 0), zoom: 40).zoom == 18)
        #expect(Camera(center: LatLon(lat: 0, lon: 0), zoom: -3).zoom == 0)
        #expect(Camera(center: LatLon(lat: 89, lon: 0), zoom: 2).center.lat == Mercator.maxLatitude)
    }

    @Test func zoomAtAnchorKeepsThePointUnderThePointer() {
        let camera = Camera(center: LatLon(lat: 40, lon: -74), zoom: 5)
        let viewport = Viewport(cols: 80, rows: 24)
        let before = ViewTransform(camera: camera, viewport: viewport).latLon(dotX: 30, dotY: 20)
        let zoomed = camera.zoomed(by: 1, anchorDX: 30 - 80, anchorDY: 20 - 48)
        let after = ViewTransform(camera: zoomed, viewport: viewport).latLon(dotX: 30, dotY: 20)
        #expect(abs(before.lat - after.lat) < 1e-9 && abs(before.lon - after.lon) < 1e-9)
    }

    @Test func worldFillsWidthAtComputedZoom() {
        let zoom = Camera.zoomToFill(dotsWide: 320)
        #expect(abs(Camera(center: LatLon(lat: 0, lon: 0), zoom: zoom).worldDots - 320) < 1e-9)
    }

    @Test func viewportCountsBrailleDots() {
        let viewport = Viewport(cols: 160, rows: 48)
        #expect(viewport.dotsWide == 320 && viewport.dotsHigh == 192)
    }
}
