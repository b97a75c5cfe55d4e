/// A drawing surface of braille dots over a grid of cells (2 × 4 dots per cell), with a foreground
/// colour and a background colour per cell. Dot (0, 0) is the top-left dot; coordinates are in dots,
/// y down. This is the only place where geometry becomes whole dots and cells.
public struct DotCanvas: Sendable {
    public private(set) var cols: Int
    public private(set) var rows: Int
    /// Braille bit masks per cell (bit layout of U+2800).
    public private(set) var dots: [UInt8]
    /// Foreground colour per cell: the colour of the last line drawn through it.
    public private(set) var foreground: [TermColor]
    /// Background colour per cell: the colour of the last fill that covered the cell's centre.
    public private(set) var background: [TermColor]

    public var dotsWide: Int { cols * 2 }
    public var dotsHigh: Int { rows * 4 }

    /// Where lines and fills may draw, in dots: the whole canvas unless `clip(to:)` narrowed it (a
    /// coarser tile standing in for a missing one draws only over the missing tile's square).
    public private(set) var clipBox: DotBox

    /// Limits drawing to `box` (intersected with the canvas) until the next call; nil restores the
    /// whole canvas.
    public mutating func clip(to box: DotBox?) {
        let whole = DotBox(minX: 0, minY: 0, maxX: Double(dotsWide), maxY: Double(dotsHigh))
        clipBox = box.map { whole.intersection($0) } ?? whole
    }

    public init(cols: Int, rows: Int, background fill: TermColor = .terminalDefault) {
        self.cols = max(cols, 0)
        self.rows = max(rows, 0)
        dots = Array(repeating: 0, count: self.cols * self.rows)
        foreground = Array(repeating: .terminalDefault, count: self.cols * self.rows)
        background = Array(repeating: fill, count: self.cols * self.rows)
        clipBox = DotBox(minX: 0, minY: 0, maxX: Double(self.cols * 2), maxY: Double(self.rows * 4))
    }

    /// Empties the canvas for a frame of `cols` × `rows` cells on `fill`, keeping its buffers when
    /// they have that size, and draws on the whole canvas again.
    mutating func reset(cols: Int, rows: Int, background fill: TermColor) {
        guard max(cols, 0) == self.cols, max(rows, 0) == self.rows else {
            self = DotCanvas(cols: cols, rows: rows, background: fill)
            return
        }
        dots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        foreground.withUnsafeMutableBufferPointer { $0.update(repeating: .terminalDefault) }
        background.withUnsafeMutableBufferPointer { $0.update(repeating: fill) }
        clip(to: nil)
    }

    /// The canvas, leaving an empty one in its place (so its buffers have one owner).
    mutating func take() -> DotCanvas {
        let canvas = self
        self = DotCanvas(cols: 0, rows: 0)
        return canvas
    }

    // MARK: Dots and lines

    /// Sets one dot; dots outside the canvas are ignored.
    @inline(__always)
    public mutating func setDot(x: Int, y: Int, color: TermColor) {
        guard x >= 0, y >= 0, x < cols * 2, y < rows * 4 else { return }
        let cell = (y >> 2) * cols + (x >> 1)
        dots[cell] |= DotPen.bit(x: x, y: y)
        foreground[cell] = color
    }

    /// Draws a straight line between two points given in dots (any values; the part outside the
    /// canvas is clipped away first). Dot (i, j) covers [i, i+1) × [j, j+1).
    public mutating func drawLine(x0: Double, y0: Double, x1: Double, y1: Double, color: TermColor) {
        withPen(color: color, width: 1, dash: nil) { $0.line(x0, y0, x1, y1) }
    }

    /// Draws a straight line like `drawLine(x0:y0:x1:y1:color:)`, `width` dots wide (a second dot
    /// below a line that runs more across than down, else right of it) and dashed when `dash` is
    /// given: `dash.on` dots drawn, then `dash.off` left out. `phase` counts the dots stepped so far,
    /// so a dash pattern runs on along the segments of one line.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, color: TermColor, width: Int,
        dash: (on: Int, off: Int)?, phase: inout Int
    ) {
        let start = phase
        phase = withPen(color: color, width: width, dash: dash) { pen in
            pen.phase = start
            pen.line(x0, y0, x1, y1)
        }
    }

    /// Draws the part `range` of `points` (in dots) as connected segments; `closed` joins the last
    /// point back to the first, as for polygon rings. `width` and `dash` as for `drawLine`; a dash
    /// pattern starts at the first point.
    public mutating func drawPolyline(
        _ points: [SIMD2<Double>], range: Range<Int>, closed: Bool, color: TermColor, width: Int = 1,
        dash: (on: Int, off: Int)? = nil
    ) {
        guard let first = range.first else { return }
        withPen(color: color, width: width, dash: dash) { pen in
            points.withUnsafeBufferPointer { points in
                guard range.count >= 2 else {
                    pen.line(points[first].x, points[first].y, points[first].x, points[first].y)
                    return
                }
                for i in range.dropLast() {
                    let a = points[i], b = points[i + 1]
                    pen.line(a.x, a.y, b.x, b.y)
                }
                if closed {
                    let a = points[range.upperBound - 1], b = points[first]
                    pen.line(a.x, a.y, b.x, b.y)
                }
            }
        }
    }

    /// Runs `body` with a pen over the canvas' buffers; returns the pen's phase at the end.
    @discardableResult
    private mutating func withPen(
        color: TermColor, width: Int, dash: (on: Int, off: Int)?, _ body: (inout DotPen) -> Void
    ) -> Int {
        let cols = self.cols, rows = self.rows, clipBox = self.clipBox
        return dots.withUnsafeMutableBufferPointer { dots in
            foreground.withUnsafeMutableBufferPointer { foreground in
                var pen = DotPen(
                    dots: dots, foreground: foreground, cols: cols, rows: rows, clipBox: clipBox, color: color,
                    width: width, dash: dash)
                body(&pen)
                return pen.phase
            }
        }
    }

    // MARK: Fills

    /// Fills the cells whose centres lie inside a polygon (even–odd rule over all its rings), by
    /// setting their background colour. `points` are in dots; each of `rings` is a range of `points`
    /// forming a closed ring. `crossings` is a reusable scratch buffer (see `addCrossings`).
    public mutating func fillPolygon(
        _ points: [SIMD2<Double>], rings: ArraySlice<Range<Int>>, color: TermColor,
        scratch crossings: inout [SIMD2<Double>]
    ) {
        // Cells whose centres lie inside the clip box: columns lowCol..<highCol, rows lowRow..<highRow.
        let lowRow = Self.ceiling(clipBox.minY / 4 - 0.5, clampedTo: 0, rows)
        let highRow = Self.ceiling(clipBox.maxY / 4 - 0.5, clampedTo: 0, rows)
        crossings.removeAll(keepingCapacity: true)
        for ring in rings where ring.count >= 3 {
            addCrossings(points, ring: ring, rows: lowRow..<highRow, into: &crossings)
        }
        guard !crossings.isEmpty else { return }
        crossings.sort { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        fillSpans(crossings, color: color)
    }

    /// Appends (row, x in cells) for every cell row of `rows` whose centre line the ring crosses.
    /// Edges with a coordinate that is not finite are left out; rows are clamped before any conversion,
    /// so a vertex billions of dots away costs nothing more than one on the canvas.
    func addCrossings(
        _ points: [SIMD2<Double>], ring: Range<Int>, rows: Range<Int>, into crossings: inout [SIMD2<Double>]
    ) {
        var previous = points[ring.upperBound - 1]
        for index in ring {
            let point = points[index]
            defer { previous = point }
            guard previous.x.isFinite, previous.y.isFinite, point.x.isFinite, point.y.isFinite else { continue }
            let ya = previous.y * 0.25, yb = point.y * 0.25
            let low = min(ya, yb), high = max(ya, yb)
            // Rows r with centre r + 0.5 in [low, high).
            var r = Self.ceiling(low - 0.5, clampedTo: rows.lowerBound, rows.upperBound)
            let end = Self.ceiling(high - 0.5, clampedTo: rows.lowerBound, rows.upperBound)
            guard r < end else { continue }
            let xa = previous.x * 0.5, xb = point.x * 0.5
            let slope = (xb - xa) / (yb - ya)
            while r < end {
                crossings.append(SIMD2(Double(r), xa + (Double(r) + 0.5 - ya) * slope))
                r += 1
            }
        }
    }

    /// `value` rounded up as an Int inside `lower...upper` (NaN gives `lower`): no conversion can trap.
    @inline(__always)
    static func ceiling(_ value: Double, clampedTo lower: Int, _ upper: Int) -> Int {
        guard value > Double(lower) else { return lower }
        guard value < Double(upper) else { return upper }
        return DotPen.ceiling(value)
    }

    /// Fills, on each row, between the first and second crossing, the third and fourth, and so on:
    /// `crossings` are (row, x in cells), sorted by row, then x. Only cells whose centres lie inside the
    /// clip box are filled.
    mutating func fillSpans(_ crossings: [SIMD2<Double>], color: TermColor) {
        // Cells whose centres lie inside the clip box: columns lowCol..<highCol.
        let lowCol = Self.ceiling(clipBox.minX / 2 - 0.5, clampedTo: 0, cols)
        let highCol = Self.ceiling(clipBox.maxX / 2 - 0.5, clampedTo: 0, cols)
        var i = 0
        while i + 1 < crossings.count {
            let a = crossings[i], b = crossings[i + 1]
            // An odd crossing left at the end of a row (a degenerate ring) pairs with nothing.
            guard a.x == b.x else {
                i += 1
                continue
            }
            // Cells c with centre c + 0.5 in [a, b).
            let first = max(Self.ceiling(a.y - 0.5, clampedTo: 0, cols), lowCol)
            let last = min(Self.ceiling(b.y - 0.5, clampedTo: 0, cols) - 1, highCol - 1)
            if first <= last {
                let base = Int(a.x) * cols
                for c in first...last { background[base + c] = color }
            }
            i += 2
        }
    }
}

/// An axis-aligned box in dots: x in [minX, maxX), y in [minY, maxY).
public struct DotBox: Sendable, Equatable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The part both boxes cover (empty, with max below min, when they do not meet).
    public func intersection(_ other: DotBox) -> DotBox {
        DotBox(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
    }

    /// True when the point lies inside.
    public func contains(x: Double, y: Double) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }
}
