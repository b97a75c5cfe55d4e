/// A frame as text with ANSI SGR colour sequences (xterm 256 colours), for `mapterm render --color`:
/// each line starts from the terminal's default state and ends with a reset and a newline. Colour
/// changes are as short as `TerminalEncoder` makes them (blanks carry the colour before them, one
/// sequence sets only what changed).
public enum AnsiText {
    /// The UTF-8 bytes of the frame.
    public static func encode(_ grid: CellGrid) -> [UInt8] {
        var cells: [Cell] = []
        TerminalEncoder.normalize(grid, into: &cells)
        var out: [UInt8] = []
        out.reserveCapacity(grid.cols * grid.rows * 3 + grid.rows * 8)
        let cols = grid.cols
        cells.withUnsafeBufferPointer { cells in
            for row in 0..<grid.rows {
                var pen = CellStyle.plain
                for i in row * cols..<(row + 1) * cols {
                    let cell = cells[i]
                    if cell.isContinuation { continue }
                    if pen != cell.style {
                        TerminalEncoder.appendTransition(from: pen, to: cell.style, into: &out)
                        pen = cell.style
                    }
                    let wide = i + 1 < (row + 1) * cols && cells[i + 1].isContinuation
                    TerminalEncoder.appendCharacter(cell.scalar, utf8: true, wide: wide, into: &out)
                }
                out += [0x1B, 0x5B, 0x30, 0x6D, 0x0A]  // ESC[0m and a newline
            }
        }
        return out
    }
}
