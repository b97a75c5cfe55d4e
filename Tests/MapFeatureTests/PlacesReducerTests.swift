import GeoCore
import MapFeature
import Places
import Render
import TestSupport
import Testing

/// The places half of the reducer: settle, fetch, cache, stale results, failure, selection.
/// Places are 0.002° apart or more, far enough at z14 to be markers of their own.
@Suite struct PlacesReducerTests {
    static let sanFrancisco = LatLon(lat: 37.7793, lon: -122.4193)
    let start = MapState(camera: Camera(center: sanFrancisco, zoom: 14), screen: Viewport(cols: 100, rows: 31))

    func restroom(_ n: Int, dLat: Double, dLon: Double) -> Place {
        Place(
            id: "rr:\(n)", kind: .restroom, name: "Restroom \(n)",
            coordinate: LatLon(lat: Self.sanFrancisco.lat + dLat, lon: Self.sanFrancisco.lon + dLon))
    }

    /// The state after the first fetch of the start view answered with `places`.
    func loaded(_ places: [Place]) throws -> MapState {
        var state = start
        let request = try #require(fetched(MapReducer.reduce(&state, .appeared)))
        _ = MapReducer.reduce(&state, .markersLoaded(request, MarkerAnswers.batch(places, for: request)))
        return state
    }

    /// The selected cluster.
    func selectedCluster(_ selection: Selection?) -> ClusterSelection? {
        if case .cluster(let cluster) = selection { cluster } else { nil }
    }

    /// The ids of the single places among the markers shown.
    func shown(_ state: MapState) -> [String] { state.places.markers.compactMap(\.place?.id).sorted() }

    @Test func appearingFetchesTheViewAtOnce() {
        var expected = start
        expected.places.generation = 1
        let request = MarkerRequest.view(of: expected)
        var store = TestStore(start)
        store.send(
            .appeared, effectsAfter: { [.fetchMarkers(request), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)] }
        ) {
            $0.places.generation = 1
            $0.places.pending = request
        }
        #expect(
            request.region.south < start.transform.bounds.south && request.region.north > start.transform.bounds.north)
        #expect(request.keys.allSatisfy { $0.z == 16 } && request.level == 14 && request.filter == .standard)
    }

    @Test func panSchedulesASettleThenFetches() throws {
        var store = TestStore(try loaded([]))
        let before = store.state
        store.send(
            .key(.right),
            effectsAfter: {
                [.settle(generation: 2, afterSeconds: 0.15), .loadTiles(.view(of: $0)), .tick(afterSeconds: 0.1)]
            }
        ) {
            $0.camera = before.camera.panned(dx: 50, dy: 0)  // a quarter of 100 columns, 2 dots each
            $0.places.generation = 2
            $0.places.awaitingSettle = true
        }
        store.send(.settled(generation: 1), effects: [])  // an older settle does nothing
        let request = MarkerRequest.view(of: store.state)
        store.send(.settled(generation: 2), effects: [.fetchMarkers(request)]) {
            $0.places.awaitingSettle = false
            $0.places.pending = request
        }
        #expect(request.generation == 2 && store.state.places.isLoading)
    }

    @Test func staleResultsAreDropped() throws {
        var state = start
        let first = try #require(fetched(MapReducer.reduce(&state, .appeared)))
        _ = MapReducer.reduce(&state, .key(.right))
        let second = try #require(fetched(MapReducer.reduce(&state, .settled(generation: 2))))
        _ = MapReducer.reduce(
            &state, .markersLoaded(first, MarkerAnswers.batch([restroom(1, dLat: 0, dLon: 0)], for: first)))
        #expect(state.places.markers.isEmpty && state.places.pending == second)
        _ = MapReducer.reduce(&state, .markersFailed(first, reason: "late failure"))
        #expect(state.alert == nil)
        _ = MapReducer.reduce(
            &state, .markersLoaded(second, MarkerAnswers.batch([restroom(2, dLat: 0, dLon: 0.01)], for: second)))
        #expect(shown(state) == ["rr:2"] && !state.places.isLoading)
    }

    @Test func panningBackIsACacheHit() throws {
        let place = restroom(1, dLat: 0, dLon: 0)
        var state = try loaded([place])
        _ = MapReducer.reduce(&state, .key(.right))
        let request = try #require(fetched(MapReducer.reduce(&state, .settled(generation: 2))))
        #expect(request.region.contains(place.coordinate))
        _ = MapReducer.reduce(&state, .markersLoaded(request, MarkerAnswers.batch([place], for: request)))
        _ = MapReducer.reduce(&state, .key(.left))
        let effects = MapReducer.reduce(&state, .settled(generation: 3))
        #expect(effects.isEmpty)
        #expect(shown(state) == ["rr:1"] && !state.places.isLoading)
    }

    @Test func refreshBypassesTheCache() throws {
        var store = TestStore(try loaded([restroom(1, dLat: 0, dLon: 0)]))
        var expected = store.state
        expected.places.generation = 2
        let request = MarkerRequest.view(of: expected)
        expected.places.pending = request
        store.send(.key(.character("r")), effects: [.fetchMarkers(request), .tick(afterSeconds: 0.1)]) { $0 = expected }
        var state = store.state
        #expect(shown(state) == ["rr:1"])
        _ = MapReducer.reduce(
            &state, .markersLoaded(request, MarkerAnswers.batch([restroom(3, dLat: 0.001, dLon: 0)], for: request)))
        #expect(shown(state) == ["rr:3"])
    }

    /// A source whose failures are quiet (a PostGIS database): the same wait and status line, no alert.
    @Test func aQuietSourcesFailureIsAStatusLineNotAnAlert() throws {
        var state = try loaded([restroom(1, dLat: 0, dLon: 0)])
        state.places.alertsOnFailure = false
        let request = try #require(fetched(MapReducer.reduce(&state, .key(.character("r")))))
        var store = TestStore(state)
        store.send(
            .markersFailed(request, reason: "Network error: server closed the connection"),
            effects: [.retryPlaces(attempt: 1, afterSeconds: 1)]
        ) {
            $0.places.pending = nil
            $0.places.backoff.failures = 1
            $0.places.backoff.waiting = true
            $0.places.backoff.reason = "Network error: server closed the connection"
        }
        #expect(shown(store.state) == ["rr:1"])
        #expect(
            StatusBarTests.line(cols: 200) {
                $0 = store.state; $0.screen = Viewport(cols: 200, rows: 20)
            }
            .contains("places unavailable (1 try): Network error: server closed the connection"))
    }

    /// New places from tiles just read: the cached markers are stale, and the view's are asked again while
    /// the old ones stay shown; a failing source is left to its retry.
    @Test func tilePlacesArrivingAskForTheViewAgain() throws {
        var state = try loaded([restroom(1, dLat: 0, dLon: 0)])
        let request = try #require(fetched(MapReducer.reduce(&state, .tilePlacesArrived)))
        #expect(request.generation == state.places.generation)
        #expect(state.places.pending == request)
        #expect(shown(state) == ["rr:1"])
        _ = MapReducer.reduce(
            &state, .markersLoaded(request, MarkerAnswers.batch([restroom(2, dLat: 0.001, dLon: 0)], for: request)))
        #expect(shown(state) == ["rr:2"])
        state.places.backoff.failures = 1
        #expect(MapReducer.reduce(&state, .tilePlacesArrived).isEmpty)
    }

    @Test func failureShowsTheAlertAndKeepsOldPlaces() throws {
        var state = try loaded([restroom(1, dLat: 0, dLon: 0)])
        let request = try #require(fetched(MapReducer.reduce(&state, .key(.character("r")))))
        var store = TestStore(state)
        store.send(
            .markersFailed(request, reason: "HTTP status 500"), effects: [.retryPlaces(attempt: 1, afterSeconds: 1)]
        ) {
            $0.places.pending = nil
            $0.places.backoff.failures = 1
            $0.places.backoff.waiting = true
            $0.places.backoff.reason = "HTTP status 500"
            $0.alert = Alert("Unable to retrieve locations at this time. Please try again.", detail: "HTTP status 500")
        }
        #expect(shown(store.state) == ["rr:1"] && !store.state.places.isLoading)
        store.send(.key(.enter), effects: []) { $0.alert = nil }
        _ = store.send(.key(.right)) {
            $0.camera = state.camera.panned(dx: 50, dy: 0)  // the map stays usable
            $0.places.generation += 1
            $0.places.awaitingSettle = true
        }
    }

    /// The request of the first `.fetchMarkers` among `effects`.
    func fetched(_ effects: [MapEffect]) -> MarkerRequest? {
        effects.lazy.compactMap { if case .fetchMarkers(let request) = $0 { request } else { nil } }.first
    }

    @Test func backoffDoublesUpToAMinuteAndOnlyTheFirstFailureIsAnAlert() throws {
        #expect((1...9).map { PlaceBackoff.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        var state = start
        var request = try #require(fetched(MapReducer.reduce(&state, .appeared)))
        for attempt in 1...8 {
            let effects = MapReducer.reduce(&state, .markersFailed(request, reason: "HTTP status 503"))
            #expect(
                effects == [.retryPlaces(attempt: attempt, afterSeconds: PlaceBackoff.delay(afterFailures: attempt))])
            #expect((state.alert != nil) == (attempt == 1), "attempt \(attempt)")
            #expect(state.places.backoff.failures == attempt && state.places.backoff.waiting)
            // Pans during the wait (the first closes the alert) ask nothing, even once settled.
            for _ in 0..<3 {
                _ = MapReducer.reduce(&state, .key(.down))
                #expect(fetched(MapReducer.reduce(&state, .settled(generation: state.places.generation))) == nil)
            }
            #expect(state.alert == nil)
            #expect(MapReducer.reduce(&state, .retryDue(attempt: attempt - 1)).isEmpty, "a stale timer")
            request = try #require(fetched(MapReducer.reduce(&state, .retryDue(attempt: attempt))))
            #expect(request.generation == state.places.generation, "the retry asks for where the view is now")
            // While the retry runs, a moving view does not replace it.
            _ = MapReducer.reduce(&state, .key(.left))
            #expect(fetched(MapReducer.reduce(&state, .settled(generation: state.places.generation))) == nil)
            #expect(state.places.pending == request)
        }
        state.screen = Viewport(cols: 160, rows: 31)
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 160, rows: 30), labels: []))
        #expect(grid.line(grid.rows - 1).contains("places unavailable (8 tries): HTTP status 503"))
    }

    @Test func aSuccessResetsTheBackoffAndFetchesWhereTheViewWent() throws {
        var state = start
        let first = try #require(fetched(MapReducer.reduce(&state, .appeared)))
        _ = MapReducer.reduce(&state, .markersFailed(first, reason: "timeout"))
        let retry = try #require(fetched(MapReducer.reduce(&state, .retryDue(attempt: 1))))
        for _ in 0..<4 { _ = MapReducer.reduce(&state, .key(.right)) }
        _ = MapReducer.reduce(&state, .settled(generation: state.places.generation))
        let effects = MapReducer.reduce(
            &state, .markersLoaded(retry, MarkerAnswers.batch([restroom(1, dLat: 0, dLon: 0)], for: retry)))
        let next = try #require(fetched(effects), "the view moved a whole screen: it is fetched now")
        #expect(next.generation == state.places.generation && state.places.backoff == PlaceBackoff())
        // The next failure is a new run: an alert again, a one-second wait.
        state.alert = nil
        #expect(
            MapReducer.reduce(&state, .markersFailed(next, reason: "timeout")) == [
                .retryPlaces(attempt: 1, afterSeconds: 1)
            ])
        #expect(state.alert != nil)
    }

    @Test func refreshAsksAtOnceDuringTheWait() throws {
        var state = start
        let first = try #require(fetched(MapReducer.reduce(&state, .appeared)))
        _ = MapReducer.reduce(&state, .markersFailed(first, reason: "timeout"))
        _ = MapReducer.reduce(&state, .key(.escape))
        let again = try #require(fetched(MapReducer.reduce(&state, .key(.character("r")))))
        _ = MapReducer.reduce(&state, .markersFailed(again, reason: "timeout"))
        #expect(state.places.backoff.failures == 2 && state.alert == nil)
        #expect(MapReducer.reduce(&state, .retryDue(attempt: 1)).isEmpty, "the first wait's timer is stale")
    }

    @Test func tabCyclesNearestFirstAndEnterOpensTheDetail() throws {
        let near = restroom(1, dLat: 0.002, dLon: 0)
        let far = restroom(2, dLat: 0, dLon: 0.006)
        let offScreen = restroom(3, dLat: 1, dLon: 1)
        var store = TestStore(try loaded([far, offScreen, near]))
        for (key, place) in [(Key.tab, near), (.tab, far), (.tab, near), (.backTab, far)] {
            store.send(.key(key), effects: []) { $0.selection = .place(place) }
        }
        // The pane (right, 44 columns) opens over the far one: the map shifts to keep it beside the pane.
        let before = store.state.camera
        var shifted = store.state
        _ = MapReducer.reduce(&shifted, .key(.enter))
        let opened = store.send(.key(.enter)) { $0 = shifted }
        #expect(opened.first == .loadDetails(far) && store.state.detailOpen)
        #expect(store.state.camera.center.lon > before.center.lon && store.state.camera.zoom == before.zoom)
        store.send(.key(.escape), effects: []) { $0.detailOpen = false }
        store.send(.key(.escape), effects: []) { $0.selection = nil }
        // Esc never quits: with nothing open it says how to.
        store.send(.key(.escape), effects: []) { $0.notice = "q quits" }
        store.send(.key(.character("q")), effects: [.quit]) { $0.notice = nil }
    }

    @Test func tabWithThePaneOpenLoadsTheNextPlacesDetails() throws {
        let (first, second) = (restroom(1, dLat: 0.002, dLon: 0), restroom(2, dLat: 0, dLon: 0.006))
        var store = TestStore(try loaded([first, second]))
        store.send(.key(.tab), effects: []) { $0.selection = .place(first) }
        store.send(.key(.enter), effects: [.loadDetails(first)]) { $0.detailOpen = true }
        var shifted = store.state
        _ = MapReducer.reduce(&shifted, .key(.tab))
        let next = store.send(.key(.tab)) { $0 = shifted }
        #expect(next.first == .loadDetails(second) && store.state.selection == .place(second))
        // q closes the pane first; only then does it quit.
        store.send(.key(.character("q")), effects: []) { $0.detailOpen = false }
    }

    @Test func tabWithNothingOnScreenSaysSo() throws {
        var store = TestStore(try loaded([]))
        store.send(.key(.tab), effects: []) { $0.notice = "nothing to select here: zoom out or pan" }
        let camera = store.state.camera
        _ = store.send(.key(.right)) {
            $0.notice = nil
            $0.camera = camera.panned(dx: 50, dy: 0)
            $0.places.generation += 1
            $0.places.awaitingSettle = true
        }
    }

    @Test func enterOnAClusterZoomsToWhereItSplits() throws {
        // Twenty restrooms within 30 m: one cluster at z14, apart by z18.
        let places = (0..<20).map { restroom($0, dLat: Double($0) * 0.00002, dLon: 0) }
        var state = try loaded(places)
        _ = MapReducer.reduce(&state, .key(.tab))
        let cluster = try #require(
            selectedCluster(state.selection), "not a cluster: \(String(describing: state.selection))")
        #expect(cluster.marker.count == 20 && cluster.marker.expansionZoom > 14)
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.camera.zoom == Double(cluster.marker.expansionZoom))
        #expect(Geodesy.distance(state.camera.center, cluster.marker.coordinate) < 0.001)
        #expect(state.selection == nil && !state.detailOpen)
    }

    @Test func aSelectedClustersPaneAsksForItsLeaders() throws {
        let places = (0..<20).map { restroom($0, dLat: Double($0) * 0.00002, dLon: 0) }
        var state = try loaded(places)
        _ = MapReducer.reduce(&state, .key(.tab))
        let cluster = try #require(selectedCluster(state.selection))
        var store = TestStore(state)
        store.send(.openPane, effects: [.loadLeaders(LeadersRequest(marker: cluster.marker, filter: .standard))]) {
            $0.detailOpen = true
        }
        var withLeaders = cluster
        withLeaders.leaders = Array(places.prefix(5))
        store.send(.leadersLoaded(key: cluster.marker.key, Array(places.prefix(5))), effects: []) {
            $0.selection = .cluster(withLeaders)
        }
        store.send(.leadersLoaded(key: "another marker", Array(places.suffix(5))), effects: [])
    }

    @Test func clickSelectsThePlaceUnderThePointer() throws {
        let place = restroom(1, dLat: 0.002, dLon: 0.003)
        var state = try loaded([place])
        #expect(shown(state) == ["rr:1"])
        let (x, y) = state.transform.dots(place.coordinate)
        let col = Int(x / 2), row = Int(y / 4)
        _ = MapReducer.reduce(&state, .mouse(MouseEvent(col: col, row: row, kind: .press)))
        _ = MapReducer.reduce(&state, .mouse(MouseEvent(col: col, row: row, kind: .release)))
        #expect(state.selection?.place?.id == "rr:1")
        _ = MapReducer.reduce(&state, .mouse(MouseEvent(col: 0, row: 0, kind: .click)))
        #expect(state.selection == nil)
    }

    @Test func spinnerTurnsOnlyWhileLoading() {
        var store = TestStore(start)
        store.send(.tick, effects: [])
        store.set { _ = MapReducer.reduce(&$0, .appeared) }
        store.send(.tick, effects: [.tick(afterSeconds: 0.1)]) { $0.places.spinnerPhase = 1 }
    }
}
