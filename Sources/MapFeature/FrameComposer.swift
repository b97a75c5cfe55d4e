import GeoCore
import Render

/// Builds the whole screen from the state and the rendered map: crosshair, status bar, help and
/// alert on top. Pure: the same inputs always give the same grid.
public struct FrameComposer: Sendable {
    public var theme: Theme

    public init(theme: Theme = Theme()) { self.theme = theme }

    /// Colours of everything drawn over the map.
    public struct Theme: Sendable {
        public var crosshair = CellStyle(fg: TermColor(226), attributes: .bold)
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

    /// The full screen for `state`, with `map` (sized `state.mapViewport`) as the background.
    public func compose(_ state: MapState, map: consuming CellGrid) -> CellGrid {
        guard state.screen.cols >= Self.minimumSize.cols, state.screen.rows >= Self.minimumSize.rows,
            map.cols == state.screen.cols, map.rows < state.screen.rows
        else {
            var grid = CellGrid(cols: state.screen.cols, rows: state.screen.rows)
            drawTooSmall(&grid)
            return grid
        }
        var grid = consume map
        grid.appendRows(state.screen.rows - grid.rows)
        let markers = MarkerLayer()
        markers.drawRoute(state, into: &grid)
        PlaceGlyphs().draw(state, into: &grid)
        drawCrosshair(state, &grid)
        markers.drawPins(state, into: &grid)
        markers.drawUser(state, into: &grid)
        if state.detailOpen, let selection = state.selection {
            DetailPane(theme: theme).draw(selection, state: state, into: &grid)
        }
        StatusBar(theme: theme).draw(state, into: &grid)
        if state.showHelp { HelpOverlay(theme: theme).draw(ascii: state.ascii, into: &grid) }
        if let alert = state.alert { AlertBox(theme: theme).draw(alert, into: &grid) }
        return grid
    }

    func drawCrosshair(_ state: MapState, _ grid: inout CellGrid) {
        let (col, row) = state.crosshair
        guard grid.contains(col: col, row: row) else { return }
        var style = theme.crosshair
        style.bg = grid[col, row].style.bg
        grid[col, row] = Cell(state.ascii ? "+" : "✚", style: style)
    }

    func drawTooSmall(_ grid: inout CellGrid) {
        let lines = ["mapterm", "terminal too small", "need 20x5"]
        for (i, line) in lines.enumerated() where i < grid.rows {
            grid.put(line, col: 0, row: i, style: .plain)
        }
    }
}
