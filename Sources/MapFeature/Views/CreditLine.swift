import Render

/// The short credit of the tile sources drawn ("OpenFreeMap © OpenMapTiles © OpenStreetMap · Natural
/// Earth"), always on the map: in its bottom-right corner, in the bottom-left one while the side pane
/// is open, on the top row while the bottom pane is. The fullest form that takes at most half the
/// width; none on maps under `minimumRows` rows. Its cells are taken before any name or place.
struct CreditLine {
    /// The text and where it starts; nil when there is no credit or no room.
    let placed: (text: String, col: Int, row: Int, width: Int)?

    /// Map rows below which the credit gives way.
    static let minimumRows = 4
    /// The credit's colour (its background is the map's under it).
    static let color = TermColor(245)

    init(_ state: MapState) {
        let view = state.mapViewport
        guard view.rows >= Self.minimumRows,
            let text = state.tiles.credit.first(where: { TextWidth.of($0) <= view.cols / 2 })
        else {
            placed = nil
            return
        }
        let width = TextWidth.of(text)
        let right = view.cols - width
        if state.detailOpen && state.selection != nil {
            placed = DetailPane.isSide(cols: view.cols) ? (text, 0, view.rows - 1, width) : (text, right, 0, width)
        } else {
            placed = (text, right, view.rows - 1, width)
        }
    }

    /// The cells it takes.
    var cells: [(col: Int, row: Int)] {
        guard let placed else { return [] }
        return (placed.col..<placed.col + placed.width).map { ($0, placed.row) }
    }

    /// Writes the credit over the map.
    func draw(into grid: inout CellGrid) {
        guard let placed else { return }
        var col = placed.col
        for character in placed.text {
            let bg = grid[col, placed.row].style.bg
            col = grid.put(String(character), col: col, row: placed.row, style: CellStyle(fg: Self.color, bg: bg))
        }
    }
}
