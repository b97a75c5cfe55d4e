import GeoCore
import Places
import Render

/// Draws pins (their number on their colour), the midpoint and meeting-point markers, the way
/// there, and the user's position, which nothing hides.
struct MarkerLayer {
    static let midpointSymbol: (Unicode.Scalar, Unicode.Scalar) = ("⊗", "M")
    static let meetingSymbol: (Unicode.Scalar, Unicode.Scalar) = ("⌖", "X")
    static let userSymbol: (Unicode.Scalar, Unicode.Scalar) = ("◉", "@")
    static let routeColor = TermColor(213)

    /// Pins and centre markers, drawn over places and the crosshair (the midpoint often sits at the
    /// centre after a fit).
    func drawPins(_ state: MapState, into grid: inout CellGrid) {
        for pin in state.pins.pins {
            let style = CellStyle(fg: TermColor(16), bg: TermColor(pin.color.xterm), attributes: .bold)
            put(
                Unicode.Scalar(String(pin.symbol))!, at: pin.coordinate, style: style,
                selected: state.selection == .pin(pin.number), state, &grid)
        }
        if let mid = state.pins.midpoint {
            put(
                symbol(Self.midpointSymbol, state), at: mid, style: CellStyle(fg: TermColor(231), attributes: .bold),
                selected: state.selection == .midpoint, state, &grid)
        }
        if let meeting = state.pins.meetingPoint {
            // With two pins the meeting point may be the midpoint itself: show it beside it, not under it.
            let shared = state.pins.midpoint.map { sameCell($0, meeting, state) } ?? false
            put(
                symbol(Self.meetingSymbol, state), at: meeting, style: CellStyle(fg: TermColor(46), attributes: .bold),
                selected: state.selection == .meetingPoint, state, &grid, colOffset: shared ? 1 : 0)
        }
    }

    /// The user's position, drawn last so that nothing hides it.
    func drawUser(_ state: MapState, into grid: inout CellGrid) {
        guard let location = state.userLocation else { return }
        put(
            symbol(Self.userSymbol, state), at: location, style: CellStyle(fg: TermColor(196), attributes: .bold),
            selected: false, state, &grid)
    }

    /// The great-circle way as braille dots over the map (under every glyph).
    func drawRoute(_ state: MapState, into grid: inout CellGrid) {
        guard let route = state.route else { return }
        let transform = state.transform
        let view = state.mapViewport
        var canvas = DotCanvas(cols: view.cols, rows: view.rows)
        let centerX = transform.camera.centerWorld.x
        for piece in route.pieces {
            guard let first = piece.first else { continue }
            // One shift for the whole piece keeps it continuous on the copy of the world nearest the view.
            let shift = (centerX - Mercator.project(first).x).rounded()
            var previous: (x: Double, y: Double)?
            for point in piece {
                var world = Mercator.project(point)
                world.x += shift
                let dot = transform.dots(world)
                if let p = previous { canvas.drawLine(x0: p.x, y0: p.y, x1: dot.x, y1: dot.y, color: Self.routeColor) }
                previous = dot
            }
        }
        for row in 0..<view.rows {
            for col in 0..<view.cols where canvas.dots[row * view.cols + col] != 0 {
                let mask = canvas.dots[row * view.cols + col]
                let existing = grid[col, row]
                let base = (0x2800...0x28FF).contains(existing.scalar) ? UInt8(existing.scalar - 0x2800) : 0
                let scalar =
                    state.ascii
                    ? AsciiStroke.character(for: mask | base) : Unicode.Scalar(0x2800 + UInt32(mask | base))!
                grid[col, row] = Cell(
                    scalar, style: CellStyle(fg: Self.routeColor, bg: existing.style.bg, attributes: .bold))
            }
        }
    }

    func symbol(_ pair: (Unicode.Scalar, Unicode.Scalar), _ state: MapState) -> Unicode.Scalar {
        state.ascii ? pair.1 : pair.0
    }

    func sameCell(_ a: LatLon, _ b: LatLon, _ state: MapState) -> Bool {
        let ca = PlaceGlyphs.cell(of: a, state.transform, state.mapViewport)
        let cb = PlaceGlyphs.cell(of: b, state.transform, state.mapViewport)
        return ca != nil && ca?.col == cb?.col && ca?.row == cb?.row
    }

    func put(
        _ scalar: Unicode.Scalar, at point: LatLon, style: CellStyle, selected: Bool, _ state: MapState,
        _ grid: inout CellGrid, colOffset: Int = 0
    ) {
        guard var cell = PlaceGlyphs.cell(of: point, state.transform, state.mapViewport) else { return }
        cell.col = min(cell.col + colOffset, state.mapViewport.cols - 1)
        var style = style
        if style.bg.isDefault { style.bg = grid[cell.col, cell.row].style.bg }
        if selected { style.attributes.formUnion([.reverse, .bold]) }
        grid[cell.col, cell.row] = Cell(scalar, style: style)
    }
}
