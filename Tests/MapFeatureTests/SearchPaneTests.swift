import GeoCore
import MapFeature
import Places
import Render
import Testing

/// The search line and its results as drawn: aligned columns, the highlight, the cursor, scrolling,
/// narrow screens, and text from outside drawn sanitised.
@Suite struct SearchPaneTests {
    static func result(_ name: String, _ kind: SearchKind, km: Double, where place: String) -> SearchResult {
        SearchResult(
            candidate: SearchCandidate(name: name, kind: kind, coordinate: LatLon(lat: 1, lon: 2), importance: 1),
            match: .exact, distanceKm: km, whereText: place)
    }

    static let results = [
        result("Paris", .city, km: 8950.4, where: "Île-de-France, France"),
        result("Paris", .city, km: 2300, where: "Texas, United States"),
        result("Paris Orly Airport", .place(.airport), km: 8960, where: "Paris, France"),
        result("Paris Charles de Gaulle", .place(.airport), km: 0.85, where: "Roissy, France"),
    ]

    static func frame(cols: Int = 100, rows: Int = 30, _ change: (inout SearchState) -> Void) -> CellGrid {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.77, lon: -122.42), zoom: 10), screen: Viewport(cols: cols, rows: rows)
        )
        var search = SearchState(cameraBefore: state.camera, selectionBefore: nil, detailOpenBefore: false)
        change(&search)
        state.focus = .search(search)
        let map = RenderedMap(grid: CellGrid(cols: cols, rows: rows - 1), labels: [])
        return FrameComposer().compose(state, map: map)
    }

    static func answered(_ search: inout SearchState) {
        search.line = SearchLine("paris")
        search.results = results
        search.answeredText = "paris"
    }

    @Test func resultsAreListedInAlignedColumnsAboveTheLine() {
        let grid = Self.frame(Self.answered)
        let lines = (0..<grid.rows).map(grid.line)
        #expect(lines[grid.rows - 1].hasPrefix(" / paris "))
        #expect(lines[grid.rows - 1].contains("Enter go  Esc back"))
        let rows = lines.filter { $0.contains("Paris") && $0.hasPrefix("│") }
        #expect(rows.count == 4)
        let kindColumns = Set(
            rows.map { $0.range(of: "  city  ")?.lowerBound ?? $0.range(of: "  airport  ")!.lowerBound })
        #expect(kindColumns.count == 1, "\(rows)")
        #expect(rows[0].contains("8,950 km │"))
        #expect(rows[1].contains("2,300 km │"))
        #expect(rows[3].contains("850 m │"))
        #expect(lines.contains { $0.contains("4 results for 'paris'") })
    }

    @Test func theHighlightedRowAndTheCursorAreInReverse() {
        let grid = Self.frame { search in
            Self.answered(&search)
            search.highlighted = 2
            search.line.move(by: -2)  // the cursor on the "i" of "paris"
        }
        let row = (0..<grid.rows).first { grid.line($0).contains("Paris Orly Airport") }!
        #expect(grid[10, row].style.bg == TermColor(229))
        let other = (0..<grid.rows).first { grid.line($0).contains("Texas") }!
        #expect(grid[10, other].style.bg != TermColor(229))
        let last = grid.rows - 1
        #expect(grid[6, last].scalar == UInt32(("i" as Unicode.Scalar).value))
        #expect(grid[6, last].style.bg == TermColor(252))
        #expect(grid[5, last].style.bg != TermColor(252))
    }

    @Test func theListScrollsToKeepTheHighlightInView() {
        let many = (0..<30).map { Self.result("Place \($0)", .city, km: Double($0), where: "") }
        let grid = Self.frame { search in
            search.line = SearchLine("place")
            search.results = many
            search.highlighted = 25
        }
        let text = grid.text
        #expect(text.contains("Place 25 "))
        #expect(!text.contains("Place 0 "))
        #expect(text.contains("30 results"))
    }

    @Test func theEmptyLineSaysWhatToTypeAndAProblemIsShown() {
        #expect(Self.frame { _ in }.text.contains("a place, city, region, country, airport code or lat,lon"))
        let problem = Self.frame { search in
            search.line = SearchLine("91,0")
            search.problem = "latitude 91 is out of range (-90 to 90)"
        }
        #expect(problem.text.contains("latitude 91 is out of range"))
        let pending = Self.frame { search in
            search.line = SearchLine("zz")
            search.pending = true
        }
        #expect(pending.text.contains("searching…"))
    }

    @Test func aLongLineShowsTheCursorEndAndEveryWidthFits() {
        for cols in [20, 40, 80, 200] {
            let grid = Self.frame(cols: cols, rows: 12) { search in
                search.line = SearchLine(String(repeating: "abcdefghij", count: 19) + "END")
                search.results = Self.results
            }
            let last = grid.line(grid.rows - 1)
            #expect(last.count == cols)
            #expect(last.contains("END"), "\(cols): \(last)")
        }
    }

    @Test func escapeSequencesInATypedLineNeverReachTheGrid() {
        let grid = Self.frame { search in search.line = SearchLine("\u{1B}]0;owned\u{7}x\u{1B}[2J") }
        let scalars = grid.cells.map(\.scalar)
        #expect(!scalars.contains(0x1B))
        #expect(!scalars.contains(0x07))
    }
}
