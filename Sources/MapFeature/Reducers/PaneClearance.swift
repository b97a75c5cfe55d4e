import GeoCore

/// The detail pane never hides what it describes: when it opens (or its selection or the screen
/// changes) over the selected place, the map shifts so the place lies in the part of the map the pane
/// leaves free, left of a side pane or above a bottom one. Closing the pane leaves the map where it
/// is: the place stays in view where it was.
enum PaneClearance {
    /// Cells kept between the place and the pane or the screen's edge.
    static let marginCells = 3

    /// Shifts the camera, along each axis where it must, so the selection is at least `marginCells`
    /// inside the free part of the map (at its middle along that axis).
    static func keepBesidePane(_ state: inout MapState) {
        guard let point = state.selection?.coordinate(state) else { return }
        let view = state.mapViewport
        let pane = DetailPane.frame(cols: state.screen.cols, rows: state.screen.rows)
        let side = DetailPane.isSide(cols: state.screen.cols)
        let freeCols = side ? pane.col : view.cols
        let freeRows = side ? view.rows : pane.row
        guard freeCols > 0, freeRows > 0 else { return }
        let dots = state.transform.dots(point)
        let col = dots.x / Double(Viewport.dotsPerColumn)
        let row = dots.y / Double(Viewport.dotsPerRow)
        let dx = shift(col, free: freeCols) * Double(Viewport.dotsPerColumn)
        let dy = shift(row, free: freeRows) * Double(Viewport.dotsPerRow)
        if dx != 0 || dy != 0 { state.camera = state.camera.panned(dx: dx, dy: dy) }
    }

    /// How far, in cells, the map moves so that `position` (in cells) is inside `0..<free` with the
    /// margin: 0 when it is already, else what brings it to the middle.
    static func shift(_ position: Double, free: Int) -> Double {
        let margin = Double(min(marginCells, max(free / 2 - 1, 0)))
        if position >= margin && position < Double(free) - margin { return 0 }
        return position - Double(free) / 2
    }
}
