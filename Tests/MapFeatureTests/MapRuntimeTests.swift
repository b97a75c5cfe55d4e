import Foundation
import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The runtime with a manual clock and a stub source: timers fire exactly when due, fetch results
/// come back as actions, failures carry their reason.
@Suite struct MapRuntimeTests {
    let request = MarkerRequest(
        region: GeoBounds(south: 37, west: -123, north: 38, east: -122), level: 16,
        filter: PlaceFilter(kinds: [.restroom]), generation: 4, keys: [TileID(z: 8, x: 40, y: 98)])

    @Test func settleFiresAfterTheDelayAndOnlyTheNewest() {
        let clock = ManualClock()
        let runtime = MapRuntime(source: PlacesStubSource(), clock: clock)
        #expect(runtime.perform([.settle(generation: 1, afterSeconds: 0.15)]))
        clock.advance(by: 0.1)
        #expect(runtime.perform([.settle(generation: 2, afterSeconds: 0.15)]))
        clock.advance(by: 0.1)
        #expect(runtime.takeActions().isEmpty)
        #expect(abs((runtime.secondsUntilNextTimer ?? 0) - 0.05) < 1e-9)
        clock.advance(by: 0.05)
        let actions = runtime.takeActions()
        #expect(actions.count == 1)
        if case .settled(let generation) = actions.first {
            #expect(generation == 2)
        } else {
            Issue.record("\(actions)")
        }
    }

    @Test func aBusyPinStoreAnswersAtOnceAndTheRetryIsATimer() throws {
        let clock = ManualClock()
        let store = BusyPinStore()
        let runtime = MapRuntime(source: PlacesStubSource(), pinStore: store, clock: clock)
        let change = PinChange.add(LatLon(lat: 1, lon: 2))
        #expect(runtime.perform([.changePins(change)]))
        let busy = runtime.takeActions()
        guard busy.count == 1, case .pinsBusy = try #require(busy.first) else {
            Issue.record("\(busy)")
            return
        }
        #expect(runtime.perform([.retryPins(afterSeconds: 0.2)]))
        clock.advance(by: 0.19)
        #expect(runtime.takeActions().isEmpty && abs((runtime.secondsUntilNextTimer ?? 0) - 0.01) < 1e-9)
        clock.advance(by: 0.01)
        let due = runtime.takeActions()
        guard due.count == 1, case .pinsRetryDue = try #require(due.first) else {
            Issue.record("\(due)")
            return
        }
        store.isBusy = false
        #expect(runtime.perform([.changePins(change)]))
        let saved = runtime.takeActions()
        guard case .pinsSaved(let pins) = try #require(saved.first) else {
            Issue.record("\(saved)")
            return
        }
        #expect(pins.map(\.coordinate) == [LatLon(lat: 1, lon: 2)] && store.attempts == 2)
    }

    @Test func fetchResultsComeBackAsActions() async {
        let place = Place(id: "rr:1", kind: .restroom, name: "A", coordinate: LatLon(lat: 37.5, lon: -122.5))
        let source = PlacesStubSource(places: [place])
        let runtime = MapRuntime(source: source, clock: ManualClock())
        _ = runtime.perform([.fetchMarkers(request)])
        await runtime.waitForFetch()
        let actions = runtime.takeActions()
        guard case .markersLoaded(let answered, let batch) = actions.first else {
            Issue.record("no result: \(actions)")
            return
        }
        #expect(answered == request && batch.markers.map(\.place) == [place])
        #expect(source.queries.first?.filter == PlaceFilter(kinds: [.restroom]) && source.queries.first?.zoom == 16)
    }

    @Test func failuresCarryTheReason() async {
        let runtime = MapRuntime(
            source: PlacesStubSource(error: PlaceSourceError.httpStatus(503)), clock: ManualClock())
        _ = runtime.perform([.fetchMarkers(request)])
        await runtime.waitForFetch()
        guard case .markersFailed(_, let reason) = runtime.takeActions().first else {
            Issue.record("no failure")
            return
        }
        #expect(reason.contains("503"))
    }

    /// A minute of panning four times a second against a source that always fails: the requests are
    /// those of the backoff schedule (at 0, 1, 3, 7, 15, 31 s), computed here independently.
    @Test func aFailingSourceIsAskedOnTheBackoffScheduleWhilePanning() async {
        let source = PlacesStubSource(error: PlaceSourceError.httpStatus(503))
        let clock = ManualClock()
        let runtime = MapRuntime(source: source, clock: clock)
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.78, lon: -122.42), zoom: 14), screen: Viewport(cols: 100, rows: 31))
        var alerts = 0
        func apply(_ action: MapAction) {
            let hadAlert = state.alert != nil
            _ = runtime.perform(MapReducer.reduce(&state, action))
            if state.alert != nil && !hadAlert { alerts += 1 }
        }
        apply(.appeared)
        for step in 0..<240 {
            await runtime.waitForFetch()
            for action in runtime.takeActions() { apply(action) }
            apply(.key(step % 8 < 4 ? .right : .down))
            clock.advance(by: 0.25)
        }
        var expected = 0
        var time = 0.0
        while time < 60 {
            expected += 1
            time += PlaceBackoff.delay(afterFailures: expected)
        }
        #expect(source.queries.count == expected && expected == 6)
        #expect(alerts == 1)
    }

    @Test func leadersMergeClustersAndSinglePlacesByImportance() async {
        let places = (0..<12).map { i in
            Place(
                id: "rr:\(i)", kind: .restroom, name: "R\(i)",
                coordinate: LatLon(lat: 37.5 + Double(i) * 1e-5, lon: -122.5),
                details: .restroom(RestroomDetails(accessible: i % 3 == 0, upvote: i)))
        }
        let source = PlacesStubSource(places: places)
        let runtime = MapRuntime(source: source, clock: ManualClock())
        let markers = PlaceClusters(places: places).markers(in: .world, zoom: 5, filter: .standard)
        #expect(markers.count == 1 && markers[0].count == 12)
        let marker = DrawnMarker(
            parts: markers, col: 0, row: 0, count: 12, kindCounts: markers[0].kindCounts, rank: markers[0].rank,
            expansionZoom: 6, place: nil)
        _ = runtime.perform([.loadLeaders(LeadersRequest(marker: marker, filter: .standard))])
        await runtime.waitForAll()
        guard case .leadersLoaded(let key, let leaders) = runtime.takeActions().first else {
            Issue.record("no leaders")
            return
        }
        let expected = places.sorted {
            PlaceImportance.precedes(
                rank: PlaceImportance.rank($0), id: $0.id, rank: PlaceImportance.rank($1), id: $1.id)
        }
        #expect(key == marker.key && leaders.map(\.id) == expected.prefix(5).map(\.id))
    }

    @Test func quitStopsPerforming() {
        #expect(!MapRuntime(source: PlacesStubSource(), clock: ManualClock()).perform([.quit]))
    }
}

/// A pin store whose lock another process holds until `isBusy` is cleared.
final class BusyPinStore: PinStore, @unchecked Sendable {
    private let lock = NSLock()
    private var busy = true
    private var saved: [Pin] = []
    private var tries = 0

    var isBusy: Bool {
        get { lock.withLock { busy } }
        set { lock.withLock { busy = newValue } }
    }

    /// How many times `apply` was called.
    var attempts: Int { lock.withLock { tries } }

    func load() throws -> [Pin] { lock.withLock { saved } }

    func apply(_ change: PinChange) throws -> [Pin] {
        try lock.withLock {
            tries += 1
            if busy { throw PinStoreError.busy }
            if case .add(let point, _, _) = change { saved.append(Pin(number: saved.count + 1, coordinate: point)) }
            return saved
        }
    }

    func stamp() -> PinStamp? { nil }
}
