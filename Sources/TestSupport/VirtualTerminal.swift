import Render

/// A small model of an ANSI terminal for tests: applies the bytes `TerminalEncoder` and `AnsiText`
/// write (UTF-8 text, CUP, CUF, SGR, ED 2, EL, ECH, DECSTBM, LF, CR, RI) to a grid of cells, and
/// records anything else it meets in `unknown`, so a test fails on a sequence it did not expect.
/// Wide characters take two cells; erasing and scrolling fill with the current background (as a
/// terminal with background colour erase does).
public struct VirtualTerminal {
    public private(set) var screen: CellGrid
    public private(set) var unknown: [String] = []
    public private(set) var row = 0
    public private(set) var col = 0
    private var pen = CellStyle.plain
    private var top = 0
    private var bottom: Int
    private var pending: [UInt8] = []

    public init(cols: Int, rows: Int) {
        screen = CellGrid(cols: cols, rows: rows)
        bottom = rows - 1
    }

    /// What each cell looks like: its character and, for anything but a blank, its style; a blank keeps
    /// only its background (its foreground and weight cannot be seen).
    public static func appearance(_ grid: CellGrid) -> [String] {
        (0..<grid.rows).map { row in
            (0..<grid.cols).map { col -> String in
                let cell = grid[col, row]
                if cell.scalar == 0x20 && !cell.style.attributes.contains(.reverse)
                    && !cell.style.attributes.contains(.underline)
                {
                    return " /\(cell.style.bg.rawValue)"
                }
                return
                    "\(cell.scalar)/\(cell.style.fg.rawValue)/\(cell.style.bg.rawValue)/\(cell.style.attributes.rawValue)"
            }.joined(separator: "|")
        }
    }

    /// Applies bytes (a sequence may be split between calls).
    public mutating func apply(_ bytes: [UInt8]) {
        var data = pending + bytes
        pending = []
        var i = 0
        while i < data.count {
            let byte = data[i]
            if byte == 0x1B {
                guard let end = sequenceEnd(data, from: i) else {
                    pending = Array(data[i...])
                    return
                }
                escape(Array(data[i..<end]))
                i = end
            } else if byte == 0x0A {
                lineFeed()
                i += 1
            } else if byte == 0x0D {
                col = 0
                i += 1
            } else if byte < 0x20 || byte == 0x7F {
                unknown.append("control \(byte)")
                i += 1
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard i + length <= data.count else {
                    pending = Array(data[i...])
                    return
                }
                let text = String(decoding: data[i..<i + length], as: UTF8.self)
                for scalar in text.unicodeScalars { print(scalar) }
                i += length
            }
        }
        data.removeAll()
    }

    private func sequenceEnd(_ data: [UInt8], from start: Int) -> Int? {
        guard start + 1 < data.count else { return nil }
        if data[start + 1] != 0x5B { return start + 2 }  // ESC M and other two-byte sequences
        var j = start + 2
        while j < data.count {
            if (0x40...0x7E).contains(data[j]) { return j + 1 }
            j += 1
        }
        return nil
    }

    private mutating func escape(_ sequence: [UInt8]) {
        if sequence == [0x1B, 0x4D] {
            reverseIndex()
            return
        }
        guard sequence.count >= 3, sequence[1] == 0x5B else {
            unknown.append(String(decoding: sequence.dropFirst(), as: UTF8.self))
            return
        }
        let final = sequence.last!
        let body = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? nil
        switch final {
        case 0x48:  // CUP
            row = min(max((first ?? 1) - 1, 0), screen.rows - 1)
            col = min(max((numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1, 0), screen.cols - 1)
        case 0x43: col = min(col + (first ?? 1), screen.cols - 1)  // CUF
        case 0x6D: sgr(numbers.map { $0 ?? 0 })
        case 0x4A where body == "2": screen.fill(cols: 0..<screen.cols, rows: 0..<screen.rows, with: blank)
        case 0x4B where body.isEmpty: screen.fill(cols: col..<screen.cols, rows: row..<row + 1, with: blank)
        case 0x58: screen.fill(cols: col..<min(col + (first ?? 1), screen.cols), rows: row..<row + 1, with: blank)
        case 0x72:
            top = body.isEmpty ? 0 : (first ?? 1) - 1
            bottom = body.isEmpty ? screen.rows - 1 : (numbers.count > 1 ? numbers[1] ?? screen.rows : screen.rows) - 1
            row = 0
            col = 0
        default: unknown.append(body + String(UnicodeScalar(final)))
        }
    }

    private var blank: Cell { Cell(" ", style: CellStyle(fg: .terminalDefault, bg: pen.bg)) }

    private mutating func sgr(_ codes: [Int]) {
        var i = 0
        while i < codes.count {
            let c = codes[i]
            switch c {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.fg = TermColor(c - 30)
            case 39: pen.fg = .terminalDefault
            case 40...47: pen.bg = TermColor(c - 40)
            case 49: pen.bg = .terminalDefault
            case 90...97: pen.fg = TermColor(c - 90 + 8)
            case 100...107: pen.bg = TermColor(c - 100 + 8)
            case 38, 48:
                guard i + 2 < codes.count, codes[i + 1] == 5 else {
                    unknown.append("sgr \(codes)")
                    return
                }
                if c == 38 { pen.fg = TermColor(codes[i + 2]) } else { pen.bg = TermColor(codes[i + 2]) }
                i += 2
            default: unknown.append("sgr \(c)")
            }
            i += 1
        }
    }

    private mutating func print(_ scalar: Unicode.Scalar) {
        let width = TextWidth.of(scalar)
        guard width > 0 else { return }
        if col + width > screen.cols {
            unknown.append("text past the right edge")
            return
        }
        screen[col, row] = Cell(scalar, style: pen)
        if width == 2 {
            screen[col + 1, row] = .continuation(style: pen)
        }
        col = min(col + width, screen.cols - 1)
    }

    private mutating func lineFeed() {
        if row == bottom {
            scroll(up: true)
        } else {
            row = min(row + 1, screen.rows - 1)
        }
    }

    private mutating func reverseIndex() {
        if row == top { scroll(up: false) } else { row = max(row - 1, 0) }
    }

    private mutating func scroll(up: Bool) {
        var next = screen
        for r in top...bottom {
            let source = up ? r + 1 : r - 1
            for c in 0..<screen.cols {
                next[c, r] = source >= top && source <= bottom ? screen[c, source] : blank
            }
        }
        screen = next
    }
}
