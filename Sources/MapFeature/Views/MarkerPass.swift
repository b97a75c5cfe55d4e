import GeoCore
import Places
import Render

/// Draws pins (their number on their colour), the midpoint and meeting-point markers, the way
/// there, and the user's position, at the cells `FixedMarks` gives them.
struct MarkerPass {
    static let midpointSymbol: (Unicode.Scalar, Unicode.Scalar) = ("⊗", "=")
    static let meetingSymbol: (Unicode.Scalar, Unicode.Scalar) = ("◈", "$")
    static let userSymbol: (Unicode.Scalar, Unicode.Scalar) = ("◉", "@")
    static let foundSymbol: (Unicode.Scalar, Unicode.Scalar) = ("◎", "*")
    static let foundColor = TermColor(51)
    /// The way there: a colour no map layer, glyph, pin or layer palette uses.
    static let routeColor = TermColor(129)
    static let midpointColor = TermColor(231)
    static let meetingColor = TermColor(46)
    static let userColor = TermColor(196)

    /// A pin: its number in dark bold on its colour, underlined so that without colour (`NO_COLOR`) it
    /// still differs from a count of places.
    static func pinStyle(_ pin: Pin) -> CellStyle {
        CellStyle(fg: TermColor(16), bg: TermColor(pin.color.xterm), attributes: [.bold, .underline])
    }

    /// Pins, centre marks and the user's position.
    func draw(_ state: MapState, _ marks: FixedMarks, into grid: inout CellGrid) {
        for (number, cell) in marks.pins {
            guard let pin = state.pins.pins.first(where: { $0.number == number }) else { continue }
            let style = Self.pinStyle(pin)
            put(Unicode.Scalar(String(pin.symbol))!, cell, style, selected: state.selection == .pin(number), &grid)
        }
        if let cell = marks.midpoint {
            put(
                symbol(Self.midpointSymbol, state), cell, CellStyle(fg: Self.midpointColor, attributes: .bold),
                selected: state.selection == .midpoint, &grid)
        }
        if let cell = marks.meetingPoint {
            put(
                symbol(Self.meetingSymbol, state), cell, CellStyle(fg: Self.meetingColor, attributes: .bold),
                selected: state.selection == .meetingPoint, &grid)
        }
        if let cell = marks.found {
            put(
                symbol(Self.foundSymbol, state), cell, CellStyle(fg: Self.foundColor, attributes: .bold),
                selected: true, &grid)
        }
        if let cell = marks.user {
            let style = CellStyle(fg: Self.userColor(state.location), attributes: .bold)
            put(symbol(Self.userSymbol, state), cell, style, selected: false, &grid)
            if let (cell, arrow) = marks.heading {
                put(arrow.symbol(ascii: state.ascii), cell, style, selected: false, &grid)
            }
        }
    }

    /// Greys for a GPS position that is not live: lighter while it is under a minute old, darker after,
    /// and when the fix or the daemon is lost.
    static let staleColor = TermColor(247)
    static let lostColor = TermColor(241)

    /// The marker's colour: red for a fixed location or a fresh fix, grey as a GPS position ages.
    static func userColor(_ location: LocationState) -> TermColor {
        guard location.isLive, !location.isFresh else { return userColor }
        return location.hasFix && location.link == .connected && location.age < 60 ? staleColor : lostColor
    }

    /// The way there as braille dots over the map (under every name and glyph): along the roads when a route
    /// was found, else the great-circle line.
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
        LayerPainter().merge(canvas, ascii: state.ascii, attributes: .bold, into: &grid)
    }

    func symbol(_ pair: (Unicode.Scalar, Unicode.Scalar), _ state: MapState) -> Unicode.Scalar {
        state.ascii ? pair.1 : pair.0
    }

    func put(
        _ scalar: Unicode.Scalar, _ cell: FixedMarks.Cell, _ style: CellStyle, selected: Bool, _ grid: inout CellGrid
    ) {
        guard grid.contains(col: cell.col, row: cell.row) else { return }
        var style = style
        if style.bg.isDefault { style.bg = grid[cell.col, cell.row].style.bg }
        if selected { style.attributes.formUnion([.reverse, .bold]) }
        grid[cell.col, cell.row] = Cell(scalar, style: style)
    }
}
