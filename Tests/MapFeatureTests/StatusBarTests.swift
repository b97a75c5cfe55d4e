import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Testing

/// The status line at every width: parts give way whole, in order (the location note first), the key
/// hint stays, the scale bar is whole or absent, and counts say markers and places honestly.
@Suite struct StatusBarTests {
    static func line(cols: Int, _ change: (inout MapState) -> Void = { _ in }) -> String {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.77, lon: -122.42), zoom: 10), screen: Viewport(cols: cols, rows: 20))
        change(&state)
        let map = RenderedMap(grid: CellGrid(cols: cols, rows: 19), labels: [])
        let grid = FrameComposer().compose(state, map: map)
        return grid.line(grid.rows - 1)
    }

    static func busy(_ state: inout MapState) {
        state.places.filter = PlaceFilter(kinds: [.restroom, .airport], amenities: [.accessible, .unisex])
        state.places.awaitingSettle = true
        state.places.cappedAt = 500
    }

    /// One place is "1 place" at every width ("1 places" showed on a narrow line).
    @Test func onePlaceIsSingularAtEveryWidth() {
        let place = Place(id: "rr:1", kind: .restroom, name: "One", coordinate: LatLon(lat: 37.771, lon: -122.421))
        var seen = 0
        for cols in 20...120 {
            let text = Self.line(cols: cols) { $0.places.markers = [.single(place, rank: 0, zoom: 10)] }
            #expect(!text.contains("1 places"), "\(cols): \(text)")
            if text.contains("1 place") { seen += 1 }
        }
        #expect(seen > 50, "the count is on the line")
    }

    /// From the smallest screen the map draws on (20 columns) up, "? help" is on the line, with a notice
    /// or without.
    @Test func theKeyHintStaysDownToTheSmallestScreen() {
        for cols in 20..<40 {
            for change in [{ (_: inout MapState) in }, Self.busy, { $0.notice = "a long notice about the places" }] {
                let text = Self.line(cols: cols, change)
                #expect(text.count == cols && text.hasSuffix("? help "), "\(cols): \(text)")
            }
        }
    }

    /// Below 20x5 a notice fills the screen, each line whole ("terminal t" was cut at 10 columns).
    @Test(arguments: [(10, 3), (19, 4), (9, 2), (40, 4), (4, 1)])
    func aTooSmallScreenSaysSoInWholeWords(cols: Int, rows: Int) {
        let state = MapState(
            camera: Camera(center: LatLon(lat: 37.77, lon: -122.42), zoom: 10), screen: Viewport(cols: cols, rows: rows)
        )
        let grid = FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: cols, rows: rows - 1), labels: []))
        let words = grid.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(!words.isEmpty)
        let known: Set = ["mapterm", "terminal", "too", "small", "need", "20x5", "<"]
        #expect(words.allSatisfy(known.contains), "\(cols)x\(rows): \(grid.text)")
        if cols >= 9 && rows >= 2 { #expect(grid.text.contains("too small"), "\(cols)x\(rows)") }
    }

    @Test func theKeyHintStaysAndNothingIsCutInTheMiddle() throws {
        let scale = try Regex("├─*┤ [0-9.]+ k?m( · [0-9.]+ (mi|ft))?  ")
        for cols in 40...200 {
            for change in [{ (_: inout MapState) in }, Self.busy] {
                let text = Self.line(cols: cols, change)
                #expect(text.count == cols)
                #expect(text.contains("? help"), "\(cols): \(text)")
                if text.contains("├") { #expect(text.contains(scale), "\(cols): scale bar cut: \(text)") }
                if text.contains("location") {
                    #expect(text.contains("location unknown") || text.contains("no location"))
                }
            }
        }
        // At 80 columns the location note is what gives way first.
        let eighty = Self.line(cols: 80, Self.busy)
        #expect(eighty.contains("? help") && !eighty.contains("location unknown"), "\(eighty)")
        #expect(Self.line(cols: 200, Self.busy).contains("location unknown"))
    }

    @Test func filtersAndCapsAreSaid() {
        let text = Self.line(cols: 200, Self.busy)
        #expect(text.contains("[accessible · unisex · only restrooms, airports]"), "\(text)")
        #expect(text.contains("loading"))
        #expect(text.contains("capped at 500"))
    }

    @Test func aFailingSourceIsSaidWithoutAModal() {
        let text = Self.line(cols: 160) { state in
            state.places.backoff.failures = 3
            state.places.backoff.reason = "The server did not answer in time."
        }
        #expect(text.contains("places unavailable (3 tries): The server did not answer in time  "), "\(text)")
        #expect(Self.line(cols: 60) { $0.places.backoff.failures = 1 }.contains("places unavailable"))
    }
}
