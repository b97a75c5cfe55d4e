import GeoCore
import MapFeature
import Render
import Testing

/// The help at small terminals: every key and every legend line is reachable by scrolling, the footer
/// says how, and only the help's own keys act on it.
@Suite struct HelpOverlayTests {
    static let center = LatLon(lat: 37.78, lon: -122.42)

    static func help(cols: Int, rows: Int, ascii: Bool = false) -> MapState {
        var state = MapState(camera: Camera(center: center, zoom: 12), screen: Viewport(cols: cols, rows: rows))
        state.ascii = ascii
        _ = MapReducer.reduce(&state, .key(.character("?")))
        return state
    }

    static func frame(_ state: MapState) -> String {
        let map = CellGrid(cols: state.screen.cols, rows: max(state.screen.rows - 1, 0))
        return FrameComposer().compose(state, map: RenderedMap(grid: map, labels: [])).text
    }

    /// Every screen of the help from the top, pressing `key` until the view stops changing.
    static func screens(_ start: MapState, key: Key) -> [String] {
        var state = start
        var seen = [frame(state)]
        for _ in 0..<200 {
            _ = MapReducer.reduce(&state, .key(key))
            let next = frame(state)
            if next == seen.last { break }
            seen.append(next)
        }
        return seen
    }

    /// The words of every legend line and key meaning, which must each be on some screen.
    static let expected = [
        "restroom", "airport", "heliport", "café", "hospital", "places together", "you", "a pin",
        "midpoint of the pins", "fair meeting point", "point searched", "centre of the view", "quit",
        "this help", "drop a pin",
    ]

    @Test(arguments: [(80, 24), (40, 12), (100, 30), (60, 16)])
    func everyLineIsReachableByScrolling(cols: Int, rows: Int) {
        let state = Self.help(cols: cols, rows: rows)
        #expect(state.focus == .help(top: 0))
        for key in [Key.down, .pageDown, .character(" "), .character("j")] {
            let text = Self.screens(state, key: key).joined(separator: "\n")
            for word in Self.expected {
                #expect(text.contains(word), "\(cols)x\(rows) by \(key): '\(word)' never shown")
            }
        }
        // End shows the last line; the footer says how to close the help.
        var end = state
        _ = MapReducer.reduce(&end, .key(.end))
        let last = Self.frame(end)
        #expect(last.contains("q close"), "\(cols)x\(rows): \(last)")
        #expect(last.contains("of your layers"), "\(cols)x\(rows): the legend's last line")
    }

    @Test func theFooterSaysWhereTheViewIs() {
        var state = Self.help(cols: 80, rows: 24)
        let first = Self.frame(state)
        #expect(first.contains("↑↓ PgUp PgDn scroll · Esc or q closes · lines 1–20 of"))
        _ = MapReducer.reduce(&state, .key(.pageDown))
        #expect(state.focus == .help(top: 19))
        #expect(Self.frame(state).contains("lines 20–39 of"))
        _ = MapReducer.reduce(&state, .key(.home))
        #expect(state.focus == .help(top: 0))
        _ = MapReducer.reduce(&state, .key(.up))
        #expect(state.focus == .help(top: 0), "no scrolling above the first line")
    }

    @Test func aHelpThatFitsSaysOnlyHowToCloseIt() {
        let state = Self.help(cols: 200, rows: 60)
        let text = Self.frame(state)
        #expect(text.contains("Esc or q closes") && !text.contains("PgDn scroll"))
        #expect(text.contains("fair meeting point") && text.contains("quit"))
    }

    @Test func scrollingKeysKeepItOpenAndClosingKeysCloseIt() {
        let open = Self.help(cols: 80, rows: 24)
        for key in [Key.down, .up, .pageDown, .pageUp, .home, .end, .character("j"), .character("+")] {
            var state = open
            _ = MapReducer.reduce(&state, .key(key))
            #expect(state.focus != .map, "\(key) closed the help")
        }
        for key in [Key.escape, .enter, .character("q"), .character("?")] {
            var state = open
            let effects = MapReducer.reduce(&state, .key(key))
            #expect(state.focus == .map && effects.isEmpty, "\(key)")
        }
    }

    @Test func aResizedHelpKeepsItsPlaceWithinTheNewBounds() {
        var state = Self.help(cols: 40, rows: 12)
        _ = MapReducer.reduce(&state, .key(.end))
        var bottom = -1
        if case .help(let top) = state.focus { bottom = top }
        #expect(bottom > 20, "the help scrolled to its end and stayed open")
        _ = MapReducer.reduce(&state, .resize(cols: 160, rows: 48))
        let text = Self.frame(state)
        #expect(text.contains("of your layers"), "the end of the help shows after growing")
        _ = MapReducer.reduce(&state, .key(.up))
        #expect(state.focus != .map)
    }

    @Test func asciiHelpHasNoUnicodeOutsideNames() {
        let state = Self.help(cols: 80, rows: 24, ascii: true)
        let text = Self.frame(state)
        #expect(text.contains("Up/Down PgUp PgDn scroll - Esc or q closes - lines 1-20 of"), "\(text)")
    }
}
