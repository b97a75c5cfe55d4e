/// One terminal cell: a Unicode scalar and its style. A wide scalar (two columns) occupies its
/// cell and marks the next one as `continuation`.
///
/// A cell never holds a control character (C0, DEL, C1) or a bidirectional or other invisible
/// format control: `init` puts "?" in its place, so whatever is drawn into a grid, its text and its
/// terminal encoding cannot carry an escape sequence.
public struct Cell: Hashable, Sendable {
    /// Unicode scalar value; `Cell.continuationScalar` for the right half of a wide character.
    public private(set) var scalar: UInt32
    public var style: CellStyle

    public init(_ scalar: Unicode.Scalar, style: CellStyle = .plain) {
        self.scalar = Self.drawable(scalar.value)
        self.style = style
    }

    /// The right half of a wide character drawn in `style`.
    public static func continuation(style: CellStyle) -> Cell {
        Cell(raw: continuationScalar, style: style)
    }

    /// `value` when a terminal shows it as a character, else "?".
    @inline(__always)
    static func drawable(_ value: UInt32) -> UInt32 {
        if value >= 0x20 && value < 0x7F { return value }
        switch value {
        case 0x00...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: return 0x3F
        default: return value
        }
    }

    init(raw: UInt32, style: CellStyle) {
        self.scalar = raw
        self.style = style
    }

    /// Marker stored in the cell right of a wide character.
    public static let continuationScalar: UInt32 = 0xFFFF_FFFF
    public static let blank = Cell(" ")

    public var isContinuation: Bool { scalar == Cell.continuationScalar }
}

/// A frame: `rows` × `cols` cells, row-major, top-left first. Pure value; the terminal adapter copies
/// it to the screen and tests compare it as text.
public struct CellGrid: Hashable, Sendable {
    public let cols: Int
    public private(set) var rows: Int
    public private(set) var cells: [Cell]

    public init(cols: Int, rows: Int, fill: Cell = .blank) {
        self.cols = max(cols, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: fill, count: self.cols * self.rows)
    }

    /// A grid over existing cells (row-major); `cells.count` must be `cols * rows`.
    public init(cols: Int, rows: Int, cells: consuming [Cell]) {
        precondition(cells.count == cols * rows, "cell count does not match the size")
        self.cols = cols
        self.rows = rows
        self.cells = cells
    }

    /// Adds `count` rows of `fill` at the bottom, in place (no copy when the storage is unique and
    /// has room: the map renderer reserves a row for the status bar).
    public mutating func appendRows(_ count: Int, fill: Cell = .blank) {
        guard count > 0 else { return }
        cells.append(contentsOf: repeatElement(fill, count: cols * count))
        rows += count
    }

    public subscript(col: Int, row: Int) -> Cell {
        get { cells[row * cols + col] }
        set { cells[row * cols + col] = newValue }
    }

    /// True when (col, row) lies inside the grid.
    @inline(__always)
    public func contains(col: Int, row: Int) -> Bool { col >= 0 && row >= 0 && col < cols && row < rows }

    /// Writes text from (col, row) rightwards, clipped at `maxCol` (exclusive, default the grid edge).
    /// Control characters must already be gone; zero-width scalars are skipped, wide ones take two
    /// cells (or are replaced by nothing when only one cell is left). Returns the column after the text.
    @discardableResult
    public mutating func put(_ text: String, col: Int, row: Int, style: CellStyle, maxCol: Int? = nil) -> Int {
        guard row >= 0, row < rows else { return col }
        let limit = min(maxCol ?? cols, cols)
        var x = col
        for scalar in text.unicodeScalars {
            let width = TextWidth.of(scalar)
            if width == 0 { continue }
            if x + width > limit { break }
            if x >= 0 {
                self[x, row] = Cell(scalar, style: style)
                if width == 2 { self[x + 1, row] = .continuation(style: style) }
            }
            x += width
        }
        return x
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(cols colRange: Range<Int>, rows rowRange: Range<Int>, with cell: Cell) {
        for y in max(rowRange.lowerBound, 0)..<min(rowRange.upperBound, rows) {
            for x in max(colRange.lowerBound, 0)..<min(colRange.upperBound, cols) { cells[y * cols + x] = cell }
        }
    }

    /// The text of one row, continuation cells left out.
    public func line(_ row: Int) -> String {
        var s = String.UnicodeScalarView()
        for x in 0..<cols {
            let raw = cells[row * cols + x].scalar
            if raw == Cell.continuationScalar { continue }
            s.append(Unicode.Scalar(raw) ?? "?")
        }
        return String(s)
    }

    /// All rows as text, joined with newlines (no trailing newline).
    public var text: String { (0..<rows).map(line).joined(separator: "\n") }

    /// The style plane for snapshots: one letter per cell naming its style, plus a legend line per
    /// style ("a: fg 15 bg 17 bold"), letters given in order of first appearance.
    public var styleText: String {
        var letters: [CellStyle: Character] = [:]
        var order: [CellStyle] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var lines: [String] = []
        for y in 0..<rows {
            var line = ""
            for x in 0..<cols {
                let style = cells[y * cols + x].style
                if letters[style] == nil {
                    letters[style] = order.count < alphabet.count ? alphabet[order.count] : "?"
                    order.append(style)
                }
                line.append(letters[style]!)
            }
            lines.append(line)
        }
        for style in order { lines.append("\(letters[style]!): \(CellGrid.describe(style))") }
        return lines.joined(separator: "\n")
    }

    static func describe(_ style: CellStyle) -> String {
        var parts = ["fg \(style.fg.rawValue)", "bg \(style.bg.rawValue)"]
        if style.attributes.contains(.bold) { parts.append("bold") }
        if style.attributes.contains(.reverse) { parts.append("reverse") }
        if style.attributes.contains(.dim) { parts.append("dim") }
        if style.attributes.contains(.underline) { parts.append("underline") }
        return parts.joined(separator: " ")
    }
}
