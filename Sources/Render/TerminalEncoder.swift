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
    /// What the terminal shows, blanks normalised, row-major; empty when unknown (first frame, after
    /// `invalidate`).
    private var shown: [Cell] = []
    private var cols = 0
    private var rows = 0
    /// The frame being encoded, blanks normalised (kept to reuse its storage).
    private var target: [Cell] = []
    /// The terminal's current SGR state; nil when unknown.
    private var pen: CellStyle?
    /// The style `pen` was set for (before the colour mode adapted it).
    private var penSource: CellStyle?
    /// Where the cursor is; nil when unknown.
    private var cursor: (row: Int, col: Int)?
    /// `rowHash` of each scrollable row of the last frame (what the terminal shows after it), so the
    /// next frame hashes only its own rows; empty when unknown.
    private var shownRowHashes: [UInt64] = []

    public init(capabilities: Capabilities) { self.capabilities = capabilities }

    /// Forgets what the terminal shows: the next frame is painted in full (after other output or a
    /// resize).
    public mutating func invalidate() {
        shown = []
        shownRowHashes = []
        pen = nil
        penSource = nil
        cursor = nil
    }

    /// The bytes that turn what the terminal shows into `grid`. Rows `0..<scrollableRows` may be
    /// scrolled as one block (the map above its status bar); nil allows no scrolling.
    public mutating func encode(_ grid: CellGrid, scrollableRows: Int? = nil) -> [UInt8] {
        var out: [UInt8] = []
        Self.normalize(grid, into: &target)
        let known = !shown.isEmpty && cols == grid.cols && rows == grid.rows
        out.reserveCapacity(known ? 4096 : grid.cols * grid.rows * 3)
        cols = grid.cols
        rows = grid.rows
        var old = shown
        shown = []  // `old` owns the storage now: changing it copies nothing
        if known {
            if capabilities.scrollRegions, let area = scrollableRows, area >= 4 {
                scroll(&old, rows: min(area, rows), into: &out)
            } else {
                shownRowHashes = []
            }
        } else {
            shownRowHashes = []
            setPen(.plain, &out)
            out += Self.clearScreen
            cursor = (0, 0)
            old = [Cell](repeating: Cell(" ", style: .plain), count: cols * rows)
        }
        let new = target
        new.withUnsafeBufferPointer { newCells in
            old.withUnsafeMutableBufferPointer { oldCells in paint(newCells, oldCells, into: &out) }
        }
        shown = old
        return out
    }

    // MARK: Painting

    /// Writes every cell of `new` that differs from `old`, updating `old`.
    private mutating func paint(
        _ new: UnsafeBufferPointer<Cell>, _ old: UnsafeMutableBufferPointer<Cell>, into out: inout [UInt8]
    ) {
        for row in 0..<rows {
            var col = 0
            let base = row * cols
            while col < cols {
                let cell = new[base + col]
                if cell == old[base + col] {
                    col += 1
                    continue
                }
                // The common case, a narrow character of the current style right at the cursor.
                if let at = cursor, at.row == row, at.col == col, cell.style == penSource, Self.isNarrow(cell.scalar),
                    cell.scalar != 0x20 || !capabilities.backgroundColorErase
                {
                    Self.appendCharacter(cell.scalar, utf8: capabilities.utf8, wide: false, into: &out)
                    old[base + col] = cell
                    col += 1
                    cursor = col < cols ? (row, col) : nil
                    continue
                }
                if let cleared = erase(new, old, row: row, from: col, into: &out) {
                    col = cleared
                    continue
                }
                col = write(new, old, row: row, col: col, into: &out)
            }
        }
    }

    /// Writes the cell at (row, col) (a wide character from its left half); returns the next column to
    /// look at.
    private mutating func write(
        _ new: UnsafeBufferPointer<Cell>, _ old: UnsafeMutableBufferPointer<Cell>, row: Int, col: Int,
        into out: inout [UInt8]
    ) -> Int {
        let i = row * cols + col
        var cell = new[i]
        var from = col
        if cell.isContinuation {
            // The right half of a wide character changed: write the character from its left half.
            guard col > 0, !new[i - 1].isContinuation, Self.isWide(new[i - 1]) else {
                cell = Cell(" ", style: cell.style)
                return put(cell, width: 1, row: row, col: col, new, old, into: &out)
            }
            from = col - 1
            cell = new[i - 1]
        }
        let wide = Self.isWide(cell) && from + 1 < cols && new[row * cols + from + 1].isContinuation
        if Self.isWide(cell) && !wide { cell = Cell("?", style: cell.style) }
        return put(cell, width: wide ? 2 : 1, row: row, col: from, new, old, into: &out)
    }

    /// Writes one cell; returns the column after it.
    private mutating func put(
        _ cell: Cell, width: Int, row: Int, col: Int, _ new: UnsafeBufferPointer<Cell>,
        _ old: UnsafeMutableBufferPointer<Cell>, into out: inout [UInt8]
    ) -> Int {
        moveTo(row, col, skipping: new, into: &out)
        setPen(cell.style, &out)
        Self.appendCharacter(cell.scalar, utf8: capabilities.utf8, wide: width == 2, into: &out)
        let i = row * cols + col
        old[i] = cell
        if width == 2 { old[i + 1] = .continuation(style: cell.style) }
        let next = col + width
        cursor = next < cols ? (row, next) : nil  // at the last column the cursor position is unclear
        return next
    }

    /// With background colour erase, a changed run of blanks of one style that reaches the end of the row
    /// (4 or more) or is at least 12 long is erased instead of written; returns the column after the run,
    /// or nil when nothing was erased.
    private mutating func erase(
        _ new: UnsafeBufferPointer<Cell>, _ old: UnsafeMutableBufferPointer<Cell>, row: Int, from col: Int,
        into out: inout [UInt8]
    ) -> Int? {
        guard capabilities.backgroundColorErase else { return nil }
        let base = row * cols
        let blank = new[base + col]
        guard blank.scalar == 0x20, !blank.style.attributes.contains(.reverse) else { return nil }
        var end = col + 1
        while end < cols && new[base + end] == blank { end += 1 }
        let run = end - col
        guard run >= 12 || (end == cols && run >= 4) else { return nil }
        moveTo(row, col, skipping: nil, into: &out)
        setPen(blank.style, &out)
        if end == cols {
            out.append(0x1B); out.append(0x5B); out.append(0x4B)  // EL
        } else {
            out.append(0x1B); out.append(0x5B)
            Self.appendNumber(run, &out)
            out.append(0x58)  // ECH
        }
        for c in col..<end { old[base + c] = blank }
        return end
    }

    // MARK: Cursor

    /// Moves the cursor to (row, col): nothing when it is there; over up to three cells of the current
    /// style and single-byte text by writing them again; else CUF along the row or CUP.
    private mutating func moveTo(
        _ row: Int, _ col: Int, skipping new: UnsafeBufferPointer<Cell>?, into out: inout [UInt8]
    ) {
        if let cursor, cursor.row == row, cursor.col == col { return }
        if let cursor, cursor.row == row, cursor.col < col {
            let gap = col - cursor.col
            let base = row * cols
            if let new, gap <= 3, let pen,
                (cursor.col..<col).allSatisfy({ c in
                    let cell = new[base + c]
                    return cell.style == pen && cell.scalar >= 0x20 && cell.scalar < 0x7F
                })
            {
                for c in cursor.col..<col { out.append(UInt8(new[base + c].scalar)) }
                self.cursor = (row, col)
                return
            }
            out.append(0x1B); out.append(0x5B)
            if gap > 1 { Self.appendNumber(gap, &out) }
            out.append(0x43)  // CUF
            self.cursor = (row, col)
            return
        }
        out.append(0x1B); out.append(0x5B)
        Self.appendNumber(row + 1, &out)
        if col > 0 {
            out.append(0x3B)
            Self.appendNumber(col + 1, &out)
        }
        out.append(0x48)  // CUP
        cursor = (row, col)
    }

    // MARK: Scrolling

    /// When rows 0..<area of `target` are mostly those of `old` moved up or down by k rows, scrolls that
    /// region of the terminal by k (new lines come in blank, default colours) and updates `old` to match.
    private mutating func scroll(_ old: inout [Cell], rows area: Int, into out: inout [UInt8]) {
        let newRows = (0..<area).map { Self.rowHash(target, $0 * cols, cols) }
        let oldRows =
            shownRowHashes.count == area ? shownRowHashes : (0..<area).map { Self.rowHash(old, $0 * cols, cols) }
        // After this frame the terminal shows `target` (a cell it cannot show as given differs, which only
        // makes the next guess at a scroll a little worse, never the picture wrong).
        shownRowHashes = newRows
        let unmoved = (0..<area).filter { oldRows[$0] == newRows[$0] }.count
        guard unmoved + 3 < area else { return }
        var best = (shift: 0, matches: unmoved)
        for shift in -(area / 2)...(area / 2) where shift != 0 {
            var matches = 0
            for r in max(0, -shift)..<min(area, area - shift) where newRows[r] == oldRows[r + shift] { matches += 1 }
            if matches > best.matches { best = (shift, matches) }
        }
        let k = best.shift
        guard k != 0, best.matches >= max(3, area / 4), best.matches >= unmoved + 3 else { return }
        setPen(.plain, &out)
        out.append(0x1B); out.append(0x5B); out.append(0x31); out.append(0x3B)  // DECSTBM 1;area
        Self.appendNumber(area, &out)
        out.append(0x72)
        if k > 0 {
            out.append(0x1B); out.append(0x5B)
            Self.appendNumber(area, &out)
            out.append(0x48)  // to the bottom margin, then LF scrolls the region up
            out += [UInt8](repeating: 0x0A, count: k)
        } else {
            out.append(0x1B); out.append(0x5B); out.append(0x48)  // to the top margin, then RI scrolls it down
            for _ in 0..<(-k) { out.append(0x1B); out.append(0x4D) }
        }
        out.append(0x1B); out.append(0x5B); out.append(0x72)  // margins back to the whole screen (homes the cursor)
        cursor = (0, 0)
        let blank = Cell(" ", style: .plain)
        let copy = old
        for r in 0..<area {
            let source = r + k
            for c in 0..<cols { old[r * cols + c] = source >= 0 && source < area ? copy[source * cols + c] : blank }
        }
    }

    /// A hash of one row of cells (FNV-1a over their fields).
    static func rowHash(_ cells: [Cell], _ start: Int, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in start..<start + count {
            let cell = cells[i]
            let word =
                UInt64(cell.scalar) << 32 | UInt64(UInt16(bitPattern: cell.style.fg.rawValue)) << 16
                | UInt64(UInt16(bitPattern: cell.style.bg.rawValue)) ^ UInt64(cell.style.attributes.rawValue) << 56
            h = (h ^ word) &* 0x100_0000_01b3
        }
        return h
    }

    // MARK: SGR

    /// Sets the terminal's attributes and colours to `style` (as the colour mode shows it), sending only
    /// what differs from the current state.
    private mutating func setPen(_ style: CellStyle, _ out: inout [UInt8]) {
        if style == penSource { return }
        let target = capabilities.colorMode.adapt(style)
        penSource = style
        if let pen, pen == target { return }
        Self.appendTransition(from: pen, to: target, into: &out)
        pen = target
    }

    /// The SGR sequence from `from` (nil: unknown, so start with a reset) to `to`.
    static func appendTransition(from: CellStyle?, to: CellStyle, into out: inout [UInt8]) {
        out.append(0x1B); out.append(0x5B)
        var first = true
        var current = from ?? .plain
        if from == nil { appendCode(0, &first, &out) }
        let a = current.attributes, b = to.attributes
        if a != b {
            if (a.contains(.bold) && !b.contains(.bold)) || (a.contains(.dim) && !b.contains(.dim)) {
                appendCode(22, &first, &out)
                current.attributes.subtract([.bold, .dim])
            }
            if a.contains(.underline) && !b.contains(.underline) { appendCode(24, &first, &out) }
            if a.contains(.reverse) && !b.contains(.reverse) { appendCode(27, &first, &out) }
            let c = current.attributes
            if b.contains(.bold) && !c.contains(.bold) { appendCode(1, &first, &out) }
            if b.contains(.dim) && !c.contains(.dim) { appendCode(2, &first, &out) }
            if b.contains(.underline) && !a.contains(.underline) { appendCode(4, &first, &out) }
            if b.contains(.reverse) && !a.contains(.reverse) { appendCode(7, &first, &out) }
        }
        if to.fg != current.fg { appendColor(to.fg, base: 30, bright: 90, extended: 38, &first, &out) }
        if to.bg != current.bg { appendColor(to.bg, base: 40, bright: 100, extended: 48, &first, &out) }
        if first { out.append(0x30) }
        out.append(0x6D)
    }

    /// One SGR parameter, after a `;` unless it is the first.
    @inline(__always)
    private static func appendCode(_ n: Int, _ first: inout Bool, _ out: inout [UInt8]) {
        if !first { out.append(0x3B) }
        appendNumber(n, &out)
        first = false
    }

    /// A colour's SGR parameters: default, one of the 16 (`base`/`bright` + n) or `extended`;5;n.
    private static func appendColor(
        _ color: TermColor, base: Int, bright: Int, extended: Int, _ first: inout Bool, _ out: inout [UInt8]
    ) {
        let n = Int(color.rawValue)
        if n < 0 {
            appendCode(base + 9, &first, &out)
        } else if n < 8 {
            appendCode(base + n, &first, &out)
        } else if n < 16 {
            appendCode(bright + n - 8, &first, &out)
        } else {
            appendCode(extended, &first, &out)
            out.append(0x3B); out.append(0x35); out.append(0x3B)  // ;5;
            appendNumber(n, &out)
        }
    }

    // MARK: Characters

    /// The UTF-8 of a cell's character as the terminal should get it: control characters and invalid
    /// scalars as `?`, zero-width ones as a space, and without UTF-8 everything beyond ASCII as `?`.
    /// `wide` says the next cell is free for a two-column character.
    static func appendCharacter(_ raw: UInt32, utf8: Bool, wide: Bool, into out: inout [UInt8]) {
        if raw >= 0x20 && raw < 0x7F {
            out.append(UInt8(raw))
            return
        }
        guard utf8, raw >= 0xA0, let scalar = Unicode.Scalar(raw) else {
            out.append(0x3F)
            return
        }
        if raw >= 0x2800 && raw <= 0x28FF {  // braille, the bulk of a map: width 1, three bytes
            appendUTF8(raw, &out)
            return
        }
        switch TextWidth.of(scalar) {
        case 0: out.append(0x20)
        case 2 where !wide: out.append(0x3F)
        default: appendUTF8(raw, &out)
        }
    }

    /// Appends the UTF-8 form of a valid scalar.
    static func appendUTF8(_ v: UInt32, _ out: inout [UInt8]) {
        switch v {
        case ..<0x80:
            out.append(UInt8(v))
        case ..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    static func isWide(_ cell: Cell) -> Bool {
        !isNarrow(cell.scalar) && TextWidth.of(Unicode.Scalar(cell.scalar) ?? " ") == 2
    }

    /// True for scalars known to be one column without looking them up: below U+1100 (the first wide
    /// ones), box drawing, block elements and braille.
    @inline(__always)
    static func isNarrow(_ v: UInt32) -> Bool {
        v < 0x1100 || (0x2500...0x259F).contains(v) || (0x2800...0x28FF).contains(v)
    }

    /// The decimal digits of `n` (≥ 0).
    static func appendNumber(_ n: Int, _ out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, &out) }
        out.append(UInt8(0x30 + n % 10))
    }

    /// ESC[H ESC[2J: home and clear the screen (with the current, default, colours).
    static let clearScreen: [UInt8] = [0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A]

    // MARK: Blanks

    /// `grid`'s cells with every blank (a space without reverse or underline) given the foreground, bold
    /// and dim of the cell before it on its row, into `cells` (whose storage is reused): it looks the same
    /// and needs no colour change.
    static func normalize(_ grid: CellGrid, into cells: inout [Cell]) {
        cells.removeAll(keepingCapacity: true)
        cells.append(contentsOf: grid.cells)
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
    }
}
