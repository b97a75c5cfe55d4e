import Foundation
import GeoCore
import Render

/// The bottom line: centre coordinates, zoom, a scale bar in km and miles, and key hints.
struct StatusBar {
    let theme: FrameComposer.Theme

    static let spinner: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let asciiSpinner: [Unicode.Scalar] = ["|", "/", "-", "\\"]

    /// "  ⠋ 12 places" while loading, "  12 places" after.
    func drawPlaces(_ state: MapState, col: Int, row: Int, into grid: inout CellGrid) -> Int {
        let count = state.places.visible.count
        var text = "  \(count) place\(count == 1 ? "" : "s")"
        if state.places.isLoading {
            let frames = state.ascii ? Self.asciiSpinner : Self.spinner
            text = "  \(frames[state.places.spinnerPhase % frames.count]) loading" + text.dropFirst(1)
        }
        return grid.put(text, col: col, row: row, style: theme.statusBar)
    }

    func draw(_ state: MapState, into grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.fill(cols: 0..<grid.cols, rows: row..<row + 1, with: Cell(" ", style: theme.statusBar))
        if let prompt = state.prompt {
            grid.put(" " + prompt.text, col: 0, row: row, style: theme.statusAccent)
            return
        }
        let center = state.camera.center
        var col = grid.put(" \(center)", col: 0, row: row, style: theme.statusAccent)
        col = grid.put(String(format: "  z %.1f", state.camera.zoom), col: col, row: row, style: theme.statusBar)
        col = drawPlaces(state, col: col, row: row, into: &grid)
        if state.userLocation == nil {
            col = grid.put("  location unknown", col: col, row: row, style: theme.statusBar)
        }
        let metersPerCell = state.transform.metersPerDot * Double(Viewport.dotsPerColumn)
        if let bar = ScaleBar.fitting(metersPerCell: metersPerCell, maxCells: 12) {
            let line =
                state.ascii
                ? "|" + String(repeating: "-", count: max(bar.cells - 2, 0)) + "|"
                : "├" + String(repeating: "─", count: max(bar.cells - 2, 0)) + "┤"
            col = grid.put(
                "  \(line) \(bar.metricText) · \(bar.imperialText)", col: col, row: row, style: theme.statusBar)
        }
        let hint = "? help  q quit "
        // The scale bar gives way to the hint on narrow screens.
        let hintCol = grid.cols - TextWidth.of(hint)
        if hintCol > col + 1 { grid.put(hint, col: hintCol, row: row, style: theme.statusBar) }
    }
}
