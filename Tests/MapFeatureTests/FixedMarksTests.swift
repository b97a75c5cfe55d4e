import GeoCore
import Places
import Testing

@testable import MapFeature

/// The marks that are always drawn: a centre mark that falls on a pin moves aside, so every pin stays
/// visible; markers keep a free cell away from the marks.
@Suite struct FixedMarksTests {
    @Test func centreMarksMoveOffThePins() {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 10, lon: 10), zoom: 3), screen: Viewport(cols: 80, rows: 24))
        state.pins = PinsState(pins: [
            Pin(number: 1, coordinate: LatLon(lat: 10, lon: 10)),
            Pin(number: 2, coordinate: LatLon(lat: 10, lon: 10.01)),
        ])
        let marks = FixedMarks(state)
        let pinCells = marks.pins.map(\.cell)
        let mid = try! #require(marks.midpoint), meeting = try! #require(marks.meetingPoint)
        #expect(!pinCells.contains { $0 == mid } && !pinCells.contains { $0 == meeting } && mid != meeting)
        #expect(abs(mid.col - pinCells[0].col) <= 2 && mid.row == pinCells[0].row)
    }

    @Test func markersKeepAFreeCellAwayFromThePins() {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 10, lon: 10), zoom: 14), screen: Viewport(cols: 80, rows: 24))
        state.pins = PinsState(pins: [Pin(number: 1, coordinate: LatLon(lat: 10, lon: 10))])
        let place = Place(id: "rr:1", kind: .restroom, name: "Under the pin", coordinate: LatLon(lat: 10, lon: 10))
        state.places.markers = PlaceClusters(places: [place]).markers(in: .world, zoom: 14, filter: .standard)
        let pin = FixedMarks(state).pins[0].cell
        let drawn = state.drawnMarkers
        #expect(drawn.count == 1)
        #expect(abs(drawn[0].col - pin.col) >= 2 || abs(drawn[0].row - pin.row) >= 2, "moved aside, not hidden")
    }
}
