/// A frame as text with ANSI SGR colour sequences (xterm 256 colours), for `mapterm render --color`:
/// each line starts from the terminal's default state and ends with a reset and a newline. Colour
/// changes are as short as `TerminalEncoder` makes them (blanks carry the colour before them, one
/// sequence sets only what changed).
public enum AnsiText {
    /// The UTF-8 bytes of the frame.
    public static func encode(_ grid: CellGrid) -> [UInt8] {
        let normalized = TerminalEncoder.normalized(grid)
        var out: [UInt8] = []
        out.reserveCapacity(grid.cols * grid.rows * 4)
        for row in 0..<grid.rows {
            var pen: CellStyle?
            for col in 0..<grid.cols {
                let cell = normalized[col, row]
                if cell.isContinuation { continue }
                if pen != cell.style {
                    TerminalEncoder.appendTransition(from: pen ?? .plain, to: cell.style, into: &out)
                    pen = cell.style
                }
                let wide = col + 1 < grid.cols && normalized[col + 1, row].isContinuation
                TerminalEncoder.appendCharacter(cell.scalar, utf8: true, wide: wide, into: &out)
            }
            out += [0x1B, 0x5B, 0x30, 0x6D, 0x0A]  // ESC[0m and a newline
        }
        return out
    }
}
