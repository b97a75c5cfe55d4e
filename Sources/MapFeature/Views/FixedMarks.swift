import GeoCore
import Places

/// Where the marks that are always drawn go: the user's position, the pins, the midpoint and the
/// meeting point. Their cells are taken before any name or place. A centre mark that falls on a pin
/// (or the meeting point on the midpoint) moves one cell aside, so nothing hides a pin.
struct FixedMarks {
    typealias Cell = (col: Int, row: Int)

    var user: Cell?
    /// The arrow of the user's heading, beside `user`, while moving with a fresh fix.
    var heading: (cell: Cell, arrow: UserHeading)?
    var pins: [(number: Int, cell: Cell)] = []
    var midpoint: Cell?
    var meetingPoint: Cell?
    /// The selected search result that is not a place (a city, a country, a coordinate).
    var found: Cell?

    init(_ state: MapState) {
        let cell = { (point: LatLon) in Self.cell(of: point, state.transform, state.mapViewport) }
        user = state.userLocation.flatMap(cell)
        if let user, let arrow = UserHeading(state.location) {
            let next = (col: user.col + arrow.step.dx, row: user.row + arrow.step.dy)
            if next.col >= 0, next.row >= 0, next.col < state.mapViewport.cols, next.row < state.mapViewport.rows {
                heading = (next, arrow)
            }
        }
        pins = state.pins.pins.compactMap { pin in cell(pin.coordinate).map { (pin.number, $0) } }
        var taken = pins.map(\.cell) + [user, heading?.cell].compactMap { $0 }
        let cols = state.mapViewport.cols
        midpoint = state.pins.midpoint.flatMap(cell).map { Self.aside($0, from: taken, cols: cols) }
        if let midpoint { taken.append(midpoint) }
        meetingPoint = state.pins.meetingPoint.flatMap(cell).map { Self.aside($0, from: taken, cols: cols) }
        if let meetingPoint { taken.append(meetingPoint) }
        if case .found(let result) = state.selection {
            found = cell(result.coordinate).map { Self.aside($0, from: taken, cols: cols) }
        }
    }

    /// Every cell taken, in no particular order.
    var cells: [Cell] {
        [user, heading?.cell, midpoint, meetingPoint, found].compactMap { $0 } + pins.map(\.cell)
    }

    /// `cell`, or the nearest cell right or left of it on its row that `taken` does not hold.
    static func aside(_ cell: Cell, from taken: [Cell], cols: Int) -> Cell {
        let free = { (c: Cell) in !taken.contains { $0.col == c.col && $0.row == c.row } }
        for dx in [0, 1, -1, 2, -2] {
            let candidate = (col: cell.col + dx, row: cell.row)
            if candidate.col >= 0, candidate.col < cols, free(candidate) { return candidate }
        }
        return cell
    }

    /// The map cell of a position, or nil when it is off the map area.
    static func cell(of point: LatLon, _ transform: ViewTransform, _ view: Viewport) -> Cell? {
        let (x, y) = transform.dots(point)
        guard x >= 0, y >= 0, x < Double(view.dotsWide), y < Double(view.dotsHigh) else { return nil }
        return (Int(x / 2), Int(y / 4))
    }
}
