import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The runtime with a manual clock and a stub source: timers fire exactly when due, fetch results
/// come back as actions, failures carry their reason.
@Suite struct MapRuntimeTests {
    let request = PlaceRequest(
        region: GeoBounds(south: 37, west: -123, north: 38, east: -122), kinds: [.restroom], limit: 10, generation: 4,
        keys: [TileID(z: 8, x: 40, y: 98)])

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

    @Test func fetchResultsComeBackAsActions() async {
        let place = Place(id: "rr:1", kind: .restroom, name: "A", coordinate: LatLon(lat: 37.5, lon: -122.5))
        let source = PlacesStubSource(places: [place])
        let runtime = MapRuntime(source: source, clock: ManualClock())
        _ = runtime.perform([.fetchPlaces(request)])
        await runtime.waitForFetch()
        let actions = runtime.takeActions()
        guard case .placesLoaded(let answered, let places) = actions.first else {
            Issue.record("no result: \(actions)")
            return
        }
        #expect(answered == request && places == [place])
        #expect(source.queries.first?.kinds == [.restroom])
    }

    @Test func failuresCarryTheReason() async {
        let runtime = MapRuntime(
            source: PlacesStubSource(error: PlaceSourceError.httpStatus(503)), clock: ManualClock())
        _ = runtime.perform([.fetchPlaces(request)])
        await runtime.waitForFetch()
        guard case .placesFailed(_, let reason) = runtime.takeActions().first else {
            Issue.record("no failure")
            return
        }
        #expect(reason.contains("503"))
    }

    @Test func quitStopsPerforming() {
        #expect(!MapRuntime(source: PlacesStubSource(), clock: ManualClock()).perform([.quit]))
    }
}
