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
    func loaded(_ places: [Place]) -> MapState {
        var state = start
        let effects = MapReducer.reduce(&state, .appeared)
        guard case .fetchMarkers(let request) = effects.first else { return state }
        _ = MapReducer.reduce(&state, .markersLoaded(request, MarkerAnswers.batch(places, for: request)))
        return state
    }

    /// The ids of the single places among the markers shown.
    func shown(_ state: MapState) -> [String] { state.places.markers.compactMap(\.place?.id).sorted() }

    @Test func appearingFetchesTheViewAtOnce() throws {
        var state = start
        let effects = MapReducer.reduce(&state, .appeared)
        let request = try #require(effects.first.flatMap { if case .fetchMarkers(let r) = $0 { r } else { nil } })
        #expect(effects.count == 1)
        #expect(request.generation == 1 && state.places.pending == request)
        #expect(
            request.region.south < start.transform.bounds.south && request.region.north > start.transform.bounds.north)
        #expect(request.keys.allSatisfy { $0.z == 16 } && request.level == 14 && request.filter == .standard)
    }

    @Test func panSchedulesASettleThenFetches() throws {
        var state = loaded([])
        let effects = MapReducer.reduce(&state, .key(.right))
        #expect(effects == [.settle(generation: 2, afterSeconds: 0.15)])
        #expect(MapReducer.reduce(&state, .settled(generation: 1)).isEmpty)  // an older settle does nothing
        let fetch = MapReducer.reduce(&state, .settled(generation: 2))
        guard case .fetchMarkers(let request) = fetch.first else {
            Issue.record("no fetch after settle: \(fetch)")
            return
        }
        #expect(request.generation == 2 && state.places.isLoading)
    }

    @Test func staleResultsAreDropped() throws {
        var state = start
        guard case .fetchMarkers(let first) = MapReducer.reduce(&state, .appeared).first else { return }
        _ = MapReducer.reduce(&state, .key(.right))
        guard case .fetchMarkers(let second) = MapReducer.reduce(&state, .settled(generation: 2)).first else { return }
        _ = MapReducer.reduce(
            &state, .markersLoaded(first, MarkerAnswers.batch([restroom(1, dLat: 0, dLon: 0)], for: first)))
        #expect(state.places.markers.isEmpty && state.places.pending == second)
        _ = MapReducer.reduce(&state, .markersFailed(first, reason: "late failure"))
        #expect(state.alert == nil)
        _ = MapReducer.reduce(
            &state, .markersLoaded(second, MarkerAnswers.batch([restroom(2, dLat: 0, dLon: 0.01)], for: second)))
        #expect(shown(state) == ["rr:2"] && !state.places.isLoading)
    }

    @Test func panningBackIsACacheHit() {
        let place = restroom(1, dLat: 0, dLon: 0)
        var state = loaded([place])
        _ = MapReducer.reduce(&state, .key(.right))
        guard case .fetchMarkers(let request) = MapReducer.reduce(&state, .settled(generation: 2)).first else { return }
        #expect(request.region.contains(place.coordinate))
        _ = MapReducer.reduce(&state, .markersLoaded(request, MarkerAnswers.batch([place], for: request)))
        _ = MapReducer.reduce(&state, .key(.left))
        let effects = MapReducer.reduce(&state, .settled(generation: 3))
        #expect(effects.isEmpty)
        #expect(shown(state) == ["rr:1"] && !state.places.isLoading)
    }

    @Test func refreshBypassesTheCache() {
        var state = loaded([restroom(1, dLat: 0, dLon: 0)])
        let effects = MapReducer.reduce(&state, .key(.character("r")))
        guard case .fetchMarkers(let request) = effects.first else {
            Issue.record("r did not fetch: \(effects)")
            return
        }
        #expect(request.generation == 2 && shown(state) == ["rr:1"])
        _ = MapReducer.reduce(
            &state, .markersLoaded(request, MarkerAnswers.batch([restroom(3, dLat: 0.001, dLon: 0)], for: request)))
        #expect(shown(state) == ["rr:3"])
    }

    @Test func failureShowsTheAlertAndKeepsOldPlaces() {
        var state = loaded([restroom(1, dLat: 0, dLon: 0)])
        guard case .fetchMarkers(let request) = MapReducer.reduce(&state, .key(.character("r"))).first else { return }
        _ = MapReducer.reduce(&state, .markersFailed(request, reason: "HTTP status 500"))
        #expect(
            state.alert
                == Alert("Unable to retrieve locations at this time. Please try again.", detail: "HTTP status 500"))
        #expect(shown(state) == ["rr:1"] && !state.places.isLoading)
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.alert == nil)
        _ = MapReducer.reduce(&state, .key(.right))
        #expect(state.camera != start.camera)  // the map stays usable
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

    @Test func tabCyclesNearestFirstAndEnterOpensTheDetail() {
        let near = restroom(1, dLat: 0.002, dLon: 0)
        let far = restroom(2, dLat: 0, dLon: 0.006)
        let offScreen = restroom(3, dLat: 1, dLon: 1)
        var state = loaded([far, offScreen, near])
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection?.place?.id == "rr:1")
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection?.place?.id == "rr:2")
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection?.place?.id == "rr:1")
        _ = MapReducer.reduce(&state, .key(.backTab))
        #expect(state.selection?.place?.id == "rr:2")
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.detailOpen)
        #expect(MapReducer.reduce(&state, .key(.escape)).isEmpty)
        #expect(!state.detailOpen && state.selection != nil)
        _ = MapReducer.reduce(&state, .key(.escape))
        #expect(state.selection == nil)
        // Esc never quits: with nothing open it says how to.
        #expect(MapReducer.reduce(&state, .key(.escape)).isEmpty && state.notice == "q quits")
        #expect(MapReducer.reduce(&state, .key(.character("q"))) == [.quit])
    }

    @Test func tabWithThePaneOpenLoadsTheNextPlacesDetails() {
        var state = loaded([restroom(1, dLat: 0.002, dLon: 0), restroom(2, dLat: 0, dLon: 0.006)])
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(MapReducer.reduce(&state, .key(.enter)) == [.loadDetails(restroom(1, dLat: 0.002, dLon: 0))])
        let effects = MapReducer.reduce(&state, .key(.tab))
        #expect(state.detailOpen && state.selection?.place?.id == "rr:2")
        #expect(effects == [.loadDetails(restroom(2, dLat: 0, dLon: 0.006))])
        // q closes the pane first; only then does it quit.
        #expect(MapReducer.reduce(&state, .key(.character("q"))).isEmpty && !state.detailOpen)
    }

    @Test func tabWithNothingOnScreenSaysSo() {
        var state = loaded([])
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection == nil && state.notice == "nothing to select here: zoom out or pan")
        _ = MapReducer.reduce(&state, .key(.right))
        #expect(state.notice == nil)
    }

    @Test func enterOnAClusterZoomsToWhereItSplits() throws {
        // Twenty restrooms within 30 m: one cluster at z14, apart by z18.
        let places = (0..<20).map { restroom($0, dLat: Double($0) * 0.00002, dLon: 0) }
        var state = loaded(places)
        _ = MapReducer.reduce(&state, .key(.tab))
        guard case .cluster(let cluster) = state.selection else {
            Issue.record("not a cluster: \(String(describing: state.selection))")
            return
        }
        #expect(cluster.marker.count == 20 && cluster.marker.expansionZoom > 14)
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.camera.zoom == Double(cluster.marker.expansionZoom))
        #expect(Geodesy.distance(state.camera.center, cluster.marker.coordinate) < 0.001)
        #expect(state.selection == nil && !state.detailOpen)
    }

    @Test func aSelectedClustersPaneAsksForItsLeaders() {
        let places = (0..<20).map { restroom($0, dLat: Double($0) * 0.00002, dLon: 0) }
        var state = loaded(places)
        _ = MapReducer.reduce(&state, .key(.tab))
        guard case .cluster(let cluster) = state.selection else { return }
        let effects = MapReducer.reduce(&state, .openPane)
        #expect(effects == [.loadLeaders(LeadersRequest(marker: cluster.marker, filter: .standard))])
        _ = MapReducer.reduce(&state, .leadersLoaded(key: cluster.marker.key, Array(places.prefix(5))))
        guard case .cluster(let loaded) = state.selection else { return }
        #expect(loaded.leaders?.map(\.id) == places.prefix(5).map(\.id))
    }

    @Test func clickSelectsThePlaceUnderThePointer() {
        let place = restroom(1, dLat: 0.002, dLon: 0.003)
        var state = loaded([place])
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
        var state = start
        _ = MapReducer.reduce(&state, .tick)
        #expect(state.places.spinnerPhase == 0)
        _ = MapReducer.reduce(&state, .appeared)
        _ = MapReducer.reduce(&state, .tick)
        #expect(state.places.spinnerPhase == 1)
    }
}
