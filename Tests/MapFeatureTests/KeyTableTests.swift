import Foundation
import GeoCore
import Layers
import MapFeature
import Places
import Render
import TestSupport
import Testing

/// The key table against what the reducer does with each key, and the texts made from it: the help
/// overlay, `--help`'s key list, docs/keys.md and the README's key table.
@Suite struct KeyTableTests {
    static let center = LatLon(lat: 37.78, lon: -122.42)

    /// Every key the terminal sends: the named keys, printable ASCII and the control keys the search
    /// line knows.
    static let everyKey: [Key] =
        [.up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete]
        + [.pageUp, .pageDown, .home, .end]
        + (0x20...0x7E).compactMap(Unicode.Scalar.init).map { .character(Character($0)) }
        + ["\u{01}", "\u{05}", "\u{0E}", "\u{10}", "\u{15}", "\u{17}"].map { .character(Character($0)) }

    /// The map with something for every key to act on: two pins near the centre, pin 1 selected, no
    /// location (so `c` and `g` say so in a box).
    static var map: MapState {
        var state = MapState(camera: Camera(center: center, zoom: 10), screen: Viewport(cols: 120, rows: 40))
        state.pins = PinsState(pins: [
            Pin(number: 1, coordinate: LatLon(lat: 37.79, lon: -122.43)),
            Pin(number: 2, coordinate: LatLon(lat: 37.77, lon: -122.40)),
        ])
        state.selection = .pin(1)
        return state
    }

    /// The search line holding "par" with the cursor before "r", answered with 45 results, the second
    /// highlighted (more results than a page, so a page up or down lands elsewhere).
    static func search() throws -> MapState {
        var state = map
        let results = (0..<45).map { i in
            SearchResult(
                candidate: SearchCandidate(
                    name: "Paris \(i)", kind: .city, coordinate: LatLon(lat: 48 + Double(i) / 10, lon: 2),
                    importance: 600),
                match: .exact, distanceKm: 8950, whereText: "France")
        }
        for key in "/par" { _ = MapReducer.reduce(&state, .key(.character(key))) }
        let generation = try #require(state.search?.generation)
        _ = MapReducer.reduce(&state, .searchAnswered(generation: generation, PlaceSearch.Answer(results: results)))
        _ = MapReducer.reduce(&state, .key(.down))
        _ = MapReducer.reduce(&state, .key(.left))
        return state
    }

    /// Nine layers with a point each, the fifth line highlighted.
    static var layers: MapState {
        var state = map
        for n in 1...9 {
            let feature = LayerFeature(geometries: [.point(LatLon(lat: Double(n), lon: Double(n)))])
            state.layers.add(name: "layer \(n)", content: LayerContent(features: [feature], identity: n))
        }
        _ = MapReducer.reduce(&state, .key(.character("L")))
        for _ in 0..<4 { _ = MapReducer.reduce(&state, .key(.down)) }
        return state
    }

    static func focused(_ focus: Focus) -> MapState {
        var state = map
        state.focus = focus
        return state
    }

    /// The state and effects after `key`.
    static func after(_ key: Key, _ state: MapState) -> (MapState, [MapEffect]) {
        var state = state
        let effects = MapReducer.reduce(&state, .key(key))
        return (state, effects)
    }

    /// The keys that change the state or ask for an effect.
    static func acting(on state: MapState) -> Set<Key> {
        Set(everyKey.filter { key in after(key, state) != (state, []) })
    }

    /// The keys the table lists for a section (every key when an entry stands for the other keys).
    static func listed(_ section: KeyTable.Section) -> Set<Key> {
        let entries = KeyTable.entries(in: section)
        if entries.contains(where: \.otherKeys) { return Set(everyKey) }
        return Set(entries.flatMap(\.pressed).compactMap { $0 })
    }

    @Test func everyNameInBackticksIsAKey() {
        for entry in KeyTable.entries {
            #expect(!entry.pressed.contains(nil), "\(entry.keys)")
            let named = !entry.pressed.isEmpty || entry.otherKeys || entry.keys.hasPrefix("mouse")
            #expect(named, "\(entry.keys) names no key")
        }
    }

    @Test(arguments: [
        (KeyTable.Section.map, Focus.map), (.filters, .filters), (.help, .help(top: 3)),
        (.prompt, .prompt(.removePin(1))),
    ])
    func theKeysAFocusActsOnAreTheTables(section: KeyTable.Section, focus: Focus) {
        let state = Self.focused(focus)
        #expect(focus.keySection == section)
        let acting = Self.acting(on: state), listed = Self.listed(section)
        #expect(acting.subtracting(listed).isEmpty, "acting but not in the table: \(acting.subtracting(listed))")
        #expect(listed.subtracting(acting).isEmpty, "in the table but doing nothing: \(listed.subtracting(acting))")
    }

    @Test func theSearchLinesKeysAreTheTables() throws {
        let state = try Self.search()
        #expect(state.search?.line.cursor == 2 && state.search?.highlighted == 1)
        let acting = Self.acting(on: state), listed = Self.listed(.search)
        #expect(acting == listed, "differ in \(acting.symmetricDifference(listed))")
        // The characters the table names do something other than going in at the cursor.
        let characters = KeyTable.entries(in: .search).flatMap(\.pressed).compactMap { key -> Character? in
            if case .character(let c)? = key { c } else { nil }
        }
        #expect(!characters.isEmpty)
        for c in characters {
            #expect(Self.after(.character(c), state).0.search?.line.text != "pa\(c)r", "\(c) was typed")
        }
    }

    @Test func theLayerListsKeysAreTheTables() {
        let state = Self.layers
        #expect(state.focus == .layers && state.layers.cursor == 4)
        let acting = Self.acting(on: state), listed = Self.listed(.layers)
        #expect(acting == listed, "differ in \(acting.symmetricDifference(listed))")
    }

    @Test func aQuestionTakesYesFromItsKeysAndNoFromEveryOther() {
        let state = Self.focused(.prompt(.removePin(1)))
        let yes = Set(KeyTable.entries(in: .prompt).flatMap(\.pressed).compactMap { $0 })
        var no = Self.map
        no.focus = .map
        for key in Self.everyKey {
            let (after, _) = Self.after(key, state)
            #expect((after == no) != yes.contains(key), "\(key)")
        }
    }

    @Test func anAlertTakesItsKeysAndPassesTheOthersOn() {
        var alerting = Self.map
        alerting.alert = Alert("Something failed")
        let closing = Set(KeyTable.entries(in: .alert).flatMap(\.pressed).compactMap { $0 })
        #expect(KeyTable.entries(in: .alert).contains { $0.otherKeys })
        for key in Self.everyKey {
            let outcome = Self.after(key, alerting)
            if closing.contains(key) {
                #expect(outcome == (Self.map, []), "\(key)")
            } else {
                #expect(outcome == Self.after(key, Self.map), "\(key)")
            }
        }
    }

    @Test func theHelpOverlayListsTheMapsKeys() {
        var state = Self.focused(.help(top: 0))
        state.screen = Viewport(cols: 160, rows: 48)
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 160, rows: 47), labels: []))
        let text = grid.text
        for entry in KeyTable.entries(in: .map) {
            #expect(text.contains(entry.shown) && text.contains(entry.meaning), "\(entry.shown)")
        }
    }

    @Test func theUsageListsEverySection() {
        let usage = KeyTable.usage.string
        for section in KeyTable.Section.allCases {
            #expect(usage.contains(section.title.dropFirst() + ":"), "\(section.title)")
            for entry in KeyTable.entries(in: section) { #expect(usage.contains(entry.meaning), "\(entry.meaning)") }
        }
    }

    @Test func docsKeysIsMadeFromTheTable() throws {
        let file = RepositoryPaths.root.appendingPathComponent("docs/keys.md")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try KeyTable.markdown.write(to: file, atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == KeyTable.markdown, "docs/keys.md differs from KeyTable; run with RECORD_SNAPSHOTS=1")
    }

    /// The rows of markdown tables under a heading that contains "Keys", header rows left out: each
    /// row's first two cells, spaces made single.
    static func keyRows(_ markdown: String) -> [(keys: String, meaning: String)] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cells = { (line: String) in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.split(separator: " ").joined(separator: " ") }
        }
        let isSeparator = { (line: String) in
            line.hasPrefix("|") && line.allSatisfy { "|-: ".contains($0) }
        }
        var rows: [(String, String)] = []
        var underKeys = false
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("#") { underKeys = line.contains("Keys") }
            let isHeader = i + 1 < lines.count && isSeparator(lines[i + 1])
            guard underKeys, line.hasPrefix("|"), !isSeparator(line), !isHeader else { continue }
            let row = cells(line)
            if row.count >= 2 { rows.append((row[0], row[1])) }
        }
        return rows
    }

    @Test func theReadmesKeyTableIsTheTables() throws {
        let readme = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = Self.keyRows(readme)
        #expect(!rows.isEmpty, "README.md has no key table under a Keys heading")
        let table = KeyTable.entries.map { ($0.markdownKeys, $0.meaning) }
        for row in rows {
            #expect(table.contains { $0 == row }, "README row not in KeyTable: | \(row.keys) | \(row.meaning) |")
        }
        for entry in KeyTable.entries(in: .map) {
            #expect(
                rows.contains { $0 == (entry.markdownKeys, entry.meaning) },
                "README lacks | \(entry.markdownKeys) | \(entry.meaning) |")
        }
    }

    @Test func keyRowsReadOnlyTablesUnderKeysHeadings() {
        let markdown = """
            ## Glyphs
            | glyph | means |
            |---|---|
            | `x` | not a key |
            ## Keys
            | key | what it does |
            | --- | --- |
            | `a`  `b` | both |
            text
            """
        #expect(Self.keyRows(markdown).map { "\($0.keys)=\($0.meaning)" } == ["`a` `b`=both"])
    }
}
