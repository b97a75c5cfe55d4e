import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// Pins: the confirm prompts, the 10-pin limit, centres, fit, location and the way there.
@Suite struct PinsReducerTests {
    let start = MapState(
        camera: Camera(center: LatLon(lat: 37.3315, lon: -121.8911), zoom: 12), screen: Viewport(cols: 120, rows: 40))

    func send(_ keys: [Key], _ state: inout MapState) -> [MapEffect] {
        keys.flatMap { MapReducer.reduce(&state, .key($0)) }
    }

    @Test func dropAsksThenPinsAtTheCrosshairAndSaves() {
        var store = TestStore(start)
        store.send(.key(.character("p")), effects: []) { $0.focus = .prompt(.dropPin(start.camera.center)) }
        var state = store.state
        let effects = send([.enter], &state)
        #expect(state.focus == .map)
        #expect(state.pins.pins == [Pin(number: 1, coordinate: start.camera.center, id: "local-1")])
        #expect(effects == [.changePins(.add(start.camera.center, id: "local-1"))])
        #expect(state.pins.midpoint == nil && state.pins.meetingPoint == nil)
    }

    @Test func theSavedPinsReplaceTheShownOnesAndASaveFailureIsSaidOnce() {
        var state = start
        _ = send([.character("p"), .enter], &state)
        let saved = [
            Pin(number: 1, coordinate: start.camera.center, id: "A"),
            Pin(number: 2, coordinate: LatLon(lat: 1, lon: 2), id: "B"),
        ]
        state.selection = .pin(3)
        _ = MapReducer.reduce(&state, .pinsSaved(saved))
        #expect(state.pins.pins == saved && state.pins.midpoint != nil && state.selection == nil)
        _ = MapReducer.reduce(&state, .pinsSaveFailed(reason: "read-only file system"))
        #expect(state.alert?.title == "Your pins cannot be saved." && state.alert?.detail == "read-only file system")
        state.alert = nil
        _ = MapReducer.reduce(&state, .pinsSaveFailed(reason: "read-only file system"))
        #expect(state.alert == nil && state.notice == "pins not saved: read-only file system")
    }

    @Test func aBusyLockIsTriedAgainWithBackoffWhileTheStatusBarSaysSo() throws {
        var state = start
        let center = start.camera.center
        _ = send([.character("p"), .enter], &state)
        for delay in [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1] {
            #expect(MapReducer.reduce(&state, .pinsBusy) == [.retryPins(afterSeconds: delay)])
            #expect(MapReducer.reduce(&state, .pinsRetryDue) == [.changePins(.add(center, id: "local-1"))])
        }
        // The pin stays shown and the wait is said, whatever keys come meanwhile.
        _ = send([.right, .left], &state)
        #expect(state.pins.pins.map(\.coordinate) == [center])
        #expect(StatusBarTests.line(cols: 120) { $0 = state }.contains(PinsState.waitingNote))
        let saved = [
            Pin(number: 1, coordinate: LatLon(lat: 5, lon: 5), id: "theirs"),
            Pin(number: 2, coordinate: center, id: "A"),
        ]
        #expect(MapReducer.reduce(&state, .pinsSaved(saved)).isEmpty)
        #expect(state.pins.pins == saved && state.pins.unsaved.isEmpty && state.pins.busyCount == 0)
        #expect(!StatusBarTests.line(cols: 120) { $0 = state }.contains(PinsState.waitingNote))
        #expect(MapReducer.reduce(&state, .pinsRetryDue).isEmpty)
    }

    @Test func changesMadeWhileWaitingAreSavedInOrderAndStayShownOverReloads() {
        var state = start
        let first = start.camera.center
        let theirs = Pin(number: 1, coordinate: LatLon(lat: 5, lon: 5), id: "theirs")
        #expect(send([.character("p"), .enter], &state) == [.changePins(.add(first, id: "local-1"))])
        _ = MapReducer.reduce(&state, .pinsBusy)
        _ = send([.right], &state)
        let second = state.camera.center
        #expect(send([.character("p"), .enter], &state).isEmpty, "it waits its turn")
        // Another map saved a pin meanwhile: it is shown, with both unsaved pins on top.
        _ = MapReducer.reduce(&state, .pinsReloaded([theirs]))
        #expect(state.pins.pins.map(\.coordinate) == [theirs.coordinate, first, second])
        let next = MapReducer.reduce(&state, .pinsSaved([theirs, Pin(number: 2, coordinate: first, id: "A")]))
        #expect(next == [.changePins(.add(second, id: "local-2"))] && state.pins.busyCount == 0)
        #expect(state.pins.pins.map(\.coordinate) == [theirs.coordinate, first, second])
        // A failed save drops its change and says so; nothing is left to save.
        #expect(MapReducer.reduce(&state, .pinsSaveFailed(reason: "disk full")).isEmpty)
        #expect(state.pins.unsaved.isEmpty && state.alert?.detail == "disk full")
    }

    /// A pin removed while its own adding still waits for the lock is removed once that is saved: the
    /// change names the pin by the id it is saved with, chosen when it was dropped.
    @Test func aPinRemovedBeforeItWasSavedStaysRemoved() {
        var state = start
        state.pins.idSeed = "map7"
        let center = start.camera.center
        #expect(send([.character("p"), .enter], &state) == [.changePins(.add(center, id: "map7-1"))])
        _ = MapReducer.reduce(&state, .pinsBusy)
        state.selection = .pin(1)
        #expect(send([.character("x"), .character("y")], &state).isEmpty, "it waits its turn")
        #expect(state.pins.pins.isEmpty)
        let next = MapReducer.reduce(&state, .pinsSaved([Pin(number: 1, coordinate: center, id: "map7-1")]))
        #expect(next == [.changePins(.remove(id: "map7-1"))])
        #expect(state.pins.pins.isEmpty, "the saved pin is not shown while its removal waits")
        #expect(MapReducer.reduce(&state, .pinsSaved([])).isEmpty)
        #expect(state.pins.pins.isEmpty && state.pins.unsaved.isEmpty)
    }

    /// `q` with a pin change still waiting for the lock says so instead of losing it; a second `q`
    /// quits; once everything is saved, `q` quits at once again.
    @Test func quittingWithPinsUnsavedWarnsOnce() {
        var state = start
        _ = send([.character("p"), .enter], &state)
        _ = MapReducer.reduce(&state, .pinsBusy)
        #expect(send([.character("q")], &state).isEmpty)
        #expect(state.notice == PinsState.unsavedQuitNote)
        #expect(send([.character("q")], &state) == [.quit])
        var saved = start
        _ = send([.character("p"), .enter], &saved)
        _ = MapReducer.reduce(&saved, .pinsSaved([Pin(number: 1, coordinate: start.camera.center, id: "local-1")]))
        #expect(send([.character("q")], &saved) == [.quit])
    }

    @Test func escapeDropsNothingAndOtherKeysTypeTheName() {
        var store = TestStore(start)
        store.send(.key(.character("p")), effects: []) { $0.focus = .prompt(.dropPin(start.camera.center)) }
        store.send(.key(.right), effects: [])
        store.send(.key(.character("n")), effects: []) { $0.focus = .prompt(.dropPin(start.camera.center, name: "n")) }
        store.send(.key(.escape), effects: []) { $0.focus = .map }
    }

    @Test func theEleventhPinIsRefusedWithAMessage() {
        var state = start
        for _ in 0..<10 { _ = send([.right, .character("p"), .enter], &state) }
        #expect(state.pins.pins.map(\.number) == Array(1...10))
        state.alert = nil
        var store = TestStore(state)
        store.send(.key(.character("p")), effects: []) {
            $0.alert = Alert("You already have 10 pins.", detail: "Remove one first: select it with Tab and press x.")
        }
    }

    @Test func twoPinsMakeBothCentresAndFFitsThem() throws {
        var state = start
        _ = send([.character("p"), .enter], &state)
        let dropped = Camera(center: LatLon(lat: 37.8, lon: -122.4), zoom: 12)
        state.camera = dropped
        _ = send([.character("p"), .enter], &state)
        let mid = try #require(state.pins.midpoint)
        let meeting = try #require(state.pins.meetingPoint)
        #expect(abs(mid.lat - 37.566) < 0.01 && abs(meeting.lat - 37.566) < 0.3)
        // Dropping a pin leaves the camera where it is; f fits.
        #expect(state.camera == dropped)
        _ = send([.character("f")], &state)
        // Everything is in view with a margin of 2 cells.
        let transform = state.transform
        for point in state.pins.allPoints {
            let (x, y) = transform.dots(point)
            let (w, h) = (Double(state.mapViewport.dotsWide), Double(state.mapViewport.dotsHigh))
            #expect(x >= 4 - 1e-6 && x <= w - 4 + 1e-6 && y >= 8 - 1e-6 && y <= h - 8 + 1e-6)
        }
        #expect(state.camera.zoom > 8 && state.camera.zoom < 12)
    }

    @Test func removingAPinAsksFirstAndDropsTheCentresBelowTwo() {
        var state = start
        _ = send([.character("p"), .enter, .right, .right, .character("p"), .enter], &state)
        _ = MapReducer.reduce(&state, .pinsSaved([Pin(number: 1, coordinate: start.camera.center, id: "A")]))
        _ = MapReducer.reduce(
            &state,
            .pinsSaved(state.pins.pins.enumerated().map { Pin(number: $0 + 1, coordinate: $1.coordinate, id: "\($0)") })
        )
        state.selection = .pin(2)
        var store = TestStore(state)
        store.send(.key(.character("x")), effects: []) { $0.focus = .prompt(.removePin(2)) }
        state = store.state
        let removed = state.pins.pins[1].id
        let effects = send([.character("y")], &state)
        #expect(state.pins.pins.map(\.number) == [1] && state.selection == nil && state.focus == .map)
        #expect(state.pins.midpoint == nil && effects == [.changePins(.remove(id: removed))])
        store.set { $0 = state }
        store.send(.key(.delete), effects: []) {  // nothing selected: nothing to ask, and it says why
            $0.notice = "x removes a pin: select one first (Tab, or its number 1-9)"
        }
    }

    @Test func fitWorksAcrossTheAntimeridian() throws {
        let camera = try #require(
            CameraFit.camera(
                showing: [LatLon(lat: -17, lon: 179), LatLon(lat: -18, lon: -179)], in: Viewport(cols: 80, rows: 24)))
        #expect(abs(abs(camera.center.lon) - 180) < 0.5)
        #expect(camera.zoom > 5)
    }

    static let noLocation = Alert(
        "Your location is unknown.", detail: "Start mapterm with --location LAT,LON or set MAPTERM_LOCATION.")

    @Test func recenterNeedsALocation() {
        var store = TestStore(start)
        store.send(.key(.character("c")), effects: []) { $0.alert = Self.noLocation }
        store.set {
            $0.alert = nil
            $0.userLocation = LatLon(lat: 40, lon: -74)
        }
        store.send(
            .key(.character("c")),
            effectsAfter: {
                [.settle(generation: 1, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.camera = Camera(center: LatLon(lat: 40, lon: -74), zoom: 12)
            $0.places.generation = 1
            $0.places.awaitingSettle = true
        }
    }
}
