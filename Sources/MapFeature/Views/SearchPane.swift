import Foundation
import Places
import Render
import TextSafety

/// The search line in the status row and, above it, the list of results: a glyph, the name, the
/// kind, where it is and how far from the view centre, the highlighted one in reverse. The list
/// scrolls to keep the highlight in view.
struct SearchPane {
    let theme: FrameComposer.Theme
    /// Widest the list gets, in cells.
    static let maxWidth = 96
    /// Most results listed at once.
    static let maxRows = 10
    static let prompt = " / "
    static let hints = "  ↑↓ choose  Enter go  Esc back "
    static let asciiHints = "  Up/Down choose  Enter go  Esc back "

    /// Results shown at once on this screen.
    static func visibleRows(_ state: MapState) -> Int { max(min(maxRows, state.mapViewport.rows / 2 - 2), 1) }

    func draw(_ search: SearchState, state: MapState, into grid: inout CellGrid) {
        drawList(search, state: state, into: &grid)
        drawLine(search, ascii: state.ascii, into: &grid)
    }

    // MARK: The list

    func drawList(_ search: SearchState, state: MapState, into grid: inout CellGrid) {
        let width = min(grid.cols, Self.maxWidth)
        let rows = Self.visibleRows(state)
        let first = max(0, min(search.highlighted - rows + 1, search.results.count - rows))
        let shown = Array(search.results.enumerated().dropFirst(first).prefix(rows))
        let columns = Columns(shown.map(\.element), width: width - 4)
        let lines = shown.isEmpty ? [Self.emptyText(search)] : shown.map { columns.row($0.element) }
        let height = min(lines.count + 2, grid.rows - 1)
        let top = grid.rows - 1 - height
        PaneBox(theme: theme, ascii: state.ascii).draw(
            title: Self.title(search), lines: lines, col: 0, row: top, width: width, height: height, into: &grid)
        for (i, item) in shown.enumerated() where top + 1 + i < grid.rows - 2 || height == lines.count + 2 {
            let row = top + 1 + i
            if item.offset == search.highlighted {
                grid.fill(
                    cols: 1..<width - 1, rows: row..<row + 1,
                    with: Cell(" ", style: CellStyle(fg: TermColor(16), bg: TermColor(229))))
                grid.put(
                    lines[i], col: 2, row: row,
                    style: CellStyle(fg: TermColor(16), bg: TermColor(229), attributes: .bold))
            }
            let glyph = Self.glyph(item.element.kind, ascii: state.ascii)
            var style = grid[2, row].style
            if item.offset != search.highlighted { style.fg = glyph.color }
            grid[2, row] = Cell(glyph.scalar, style: style)
        }
    }

    /// The box title: how many results, or that they are coming.
    static func title(_ search: SearchState) -> String {
        if search.pending && search.results.isEmpty { return "searching…" }
        let count = search.results.count
        if count == 0 { return "Search" }
        let shown = count >= SearchReducer.resultLimit ? "\(count)+" : "\(count)"
        return "\(shown) result\(count == 1 ? "" : "s") for '\(search.answeredText)'"
    }

    /// What the list says when it has no results.
    static func emptyText(_ search: SearchState) -> String {
        if let problem = search.problem { return problem }
        if search.line.characters.isEmpty { return "a place, city, region, country, airport code or lat,lon" }
        return search.pending ? "searching…" : "nothing found: fewer letters, or another spelling"
    }

    /// The columns of the listed results: glyph, name, kind, where, distance (right-aligned). Names
    /// take up to half the room left by the distance, kinds what they need, places the rest; each cut
    /// with an ellipsis when too long.
    struct Columns {
        var name = 0, kind = 0, place = 0, distance = 0
        let width: Int

        init(_ results: [SearchResult], width: Int) {
            self.width = width
            distance = results.map { TextWidth.of(SearchPane.distanceText($0.distanceKm)) }.max() ?? 0
            let rest = width - 2 - distance - 1
            name = min(results.map { TextWidth.of($0.name) }.max() ?? 0, max(rest / 2, min(rest, 12)))
            kind = min(results.map { TextWidth.of($0.kind.label) }.max() ?? 0, max(rest - name - 2, 0))
            place = max(rest - name - 2 - kind - 2, 0)
        }

        /// One result's line (the glyph's cell left blank: it is drawn in its own colour).
        func row(_ result: SearchResult) -> String {
            var line = "  " + SearchPane.pad(Ellipsis.fit(result.name, width: name), name)
            if kind > 0 { line += "  " + SearchPane.pad(Ellipsis.fit(result.kind.label, width: kind), kind) }
            if place > 0 { line += "  " + Ellipsis.fit(result.whereText, width: place) }
            let distanceText = SearchPane.distanceText(result.distanceKm)
            return SearchPane.pad(line, width - TextWidth.of(distanceText)) + distanceText
        }
    }

    /// "850 m", "12.3 km", "8,603 km".
    static func distanceText(_ km: Double) -> String {
        if km < 1 { return String(format: "%.0f m", km * 1000) }
        if km < 100 { return String(format: "%.1f km", km) }
        return NumberText.grouped(Int(km.rounded())) + " km"
    }

    /// Pads text with spaces to `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - TextWidth.of(text), 0))
    }

    /// The glyph of a kind of result: a place's own, or a mark for gazetteer entries and coordinates.
    static func glyph(_ kind: SearchKind, ascii: Bool) -> (scalar: Unicode.Scalar, color: TermColor) {
        switch kind {
        case .place(let kind):
            let glyph = PlaceGlyphs.glyph(kind)
            return (glyph.scalar(ascii: ascii), glyph.color)
        case .country: return (ascii ? "#" : "■", TermColor(252))
        case .region: return (ascii ? "=" : "□", TermColor(252))
        case .city: return (ascii ? "o" : "●", TermColor(231))
        case .coordinate: return (ascii ? MarkerPass.foundSymbol.1 : MarkerPass.foundSymbol.0, MarkerPass.foundColor)
        }
    }

    // MARK: The line

    /// `/ text` with the cursor cell in reverse, scrolled so the cursor shows, and the key hints.
    func drawLine(_ search: SearchState, ascii: Bool, into grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.fill(cols: 0..<grid.cols, rows: row..<row + 1, with: Cell(" ", style: theme.statusBar))
        var hints = ascii ? Self.asciiHints : Self.hints
        let promptWidth = TextWidth.of(Self.prompt)
        if TextWidth.of(hints) + promptWidth + 12 > grid.cols { hints = "" }
        let room = grid.cols - promptWidth - TextWidth.of(hints) - 1
        var col = grid.put(Self.prompt, col: 0, row: row, style: theme.statusAccent)
        let characters = search.line.characters
        let cursor = search.line.cursor
        // The cursor and what is left of it, as much as fits.
        var start = 0
        var before = Self.width(characters[..<cursor])
        while start < cursor, before + 1 > room {
            before -= TextWidth.of(String(characters[start]))
            start += 1
        }
        for i in start..<characters.count {
            let text = String(characters[i])
            guard col + TextWidth.of(text) <= promptWidth + room else { break }
            col = grid.put(text, col: col, row: row, style: i == cursor ? Self.cursorStyle : theme.statusBar)
        }
        if cursor == characters.count, col < promptWidth + room + 1 {
            grid.put(" ", col: col, row: row, style: Self.cursorStyle)
        }
        if !hints.isEmpty { grid.put(hints, col: grid.cols - TextWidth.of(hints), row: row, style: theme.statusBar) }
    }

    static let cursorStyle = CellStyle(fg: TermColor(16), bg: TermColor(252))

    static func width(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + TextWidth.of(String($1)) }
    }
}
