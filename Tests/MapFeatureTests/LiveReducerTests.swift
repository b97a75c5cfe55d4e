import Foundation
import GeoCore
import Places
import Render
import TestSupport
import Testing

@testable import MapFeature

/// The live part of the default source in the reducer: asked once the view settles at a city's zoom,
/// markers fetched again when it brings something, a failure a note with its own backoff, never an
/// alert.
@Suite struct LiveReducerTests {
    static let sanFrancisco = LatLon(lat: 37.7793, lon: -122.4193)

    func state(zoom: Double) -> MapState {
        var state = MapState(
            camera: Camera(center: Self.sanFrancisco, zoom: zoom), screen: Viewport(cols: 100, rows: 31))
        state.places.live = LivePlacesState(name: "Refuge Restrooms")
        return state
    }

    /// The question about everything `state` shows.
    func question(_ state: MapState, again: Bool = false) -> LiveRequest {
        LiveRequest(
            region: MarkerRequest.view(of: state).region, filter: state.places.filter,
            generation: state.places.generation, again: again)
    }

    /// The status line of `state` at `cols` columns.
    func statusLine(_ state: MapState, cols: Int) -> String {
        StatusBarTests.line(cols: cols) { shown in
            let screen = shown.screen
            shown = state
            shown.screen = screen
        }
    }

    func liveQuestions(_ effects: [MapEffect]) -> [LiveRequest] {
        effects.compactMap { if case .refreshLive(let request) = $0 { request } else { nil } }
    }

    @Test func theSettledViewIsAskedAboutFromZoomTen() {
        var city = state(zoom: 14)
        let effects = MapReducer.reduce(&city, .appeared)
        #expect(liveQuestions(effects) == [question(city)])
        #expect(city.places.live?.asking == question(city))
        _ = MapReducer.reduce(&city, .key(.right))
        let settled = MapReducer.reduce(&city, .settled(generation: city.places.generation))
        #expect(liveQuestions(settled) == [question(city)])
        #expect(liveQuestions(MapReducer.reduce(&city, .settled(generation: city.places.generation - 1))).isEmpty)

        var wide = state(zoom: 9.9)
        #expect(liveQuestions(MapReducer.reduce(&wide, .appeared)).isEmpty, "a wider view is not asked about")
        var none = state(zoom: 14)
        none.places.live = nil
        #expect(liveQuestions(MapReducer.reduce(&none, .appeared)).isEmpty, "a source without a live part")
    }

    @Test func newPlacesFetchTheMarkersAgainAndNothingNewChangesNothing() {
        var city = state(zoom: 14)
        _ = MapReducer.reduce(&city, .appeared)
        let asked = question(city)
        let pending = city.places.pending
        var unchanged = city
        #expect(MapReducer.reduce(&unchanged, .liveAnswered(asked, .refreshed(changed: 0))).isEmpty)
        #expect(unchanged.places.pending == pending && unchanged.places.live?.asking == nil)

        city.places.cache.store([], for: MarkerRequest.view(of: city).keys, level: 14)
        let effects = MapReducer.reduce(&city, .liveAnswered(asked, .refreshed(changed: 3)))
        #expect(effects.contains(.fetchMarkers(MarkerRequest.view(of: city))))
        #expect(!city.places.cache.covers(MarkerRequest.view(of: city).keys, level: 14), "the cache is older")
    }

    @Test func aFailureIsANoteWithItsOwnBackoffNeverAnAlert() throws {
        var city = state(zoom: 14)
        _ = MapReducer.reduce(&city, .appeared)
        let reason = PlaceSourceError.httpStatus(500).description
        let effects = MapReducer.reduce(&city, .liveAnswered(question(city), .failed(reason: reason)))
        #expect(effects == [.retryLive(attempt: 1, afterSeconds: 1)])
        #expect(city.alert == nil && city.places.backoff.failures == 0, "the stored places are not failing")
        #expect(statusLine(city, cols: 200).contains("stored only, Refuge Restrooms unavailable (1 try)"))
        #expect(statusLine(city, cols: 90).contains("(stored only)"))
        // While the wait runs, views that settle ask nothing; the retry asks about the view of then.
        _ = MapReducer.reduce(&city, .key(.right))
        #expect(liveQuestions(MapReducer.reduce(&city, .settled(generation: city.places.generation))).isEmpty)
        #expect(liveQuestions(MapReducer.reduce(&city, .liveRetryDue(attempt: 2))).isEmpty, "an old attempt")
        #expect(liveQuestions(MapReducer.reduce(&city, .liveRetryDue(attempt: 1))) == [question(city)])
        let second = MapReducer.reduce(&city, .liveAnswered(question(city), .failed(reason: reason)))
        #expect(second == [.retryLive(attempt: 2, afterSeconds: 2)])
        _ = MapReducer.reduce(&city, .liveAnswered(question(city), .refreshed(changed: 0)))
        #expect(city.places.live?.backoff == PlaceBackoff())
        #expect(!statusLine(city, cols: 200).contains("stored only"))
    }

    @Test func refreshAsksAgainEvenDuringTheWait() {
        var city = state(zoom: 14)
        _ = MapReducer.reduce(&city, .appeared)
        _ = MapReducer.reduce(&city, .liveAnswered(question(city), .failed(reason: "down")))
        let effects = MapReducer.reduce(&city, .key(.character("r")))
        #expect(liveQuestions(effects) == [question(city, again: true)])
    }

    @Test func thePaneAgesAFetchedPlace() throws {
        var city = state(zoom: 17)
        let fetched = 1_764_547_200.0  // 2025-12-01T00:00:00Z
        let place = Place(
            id: "rr:9001", kind: .restroom, name: "City Hall Restroom", coordinate: Self.sanFrancisco,
            details: .restroom(RestroomDetails(street: "1 Dr Carlton B Goodlett Pl")), fetchedAt: fetched)
        city.selection = .place(place)
        _ = MapReducer.reduce(&city, .detailsLoaded(place, at: fetched + 3 * 86400 + 5))
        #expect(city.places.detailsAt == fetched + 3 * 86400 + 5)
        let (_, lines) = DetailPane.content(for: .place(place), state: city)
        #expect(lines.contains("From Refuge Restrooms, fetched 3 days ago (2025-12-01)"))
        #expect(DetailPane.fetchedText(fetched, now: fetched + 30) == "fetched just now")
        #expect(DetailPane.fetchedText(fetched, now: fetched - 99) == "fetched just now", "a clock set back")
        #expect(DetailPane.fetchedText(fetched, now: fetched + 60) == "fetched 1 minute ago")
        #expect(DetailPane.fetchedText(fetched, now: fetched + 7300) == "fetched 2 hours ago")
        #expect(DetailPane.fetchedText(fetched, now: nil) == "fetched 2025-12-01")
        var shipped = place
        shipped.fetchedAt = nil
        #expect(!DetailPane.content(for: .place(shipped), state: city).1.contains { $0.contains("fetched") })
    }

    /// Foundation's Gregorian calendar is Julian before October 1582: compared from 1590 on.
    @Test func datesAgreeWithFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = SeededGenerator(seed: 23)
        for _ in 0..<2000 {
            let seconds = Double.random(in: -1.2e10...2.5e11, using: &random).rounded(.down)
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
            let expected = String(format: "%d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            #expect(DetailPane.fetchedText(seconds, now: nil) == "fetched \(expected)", "\(seconds)")
        }
    }
}
