import GeoCore
import Render

/// Builds the whole screen from the state and the rendered map: names, places and marks placed
/// together (`OverlayPlacement`), the crosshair where it hides nothing, panes, status bar, help and
/// alert on top. Pure: the same inputs always give the same grid.
public struct FrameComposer: Sendable {
    public var theme: Theme

    public init(theme: Theme = Theme()) { self.theme = theme }

    /// Colours of everything drawn over the map.
    public struct Theme: Sendable {
        public var crosshair = CellStyle(fg: TermColor(226))
        public var statusBar = CellStyle(fg: TermColor(252), bg: TermColor(237))
        public var statusAccent = CellStyle(fg: TermColor(229), bg: TermColor(237), attributes: .bold)
        public var pane = CellStyle(fg: TermColor(252), bg: TermColor(234))
        public var paneTitle = CellStyle(fg: TermColor(229), bg: TermColor(234), attributes: .bold)
        public var paneBorder = CellStyle(fg: TermColor(244), bg: TermColor(234))
        public var alert = CellStyle(fg: TermColor(231), bg: TermColor(88))
        public var alertTitle = CellStyle(fg: TermColor(231), bg: TermColor(88), attributes: .bold)

        public init() {}
    }

    /// The smallest screen the map draws on; below it a short notice fills the screen.
    public static let minimumSize = (cols: 20, rows: 5)

    /// The full screen for `state`, with `map` (sized `state.mapViewport`) as the background and its
    /// names placed among the places.
    public func compose(_ state: MapState, map: consuming RenderedMap) -> CellGrid {
        guard state.screen.cols >= Self.minimumSize.cols, state.screen.rows >= Self.minimumSize.rows,
            map.grid.cols == state.screen.cols, map.grid.rows < state.screen.rows
        else {
            var grid = CellGrid(cols: state.screen.cols, rows: state.screen.rows)
            drawTooSmall(&grid)
            return grid
        }
        let marks = FixedMarks(state)
        let credit = CreditLine(state)
        let placement = OverlayPlacement(state, marks: marks, credit: credit, map: map)
        var map = consume map
        LayerPainter().paint(state, into: &map.grid)
        RunwayPainter().paint(state, into: &map.grid)
        let layer = MarkerPass()
        // Under the names, so that every name stays whole.
        layer.drawRoute(state, into: &map.grid)
        LocationPainter().paint(state, into: &map.grid)
        for i in placement.labels { map.draw(label: i) }
        // The grid taken out of the map, its only owner: its status bar row is added in place (the
        // renderer left room for it), where a second reference would copy every cell.
        var grid = (consume map).grid
        grid.appendRows(state.screen.rows - grid.rows)
        credit.draw(into: &grid)
        drawMarkers(placement.markers, state, into: &grid)
        LayerMarkerPlacement.draw(placement.layerMarkers, state, into: &grid)
        drawCrosshair(state, placement.occupancy, &grid)
        layer.draw(state, marks, into: &grid)
        if state.detailOpen, let selection = state.selection {
            DetailPane(theme: theme).draw(selection, state: state, into: &grid)
        }
        drawFocus(state, counts: placement.counts, into: &grid)
        // Over the focus, as it takes the keys before the focus does.
        if let alert = state.alert { AlertBox(theme: theme).draw(alert, into: &grid) }
        return grid
    }

    /// The bottom row and the overlay of whatever has the focus (`MapReducer.handle` hands it the keys):
    /// the search line instead of the status bar, or a panel or the help over the map.
    func drawFocus(_ state: MapState, counts: (markers: Int, places: Int), into grid: inout CellGrid) {
        let statusBar = { (grid: inout CellGrid) in
            StatusBar(theme: theme).draw(state, counts: counts, into: &grid)
        }
        switch state.focus {
        case .map, .prompt:
            statusBar(&grid)
        case .search(let search):
            SearchPane(theme: theme).draw(search, state: state, into: &grid)
        case .filters:
            statusBar(&grid)
            FilterPanel(theme: theme).draw(state, into: &grid)
        case .layers:
            statusBar(&grid)
            LayerListPanel(theme: theme).draw(state, into: &grid)
        case .help(let top):
            statusBar(&grid)
            HelpOverlay(theme: theme).draw(top: top, ascii: state.ascii, layers: state.layers.layers, into: &grid)
        }
    }

    /// The markers: a glyph in its kind's colour, or a count on its main kind's colour; the selection
    /// highlighted.
    func drawMarkers(_ markers: [DrawnMarker], _ state: MapState, into grid: inout CellGrid) {
        let selectedKey = state.selection?.markerKey
        for marker in markers {
            let selected = selectedKey.map { key in marker.parts.contains { $0.key == key } } ?? false
            if let place = marker.place {
                guard grid.contains(col: marker.col, row: marker.row) else { continue }
                let glyph = PlaceGlyphs.glyph(place)
                grid[marker.col, marker.row] = Cell(
                    glyph.scalar(ascii: state.ascii),
                    style: PlaceGlyphs.glyphStyle(glyph, bg: grid[marker.col, marker.row].style.bg, selected: selected))
            } else {
                grid.put(
                    marker.text(ascii: state.ascii), col: marker.startCol, row: marker.row,
                    style: PlaceGlyphs.countStyle(marker.dominantKind, selected: selected), maxCol: grid.cols)
            }
        }
    }

    /// The crosshair at the view centre, only where no name, place or mark is (lines may be under it).
    func drawCrosshair(_ state: MapState, _ occupancy: CellOccupancy, _ grid: inout CellGrid) {
        let (col, row) = state.crosshair
        guard grid.contains(col: col, row: row), occupancy.holder(col: col, row: row) == .free else { return }
        var style = theme.crosshair
        style.bg = grid[col, row].style.bg
        grid[col, row] = Cell(state.ascii ? "+" : "✚", style: style)
    }

    /// The notice of a screen below `minimumSize`: the longest wording whose lines fit the width, the
    /// program's name dropped first when rows are short, never a word cut ("terminal t").
    func drawTooSmall(_ grid: inout CellGrid) {
        let need = "need \(Self.minimumSize.cols)x\(Self.minimumSize.rows)"
        let wordings = [
            ["mapterm", "terminal too small", need], ["mapterm", "too small", need], ["too small", need],
            ["small", "\(Self.minimumSize.cols)x\(Self.minimumSize.rows)"], ["<"],
        ]
        let fitting = wordings.filter { $0.allSatisfy { TextWidth.of($0) <= grid.cols } }
        let lines = fitting.first { $0.count <= grid.rows } ?? fitting.last ?? []
        for (i, line) in lines.enumerated() where i < grid.rows {
            grid.put(line, col: 0, row: i, style: .plain)
        }
    }
}
