import Glibc
import Render

/// A deterministic stand-in for a rendered map frame, for byte measurements: land and water as
/// background colours, braille coastlines and borders, short labels, a fixed crosshair and a fixed
/// status line on the last row. Content is a function of world cell coordinates, so a pan by
/// (dx, dy) cells moves every map cell exactly, as the real renderer does between pan steps.
enum SyntheticMap {
    static let water = CellStyle(fg: TermColor(39), bg: TermColor(17))
    static let land = CellStyle(fg: TermColor(39), bg: TermColor(22))
    static let border = CellStyle(fg: TermColor(250), bg: TermColor(22))
    static let label = CellStyle(fg: TermColor(230), bg: TermColor(22), attributes: .bold)
    static let statusStyle = CellStyle(fg: TermColor(16), bg: TermColor(250))
    static let crosshair = CellStyle(fg: TermColor(196), bg: .terminalDefault, attributes: .bold)

    /// A `cols` × `rows` frame whose map area (all rows but the last) shows the world from cell
    /// (originX, originY), at `scale` (2 = zoomed in one step). `dense` puts a braille character with
    /// dots in every map cell (a worst case); otherwise most cells are blank land or water.
    static func frame(
        cols: Int = 160, rows: Int = 48, originX: Int = 0, originY: Int = 0, scale: Double = 1,
        dense: Bool = false, status: String = "52.5200°N 13.4050°E  z3.5  |-----| 500 km"
    ) -> CellGrid {
        var grid = CellGrid(cols: cols, rows: rows)
        for y in 0..<(rows - 1) {
            for x in 0..<cols {
                var cell = cell(worldX: originX + x, worldY: originY + y, scale: scale)
                if dense && cell.scalar == 0x20 {
                    cell = Cell(braille(worldX: originX + x, worldY: originY + y), style: cell.style)
                }
                grid[x, y] = cell
            }
        }
        grid[cols / 2, (rows - 1) / 2] = Cell("+", style: crosshair)
        grid.fill(cols: 0..<cols, rows: (rows - 1)..<rows, with: Cell(" ", style: statusStyle))
        grid.put(status, col: 1, row: rows - 1, style: statusStyle)
        return grid
    }

    static func cell(worldX: Int, worldY: Int, scale: Double) -> Cell {
        let h = height(Double(worldX) / scale, Double(worldY) / scale)
        let isLand = h > 0.3
        // Labels: "Town" at every 40th column / 9th row on land.
        let lx = (worldX - 7) - 40 * Int((Double(worldX - 7) / 40).rounded(.down))
        if isLand, lx < 4, (worldY - 3) % 9 == 0 {
            return Cell(Array("Town".unicodeScalars)[lx], style: label)
        }
        // Coast: where the height crosses the sea level within this cell.
        let dx = height(Double(worldX + 1) / scale, Double(worldY) / scale) - 0.3
        let dy = height(Double(worldX) / scale, Double(worldY + 1) / scale) - 0.3
        if (h - 0.3).sign != dx.sign || (h - 0.3).sign != dy.sign {
            return Cell(braille(worldX: worldX, worldY: worldY), style: isLand ? land : water)
        }
        // Borders: a few straight lines on land.
        if isLand && ((worldX + 2 * worldY) % 53 == 0 || worldX % 67 == 0) {
            return Cell(Unicode.Scalar(0x2847)!, style: border)
        }
        return Cell(" ", style: isLand ? land : water)
    }

    /// A braille character with at least one dot, fixed per world cell.
    private static func braille(worldX: Int, worldY: Int) -> Unicode.Scalar {
        let dots = UInt32(truncatingIfNeeded: (worldX &* 73_856_093) ^ (worldY &* 19_349_663)) % 255 + 1
        return Unicode.Scalar(0x2800 + dots) ?? " "
    }

    private static func height(_ x: Double, _ y: Double) -> Double {
        sin(x / 13) + cos(y / 5) + 0.8 * sin((x + 2 * y) / 21)
    }
}
