/// Turns frames into the bytes that show them on an ANSI terminal (xterm and its descendants, tmux,
/// screen, the Linux console): everything the first time and after `invalidate()`, then only the cells
/// that changed, with the shortest colour changes and cursor moves it knows, and a scroll of the map
/// area when the new frame is the old one moved up or down.
///
/// Two facts keep frames small. A blank (a space without reverse or underline) shows only its
/// background, so it is written with the foreground and weight of the cell before it on its row, and
/// runs of map cells then need no colour change at all. And one SGR sequence sets only what changed
/// (`ESC[48;5;17m` for a new background), where a colour-pair library resends both colours.
///
/// Sequences used: CUP `ESC[r;cH`, CUF `ESC[nC`, SGR (0, 1, 2, 4, 7, 22, 24, 27, 30–37, 39, 40–47,
/// 49, 90–97, 100–107, 38;5;n, 48;5;n), ED `ESC[2J`, and with `Capabilities.backgroundColorErase`
/// EL `ESC[K` and ECH `ESC[nX`, with `Capabilities.scrollRegions` DECSTBM `ESC[t;br`, LF and RI `ESC M`.
/// Pure: it only keeps what the terminal shows.
public struct TerminalEncoder: Sendable {
    /// What the terminal can do.
    public struct Capabilities: Sendable, Hashable {
        public var colorMode: ColorMode
        /// Non-ASCII may be written (as UTF-8); otherwise it shows as `?`.
        public var utf8: Bool
        /// Erasing fills with the current background colour (terminfo `bce`).
        public var backgroundColorErase: Bool
        /// The terminal has scroll regions (terminfo `csr`).
        public var scrollRegions: Bool

        public init(
            colorMode: ColorMode, utf8: Bool = true, backgroundColorErase: Bool = true, scrollRegions: Bool = true
        ) {
            self.colorMode = colorMode
            self.utf8 = utf8
            self.backgroundColorErase = backgroundColorErase
            self.scrollRegions = scrollRegions
        }
    }

    public let capabilities: Capabilities
    /// What the terminal shows, blanks normalised; nil when unknown (first frame, after `invalidate`).
    private var shown: CellGrid?
    /// The terminal's current SGR state; nil when unknown.
    private var pen: CellStyle?
    /// Where the cursor is; nil when unknown.
    private var cursor: (row: Int, col: Int)?

    public init(capabilities: Capabilities) { self.capabilities = capabilities }

    /// Forgets what the terminal shows: the next frame is painted in full (after other output or a
    /// resize).
    public mutating func invalidate() {
        shown = nil
        pen = nil
        cursor = nil
    }

    /// The bytes that turn what the terminal shows into `grid`. Rows `0..<scrollableRows` may be
    /// scrolled as one block (the map above its status bar); nil allows no scrolling.
    public mutating func encode(_ grid: CellGrid, scrollableRows: Int? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(shown == nil ? grid.cols * grid.rows * 3 : 4096)
        let target = Self.normalized(grid)
        if var old = shown, old.cols == target.cols, old.rows == target.rows {
            if capabilities.scrollRegions, let area = scrollableRows, area >= 4 {
                scroll(&old, to: target, rows: min(area, target.rows), into: &out)
            }
            shown = old
        } else {
            setPen(.plain, &out)
            out += Self.clearScreen
            cursor = (0, 0)
            shown = CellGrid(cols: target.cols, rows: target.rows, fill: Cell(" ", style: .plain))
        }
        paint(target, into: &out)
        return out
    }

    // MARK: Painting

    /// Writes every cell of `target` that differs from `shown`.
    private mutating func paint(_ target: CellGrid, into out: inout [UInt8]) {
        guard var old = shown else { return }
        let cols = target.cols
        target.cells.withUnsafeBufferPointer { new in
            for row in 0..<target.rows {
                var col = 0
                while col < cols {
                    let i = row * cols + col
                    if new[i] == old.cells[i] {
                        col += 1
                        continue
                    }
                    if let cleared = erase(new, row: row, from: col, cols: cols, old: &old, into: &out) {
                        col = cleared
                        continue
                    }
                    col = write(new, row: row, col: col, cols: cols, old: &old, into: &out)
                }
            }
        }
        shown = old
    }

    /// Writes the cell at (row, col) (and the cells of the same style just skipped, when that is
    /// shorter than a cursor move); returns the next column to look at.
    private mutating func write(
        _ new: UnsafeBufferPointer<Cell>, row: Int, col: Int, cols: Int, old: inout CellGrid,
        into out: inout [UInt8]
    ) -> Int {
        let i = row * cols + col
        var cell = new[i]
        var from = col
        if cell.isContinuation {
            // The right half of a wide character changed: write the character from its left half.
            guard col > 0, !new[i - 1].isContinuation, TextWidth.of(Unicode.Scalar(new[i - 1].scalar) ?? " ") == 2
            else {
                cell = Cell(" ", style: cell.style)
                return put(cell, width: 1, row: row, col: col, cols: cols, old: &old, into: &out)
            }
            from = col - 1
            cell = new[i - 1]
        }
        moveTo(row, from, skipping: new, cols: cols, into: &out)
        let wide = Self.isWide(cell) && from + 1 < cols && new[row * cols + from + 1].isContinuation
        if Self.isWide(cell) && !wide { cell = Cell("?", style: cell.style) }
        return put(cell, width: wide ? 2 : 1, row: row, col: from, cols: cols, old: &old, into: &out)
    }

    /// Writes one cell at the cursor; returns the column after it.
    private mutating func put(
        _ cell: Cell, width: Int, row: Int, col: Int, cols: Int, old: inout CellGrid, into out: inout [UInt8]
    ) -> Int {
        moveTo(row, col, skipping: nil, cols: cols, into: &out)
        setPen(cell.style, &out)
        appendCharacter(cell.scalar, wide: width == 2, into: &out)
        old[col, row] = cell
        if width == 2 { old[col + 1, row] = Cell(raw: Cell.continuationScalar, style: cell.style) }
        let next = col + width
        cursor = next < cols ? (row, next) : nil  // at the last column the cursor position is unclear
        return next
    }

    /// With background colour erase, a changed run of blanks of one style that reaches the end of the row
    /// (any length) or is at least 12 long is erased instead of written; returns the column after the run,
    /// or nil when nothing was erased.
    private mutating func erase(
        _ new: UnsafeBufferPointer<Cell>, row: Int, from col: Int, cols: Int, old: inout CellGrid,
        into out: inout [UInt8]
    ) -> Int? {
        guard capabilities.backgroundColorErase else { return nil }
        let blank = new[row * cols + col]
        guard blank.scalar == 0x20, !blank.style.attributes.contains(.reverse) else { return nil }
        var end = col + 1
        while end < cols && new[row * cols + end] == blank { end += 1 }
        let run = end - col
        guard run >= 12 || (end == cols && run >= 4) else { return nil }
        moveTo(row, col, skipping: nil, cols: cols, into: &out)
        setPen(blank.style, &out)
        if end == cols {
            out += [0x1B, 0x5B, 0x4B]  // EL
        } else {
            out += [0x1B, 0x5B]
            Self.appendNumber(run, &out)
            out.append(0x58)  // ECH
        }
        for c in col..<end { old[c, row] = blank }
        return end
    }

    // MARK: Cursor

    /// Moves the cursor to (row, col): nothing when it is there; over up to three cells of the current
    /// style and single-byte text by writing them again; else CUF along the row or CUP.
    private mutating func moveTo(
        _ row: Int, _ col: Int, skipping new: UnsafeBufferPointer<Cell>?, cols: Int, into out: inout [UInt8]
    ) {
        if let cursor, cursor.row == row, cursor.col == col { return }
        if let cursor, cursor.row == row, cursor.col < col {
            let gap = col - cursor.col
            if let new, gap <= 3, let pen,
                (cursor.col..<col).allSatisfy({ c in
                    let cell = new[row * cols + c]
                    return cell.style == pen && cell.scalar >= 0x20 && cell.scalar < 0x7F
                })
            {
                for c in cursor.col..<col { out.append(UInt8(new[row * cols + c].scalar)) }
                self.cursor = (row, col)
                return
            }
            out += [0x1B, 0x5B]
            if gap > 1 { Self.appendNumber(gap, &out) }
            out.append(0x43)  // CUF
            self.cursor = (row, col)
            return
        }
        out += [0x1B, 0x5B]
        Self.appendNumber(row + 1, &out)
        if col > 0 {
            out.append(0x3B)
            Self.appendNumber(col + 1, &out)
        }
        out.append(0x48)  // CUP
        cursor = (row, col)
    }

    // MARK: Scrolling

    /// When rows 0..<rows of `target` are mostly those of `old` moved up or down by k rows, scrolls that
    /// region of the terminal by k (new lines come in blank, default colours) and updates `old` to match.
    private mutating func scroll(_ old: inout CellGrid, to target: CellGrid, rows: Int, into out: inout [UInt8]) {
        let oldRows = (0..<rows).map { Self.rowHash(old, $0) }
        let newRows = (0..<rows).map { Self.rowHash(target, $0) }
        let unmoved = (0..<rows).filter { oldRows[$0] == newRows[$0] }.count
        var best = (shift: 0, matches: unmoved)
        for shift in -(rows / 2)...(rows / 2) where shift != 0 {
            var matches = 0
            for r in 0..<rows where r + shift >= 0 && r + shift < rows && newRows[r] == oldRows[r + shift] {
                matches += 1
            }
            if matches > best.matches { best = (shift, matches) }
        }
        let k = best.shift
        guard k != 0, best.matches >= max(3, rows / 4), best.matches >= unmoved + 3 else { return }
        setPen(.plain, &out)
        out += [0x1B, 0x5B, 0x31, 0x3B]  // DECSTBM 1;rows
        Self.appendNumber(rows, &out)
        out.append(0x72)
        if k > 0 {
            out += [0x1B, 0x5B]
            Self.appendNumber(rows, &out)
            out.append(0x48)  // to the bottom margin, then LF scrolls the region up
            out += [UInt8](repeating: 0x0A, count: k)
        } else {
            out += [0x1B, 0x5B, 0x48]  // to the top margin, then RI scrolls it down
            for _ in 0..<(-k) { out += [0x1B, 0x4D] }
        }
        out += [0x1B, 0x5B, 0x72]  // margins back to the whole screen (homes the cursor)
        cursor = (0, 0)
        var moved = old
        let blank = Cell(" ", style: .plain)
        for r in 0..<rows {
            let source = r + k
            for c in 0..<old.cols {
                moved[c, r] = source >= 0 && source < rows ? old[c, source] : blank
            }
        }
        old = moved
    }

    static func rowHash(_ grid: CellGrid, _ row: Int) -> Int {
        var hasher = Hasher()
        for col in 0..<grid.cols { hasher.combine(grid[col, row]) }
        return hasher.finalize()
    }

    // MARK: SGR

    /// Sets the terminal's attributes and colours to `style` (as the colour mode shows it), sending only
    /// what differs from the current state.
    private mutating func setPen(_ style: CellStyle, _ out: inout [UInt8]) {
        let target = capabilities.colorMode.adapt(style)
        if let pen, pen == target { return }
        Self.appendTransition(from: pen, to: target, into: &out)
        pen = target
    }

    /// The SGR sequence from `from` (nil: unknown, so start with a reset) to `to`.
    static func appendTransition(from: CellStyle?, to: CellStyle, into out: inout [UInt8]) {
        out += [0x1B, 0x5B]
        var first = true
        func code(_ n: Int) {
            if !first { out.append(0x3B) }
            appendNumber(n, &out)
            first = false
        }
        var current = from ?? .plain
        if from == nil { code(0) }
        let a = current.attributes, b = to.attributes
        if (a.contains(.bold) && !b.contains(.bold)) || (a.contains(.dim) && !b.contains(.dim)) {
            code(22)
            current.attributes.subtract([.bold, .dim])
        }
        if a.contains(.underline) && !b.contains(.underline) { code(24) }
        if a.contains(.reverse) && !b.contains(.reverse) { code(27) }
        let c = current.attributes
        if b.contains(.bold) && !c.contains(.bold) { code(1) }
        if b.contains(.dim) && !c.contains(.dim) { code(2) }
        if b.contains(.underline) && !a.contains(.underline) { code(4) }
        if b.contains(.reverse) && !a.contains(.reverse) { code(7) }
        if to.fg != current.fg { color(to.fg, base: 30, bright: 90, extended: 38) }
        if to.bg != current.bg { color(to.bg, base: 40, bright: 100, extended: 48) }
        func color(_ c: TermColor, base: Int, bright: Int, extended: Int) {
            let n = Int(c.rawValue)
            if n < 0 {
                code(base + 9)
            } else if n < 8 {
                code(base + n)
            } else if n < 16 {
                code(bright + n - 8)
            } else {
                code(extended)
                code(5)
                code(n)
            }
        }
        if first { code(0) }
        out.append(0x6D)
    }

    // MARK: Characters

    /// The UTF-8 of a cell's character as the terminal should get it: control characters and invalid
    /// scalars as `?`, zero-width ones as a space, and without UTF-8 everything beyond ASCII as `?`.
    private func appendCharacter(_ raw: UInt32, wide: Bool, into out: inout [UInt8]) {
        Self.appendCharacter(raw, utf8: capabilities.utf8, wide: wide, into: &out)
    }

    /// See `appendCharacter(_:wide:into:)`; `wide` says the next cell is free for a two-column character.
    static func appendCharacter(_ raw: UInt32, utf8: Bool, wide: Bool, into out: inout [UInt8]) {
        if raw >= 0x20 && raw < 0x7F {
            out.append(UInt8(raw))
            return
        }
        guard utf8, raw >= 0xA0, let scalar = Unicode.Scalar(raw) else {
            out.append(0x3F)
            return
        }
        switch TextWidth.of(scalar) {
        case 0: out.append(0x20)
        case 2 where !wide: out.append(0x3F)
        default: out += Array(String(scalar).utf8)
        }
    }

    static func isWide(_ cell: Cell) -> Bool {
        cell.scalar >= 0x1100 && TextWidth.of(Unicode.Scalar(cell.scalar) ?? " ") == 2
    }

    static func appendNumber(_ n: Int, _ out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, &out) }
        out.append(UInt8(0x30 + n % 10))
    }

    /// ESC[H ESC[2J: home and clear the screen (with the current, default, colours).
    static let clearScreen: [UInt8] = [0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A]

    // MARK: Blanks

    /// `grid` with every blank (a space without reverse or underline) given the foreground, bold and dim
    /// of the cell before it on its row: it looks the same and needs no colour change.
    static func normalized(_ grid: CellGrid) -> CellGrid {
        var cells = grid.cells
        let cols = grid.cols
        cells.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<grid.rows {
                var carried: CellStyle?
                for i in row * cols..<(row + 1) * cols {
                    let cell = buffer[i]
                    if cell.scalar == 0x20, cell.style.attributes.isDisjoint(with: [.reverse, .underline]), let carried
                    {
                        buffer[i].style.fg = carried.fg
                        buffer[i].style.attributes = carried.attributes.intersection([.bold, .dim])
                    } else {
                        carried = cell.style
                    }
                }
            }
        }
        return CellGrid(cols: cols, rows: grid.rows, cells: cells)
    }
}
