import GeoCore
import MapFeature
import Places
import Testing

/// Reducer tests: send actions, assert the exact new state and effects.
@Suite struct MapReducerTests {
    let start = MapState(
        camera: Camera(center: LatLon(lat: 10, lon: 20), zoom: 4), screen: Viewport(cols: 80, rows: 25))

    func sending(_ actions: [MapAction], to state: MapState) -> (MapState, [MapEffect]) {
        var state = state
        var effects: [MapEffect] = []
        for action in actions { effects += MapReducer.reduce(&state, action) }
        return (state, effects)
    }

    @Test func rightPansEastByAQuarterScreenOfWholeCells() {
        let (state, effects) = sending([.key(.right)], to: start)
        var expected = start
        expected.camera = start.camera.panned(dx: 40, dy: 0)  // 20 cells × 2 dots
        expected.places.generation = 1
        expected.places.awaitingSettle = true  // nothing cached there yet: "loading" until the fetch answers
        #expect(state == expected)
        #expect(effects == [.settle(generation: 1, afterSeconds: 0.15)])
        #expect(state.camera.center.lon > start.camera.center.lon)
    }

    @Test func vimKeysPanLikeArrows() {
        for (vim, arrow) in [("h", Key.left), ("l", .right), ("k", .up), ("j", .down)] {
            #expect(sending([.key(.character(Character(vim)))], to: start).0 == sending([.key(arrow)], to: start).0)
        }
        let up = sending([.key(.up)], to: start).0
        #expect(up.camera.center.lat > start.camera.center.lat)
    }

    @Test func zoomKeysStepWholeLevels() {
        #expect(sending([.key(.character("+"))], to: start).0.camera.zoom == 5)
        #expect(sending([.key(.character("="))], to: start).0.camera.zoom == 5)
        #expect(sending([.key(.character("a"))], to: start).0.camera.zoom == 5)
        #expect(sending([.key(.character("-"))], to: start).0.camera.zoom == 3)
        #expect(sending([.key(.character("z"))], to: start).0.camera.zoom == 3)
        var fractional = start
        fractional.camera = fractional.camera.zoomed(to: 3.5)
        #expect(sending([.key(.character("+"))], to: fractional).0.camera.zoom == 4)
        #expect(sending([.key(.character("-"))], to: fractional).0.camera.zoom == 3)
        var top = start
        top.camera = top.camera.zoomed(to: 18)
        #expect(sending([.key(.character("+"))], to: top).0.camera.zoom == 18)
    }

    @Test func zeroShowsTheWholeWorld() {
        let state = sending([.key(.character("0"))], to: start).0
        #expect(state.camera.zoom == Camera.zoomToFill(dotsWide: 160))
        #expect(state.camera.center == MapReducer.worldCenter)
    }

    @Test func qQuitsFromTheBareMapAndEscNever() {
        #expect(sending([.key(.character("q"))], to: start).1 == [.quit])
        let (afterEsc, effects) = sending([.key(.escape)], to: start)
        #expect(effects.isEmpty && afterEsc.notice == "q quits")
    }

    @Test func helpOpensAndAnyKeyClosesItWithoutActing() {
        let open = sending([.key(.character("?"))], to: start).0
        #expect(open.showHelp)
        let (closed, effects) = sending([.key(.right)], to: open)
        #expect(!closed.showHelp && closed.camera == start.camera && effects.isEmpty)
        #expect(sending([.key(.escape)], to: open).1.isEmpty)
        // q closes the help; it quits only from the bare map.
        let (afterQ, quitEffects) = sending([.key(.character("q"))], to: open)
        #expect(!afterQ.showHelp && quitEffects.isEmpty)
    }

    @Test func anyKeyClosesAnAlertAndMapKeysStillAct() {
        var alerting = start
        alerting.alert = Alert("Something failed", detail: "why")
        let (panned, _) = sending([.key(.right)], to: alerting)
        #expect(panned.alert == nil && panned.camera != alerting.camera)
        for key in [Key.enter, .escape, .character(" "), .character("q")] {
            let (closed, effects) = sending([.key(key)], to: alerting)
            #expect(closed.alert == nil && closed.camera == alerting.camera && effects.isEmpty, "\(key)")
        }
    }

    @Test func theFilterPanelTogglesKindsAndAmenities() {
        var (state, _) = sending([.key(.character("v"))], to: start)
        #expect(state.filterPanelOpen)
        var effects: [MapEffect]
        (state, effects) = sending([.key(.character("a")), .key(.character("w"))], to: state)
        #expect(
            state.places.filter == PlaceFilter(kinds: PlaceKind.all.subtracting([.airport]), amenities: .accessible))
        #expect(
            effects.contains { if case .fetchMarkers(let r) = $0 { r.filter == state.places.filter } else { false } })
        (state, _) = sending([.key(.escape)], to: state)
        #expect(!state.filterPanelOpen && state.places.filter.description == "accessible · no airports")
    }

    @Test func asciiToggles() {
        #expect(sending([.key(.character("b"))], to: start).0.ascii)
        #expect(!sending([.key(.character("b")), .key(.character("b"))], to: start).0.ascii)
    }

    @Test func resizeChangesTheMapArea() {
        let state = sending([.resize(cols: 60, rows: 20)], to: start).0
        #expect(state.screen == Viewport(cols: 60, rows: 20))
        #expect(state.mapViewport == Viewport(cols: 60, rows: 19))
    }

    @Test func mouseDragPansWithThePointer() {
        let actions: [MapAction] = [
            .mouse(MouseEvent(col: 40, row: 10, kind: .press)),
            .mouse(MouseEvent(col: 30, row: 12, kind: .drag)),
            .mouse(MouseEvent(col: 30, row: 12, kind: .release)),
        ]
        let state = sending(actions, to: start).0
        // Dragging left by 10 cells and down by 2 moves the view east by 20 dots and north by 8.
        #expect(state.camera == start.camera.panned(dx: 20, dy: -8))
        #expect(state.dragAnchor == nil)
    }

    @Test func wheelZoomsAtThePointer() {
        let state = sending([.mouse(MouseEvent(col: 10, row: 5, kind: .wheelUp))], to: start).0
        #expect(state.camera.zoom == 5)
        let before = start.transform.latLon(col: 10, row: 5)
        let after = state.transform.latLon(col: 10, row: 5)
        #expect(abs(before.lat - after.lat) < 1e-9 && abs(before.lon - after.lon) < 1e-9)
        #expect(sending([.mouse(MouseEvent(col: 10, row: 5, kind: .wheelDown))], to: start).0.camera.zoom == 3)
    }

    @Test func scaleBarPicksRoundDistances() throws {
        let bar = try #require(ScaleBar.fitting(metersPerCell: 3_000, maxCells: 12))
        #expect(bar.meters == 20_000 && bar.cells == 7)
        #expect(bar.metricText == "20 km" && bar.imperialText == "12 mi")
        let small = try #require(ScaleBar.fitting(metersPerCell: 4, maxCells: 12))
        #expect(small.metricText == "20 m" && small.imperialText == "66 ft")
    }
}
