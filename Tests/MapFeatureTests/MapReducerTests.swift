import GeoCore
import MapFeature
import Places
import TestSupport
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
        var store = TestStore(start)
        store.send(
            .key(.right),
            effectsAfter: {
                [.settle(generation: 1, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.camera = start.camera.panned(dx: 40, dy: 0)  // 20 cells × 2 dots
            $0.places.generation = 1
            $0.places.awaitingSettle = true  // nothing cached there yet: "loading" until the fetch answers
        }
        #expect(store.state.camera.center.lon > start.camera.center.lon)
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
        var store = TestStore(start)
        store.send(
            .key(.character("0")),
            effectsAfter: {
                [.settle(generation: 1, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.camera = Camera(center: MapReducer.worldCenter, zoom: Camera.zoomToFill(dotsWide: 160))
            $0.places.generation = 1
            $0.places.awaitingSettle = true
        }
    }

    @Test func qQuitsFromTheBareMapAndEscNever() {
        var store = TestStore(start)
        store.send(.key(.character("q")), effects: [.quit])
        store.send(.key(.escape), effects: []) { $0.notice = "q quits" }
    }

    @Test func helpOpensAndItsOwnKeysCloseItWithoutActing() {
        var store = TestStore(start)
        store.send(.key(.character("?")), effects: []) { $0.focus = .help(top: 0) }
        let open = store.state
        // A map key does nothing while the help is open (the help's footer says how to close it).
        store.send(.key(.right), effects: [])
        for key in [Key.escape, .enter, .character("q"), .character("?")] {
            // q closes the help; it quits only from the bare map.
            store.set { $0 = open }
            store.send(.key(key), effects: []) { $0.focus = .map }
        }
    }

    @Test func anyKeyClosesAnAlertAndMapKeysStillAct() {
        var alerting = start
        alerting.alert = Alert("Something failed", detail: "why")
        var store = TestStore(alerting)
        store.send(
            .key(.right),
            effectsAfter: {
                [.settle(generation: 1, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.alert = nil
            $0.camera = start.camera.panned(dx: 40, dy: 0)
            $0.places.generation = 1
            $0.places.awaitingSettle = true
        }
        for key in [Key.enter, .escape, .character(" "), .character("q")] {
            store.set { $0 = alerting }
            store.send(.key(key), effects: []) { $0.alert = nil }
        }
    }

    @Test func theFilterPanelTogglesKindsAndAmenities() {
        var store = TestStore(start)
        store.send(.key(.character("v")), effects: []) { $0.focus = .filters }
        for (key, filter) in [
            ("a", PlaceFilter(kinds: PlaceKind.all.subtracting([.airport]))),
            ("w", PlaceFilter(kinds: PlaceKind.all.subtracting([.airport]), amenities: .accessible)),
        ] {
            var expected = store.state
            expected.places.filter = filter
            expected.places.generation += 1
            let request = MarkerRequest.view(of: expected)
            expected.places.pending = request
            let spinner: [MapEffect] = store.state.places.isLoading ? [] : [.tick(afterSeconds: 0.1)]
            store.send(.key(.character(Character(key))), effects: [.fetchMarkers(request)] + spinner) { $0 = expected }
        }
        store.send(.key(.escape), effects: []) { $0.focus = .map }
        #expect(store.state.places.filter.description == "accessible · no airports")
    }

    @Test func asciiToggles() {
        var store = TestStore(start)
        store.send(.key(.character("b")), effects: []) { $0.ascii = true }
        store.send(.key(.character("b")), effects: []) { $0.ascii = false }
    }

    @Test func attributionSaysWhereTheMapDataComesFrom() {
        var store = TestStore(start)
        store.send(.key(.character("i")), effects: []) {
            $0.alert = Alert("Where this map comes from", lines: ["Map: nothing credited is drawn in this view."])
        }
        store.set {
            $0.alert = nil
            $0.tiles.attribution = "© OpenStreetMap · Monaco sample"
            $0.tiles.inView = ["© OpenStreetMap"]
        }
        store.send(.key(.character("i")), effects: []) {
            $0.alert = Alert("Where this map comes from", lines: ["Map: © OpenStreetMap"])
        }
    }

    @Test func resizeChangesTheMapArea() {
        var store = TestStore(start)
        store.send(
            .resize(cols: 60, rows: 20),
            effectsAfter: {
                [.settle(generation: 1, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.screen = Viewport(cols: 60, rows: 20)
            $0.places.generation = 1
            $0.places.awaitingSettle = true
        }
        #expect(store.state.mapViewport == Viewport(cols: 60, rows: 19))
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
