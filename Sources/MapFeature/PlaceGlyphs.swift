import GeoCore
import Places
import Render

/// Draws places as one-cell glyphs: a symbol and colour per kind (a letter in ASCII mode); where
/// several places share a cell, their count (2–9, then `+`). The selected place is drawn in
/// reverse video and bold, on top of any count.
struct PlaceGlyphs {
    /// The symbol, ASCII letter and colour of each kind.
    static func glyph(_ kind: PlaceKind, ascii: Bool) -> (Unicode.Scalar, TermColor) {
        switch kind {
        case .restroom: return (ascii ? "T" : "⌂", TermColor(51))
        case .airport: return (ascii ? "A" : "➤", TermColor(213))
        }
    }

    func draw(_ state: MapState, into grid: inout CellGrid) {
        let transform = state.transform
        let view = state.mapViewport
        var cells: [Int: (count: Int, kind: PlaceKind?)] = [:]
        for place in state.places.visible {
            guard let cell = Self.cell(of: place.coordinate, transform, view) else { continue }
            let index = cell.row * view.cols + cell.col
            let previous = cells[index]
            cells[index] = (
                (previous?.count ?? 0) + 1, previous == nil || previous?.kind == place.kind ? place.kind : nil
            )
        }
        for (index, entry) in cells {
            let col = index % view.cols, row = index / view.cols
            let (symbol, color) = entry.kind.map { Self.glyph($0, ascii: state.ascii) } ?? ("?", TermColor(231))
            let scalar: Unicode.Scalar =
                entry.count == 1 ? symbol : entry.count <= 9 ? Unicode.Scalar(UInt8(48 + entry.count)) : "+"
            let bg = grid[col, row].style.bg
            grid[col, row] = Cell(scalar, style: CellStyle(fg: color, bg: bg, attributes: .bold))
        }
        if let selected = state.selection?.place, let cell = Self.cell(of: selected.coordinate, transform, view) {
            let (symbol, color) = Self.glyph(selected.kind, ascii: state.ascii)
            grid[cell.col, cell.row] = Cell(symbol, style: CellStyle(fg: color, attributes: [.reverse, .bold]))
        }
    }

    /// The map cell of a position, or nil when it is off the map area.
    static func cell(of point: LatLon, _ transform: ViewTransform, _ view: Viewport) -> (col: Int, row: Int)? {
        let (x, y) = transform.dots(point)
        guard x >= 0, y >= 0, x < Double(view.dotsWide), y < Double(view.dotsHigh) else { return nil }
        return (Int(x / 2), Int(y / 4))
    }
}
