import Render

/// A frame as text with ANSI SGR colour sequences (xterm 256 colours), each line ending with a reset.
enum AnsiText {
    static func render(_ grid: CellGrid) -> String {
        var out = ""
        for row in 0..<grid.rows {
            var current: CellStyle?
            for col in 0..<grid.cols {
                let cell = grid[col, row]
                if cell.isContinuation { continue }
                if cell.style != current {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out.unicodeScalars.append(Unicode.Scalar(cell.scalar) ?? "?")
            }
            out += "\u{1B}[0m\n"
        }
        return out
    }

    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        if !style.fg.isDefault { codes.append("38;5;\(style.fg.rawValue)") }
        if !style.bg.isDefault { codes.append("48;5;\(style.bg.rawValue)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
