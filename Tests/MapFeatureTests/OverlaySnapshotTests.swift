import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Routing
import TestSupport
import Testing

/// Frames with everything drawn over the map: place glyphs and a count, a selection with its pane
/// (right side when wide, bottom when narrow), pins with both centres, the user and the way there.
@Suite struct OverlaySnapshotTests {
    static let directory = FrameSnapshotTests.directory
    static let cityHall = LatLon(lat: 37.7793, lon: -122.4193)

    static let places: [Place] = [
        Place(
            id: "rr:1", kind: .restroom, name: "City Hall Restroom", coordinate: cityHall,
            details: .restroom(
                RestroomDetails(
                    street: "1 Dr Carlton B Goodlett Pl", city: "San Francisco", state: "CA", country: "US",
                    accessible: true, unisex: true, changingTable: true, directions: "Ground floor, north side",
                    comment:
                        "A long comment that has to wrap over several lines of the pane because it goes on and on.",
                    upvote: 5, downvote: 1))),
        Place(id: "rr:2", kind: .restroom, name: "Library", coordinate: LatLon(lat: 37.7790, lon: -122.4160)),
        Place(id: "rr:3", kind: .restroom, name: "Twin A", coordinate: LatLon(lat: 37.7810, lon: -122.4230)),
        Place(id: "rr:4", kind: .restroom, name: "Twin B", coordinate: LatLon(lat: 37.78101, lon: -122.42301)),
        Place(
            id: "ap:KSFO", kind: .airport, name: "San Francisco Intl", coordinate: LatLon(lat: 37.7786, lon: -122.4120)),
    ]

    func state(cols: Int, rows: Int) -> MapState {
        var state = MapState(camera: Camera(center: Self.cityHall, zoom: 15), screen: Viewport(cols: cols, rows: rows))
        state.places.markers = PlaceClusters(places: Self.places).markers(in: .world, zoom: 15, filter: .standard)
        state.userLocation = LatLon(lat: 37.7770, lon: -122.4205)
        state.pins = PinsState(pins: [
            Pin(number: 1, coordinate: LatLon(lat: 37.7800, lon: -122.4230)),
            Pin(number: 2, coordinate: LatLon(lat: 37.7775, lon: -122.4175)),
        ])
        _ = MapReducer.reduce(&state, .select(.place(Self.places[0])))
        _ = MapReducer.reduce(&state, .key(.character("g")))
        if let request = state.route?.request {
            _ = MapReducer.reduce(&state, .routeAnswered(request, .failure(.noServer("--offline"))))
        }
        state.camera = Camera(center: Self.cityHall, zoom: 15)
        return state
    }

    @Test(arguments: [(120, 40), (80, 24)])
    func overlays(size: (Int, Int)) throws {
        let grid = WorldMap.frame(state(cols: size.0, rows: size.1), renderer: try WorldMap.renderer())
        Snapshot.assert(grid, named: "overlays-sf-\(size.0)x\(size.1)", in: Self.directory)
        #expect(grid.text.contains("City Hall Restroom"))
        #expect(grid.text.contains("♿ accessible"))
        #expect(grid.text.contains("straight line") && grid.text.contains("No route by car: no route server"))
        #expect(grid.text.contains("2"))  // the two twins share a cell
    }

    @Test func asciiModeUsesPunctuationAndWords() throws {
        var state = state(cols: 120, rows: 40)
        state.ascii = true
        let text = WorldMap.frame(state, renderer: try WorldMap.renderer()).text
        #expect(text.contains("accessible") && !text.contains("♿"))
        for symbol in ["#", "=", "$", "@"] { #expect(text.contains(symbol), "\(symbol) missing") }
        #expect(!text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    }
}
