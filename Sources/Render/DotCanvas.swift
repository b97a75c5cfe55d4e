/// A drawing surface of braille dots over a grid of cells (2 × 4 dots per cell), with a foreground
/// colour and a background colour per cell. Dot (0, 0) is the top-left dot; coordinates are in dots,
/// y down. This is the only place where geometry becomes whole dots and cells.
public struct DotCanvas: Sendable {
    public let cols: Int
    public let rows: Int
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

    /// Bit of dot (dx, dy) inside a cell, dx 0...1, dy 0...3, as Unicode numbers braille dots.
    static let bits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    // MARK: Dots and lines

    /// Sets one dot; dots outside the canvas are ignored.
    @inline(__always)
    public mutating func setDot(x: Int, y: Int, color: TermColor) {
        guard x >= 0, y >= 0, x < cols * 2, y < rows * 4 else { return }
        let cell = (y >> 2) * cols + (x >> 1)
        dots[cell] |= DotCanvas.bits[((y & 3) << 1) | (x & 1)]
        foreground[cell] = color
    }

    /// Draws a straight line between two points given in dots (any values; the part outside the
    /// canvas is clipped away first). Dot (i, j) covers [i, i+1) × [j, j+1).
    public mutating func drawLine(x0: Double, y0: Double, x1: Double, y1: Double, color: TermColor) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, let (ax, ay, bx, by) = clip(x0, y0, x1, y1) else {
            return
        }
        let dx = bx - ax, dy = by - ay
        let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
        let sx = steps == 0 ? 0 : dx / Double(steps), sy = steps == 0 ? 0 : dy / Double(steps)
        let cols = self.cols
        let maxX = cols * 2, maxY = rows * 4
        dots.withUnsafeMutableBufferPointer { dots in
            foreground.withUnsafeMutableBufferPointer { foreground in
                var x = ax, y = ay
                for _ in 0...steps {
                    let ix = Int(x), iy = Int(y)
                    if ix < maxX, iy < maxY {
                        let cell = (iy >> 2) * cols + (ix >> 1)
                        dots[cell] |= DotCanvas.bits[((iy & 3) << 1) | (ix & 1)]
                        foreground[cell] = color
                    }
                    x += sx
                    y += sy
                }
            }
        }
    }

    /// Draws a straight line like `drawLine(x0:y0:x1:y1:color:)`, `width` dots wide (a second dot
    /// below a line that runs more across than down, else right of it) and dashed when `dash` is
    /// given: `dash.on` dots drawn, then `dash.off` left out. `phase` counts the dots stepped so far,
    /// so a dash pattern runs on along the segments of one line.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, color: TermColor, width: Int,
        dash: (on: Int, off: Int)?, phase: inout Int
    ) {
        guard width > 1 || dash != nil else {
            drawLine(x0: x0, y0: y0, x1: x1, y1: y1, color: color)
            return
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, let (ax, ay, bx, by) = clip(x0, y0, x1, y1) else {
            return
        }
        let dx = bx - ax, dy = by - ay
        let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
        let sx = steps == 0 ? 0 : dx / Double(steps), sy = steps == 0 ? 0 : dy / Double(steps)
        let across = abs(dx) >= abs(dy)
        let ox = width > 1 && !across ? 1 : 0, oy = width > 1 && across ? 1 : 0
        let on = dash?.on ?? 1, period = dash.map { $0.on + $0.off } ?? 1
        let cols = self.cols
        let maxX = cols * 2, maxY = rows * 4
        var step = phase % period
        phase = phase &+ steps &+ 1
        dots.withUnsafeMutableBufferPointer { dots in
            foreground.withUnsafeMutableBufferPointer { foreground in
                var x = ax, y = ay
                for _ in 0...steps {
                    defer {
                        x += sx
                        y += sy
                        step = step + 1 == period ? 0 : step + 1
                    }
                    guard step < on else { continue }
                    let ix = Int(x), iy = Int(y)
                    if ix < maxX, iy < maxY {
                        let cell = (iy >> 2) * cols + (ix >> 1)
                        dots[cell] |= DotCanvas.bits[((iy & 3) << 1) | (ix & 1)]
                        foreground[cell] = color
                    }
                    let jx = ix + ox, jy = iy + oy
                    if width > 1, jx < maxX, jy < maxY {
                        let cell = (jy >> 2) * cols + (jx >> 1)
                        dots[cell] |= DotCanvas.bits[((jy & 3) << 1) | (jx & 1)]
                        foreground[cell] = color
                    }
                }
            }
        }
    }

    /// Liang–Barsky clip of a segment to `clipBox` (the canvas rectangle [0, w) × [0, h) unless narrowed).
    func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double, Double, Double)? {
        let minX = clipBox.minX, minY = clipBox.minY
        let maxX = clipBox.maxX - 1e-9, maxY = clipBox.maxY - 1e-9
        guard minX <= maxX, minY <= maxY else { return nil }
        if (x0 < minX && x1 < minX) || (y0 < minY && y1 < minY) || (x0 > maxX && x1 > maxX)
            || (y0 > maxY && y1 > maxY)
        {
            return nil
        }
        if x0 >= minX, x1 >= minX, y0 >= minY, y1 >= minY, x0 <= maxX, x1 <= maxX, y0 <= maxY, y1 <= maxY {
            return (x0, y0, x1, y1)
        }
        var t0 = 0.0, t1 = 1.0
        let dx = x1 - x0, dy = y1 - y0
        func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return false }
                if r < t1 { t1 = r }
            }
            return true
        }
        guard edge(-dx, x0 - minX), edge(dx, maxX - x0), edge(-dy, y0 - minY), edge(dy, maxY - y0) else { return nil }
        return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)
    }

    /// Draws the part `range` of `points` (in dots) as connected segments; `closed` joins the last
    /// point back to the first, as for polygon rings. `width` and `dash` as for `drawLine`; a dash
    /// pattern starts at the first point.
    public mutating func drawPolyline(
        _ points: [SIMD2<Double>], range: Range<Int>, closed: Bool, color: TermColor, width: Int = 1,
        dash: (on: Int, off: Int)? = nil
    ) {
        var phase = 0
        guard range.count >= 2 else {
            if let i = range.first {
                let p = points[i]
                drawLine(x0: p.x, y0: p.y, x1: p.x, y1: p.y, color: color, width: width, dash: dash, phase: &phase)
            }
            return
        }
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            let a = points[i], b = points[i + 1]
            drawLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y, color: color, width: width, dash: dash, phase: &phase)
            i += 1
        }
        if closed, let first = range.first {
            let a = points[range.upperBound - 1], b = points[first]
            drawLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y, color: color, width: width, dash: dash, phase: &phase)
        }
    }

    // MARK: Fills

    /// Fills the cells whose centres lie inside a polygon (even–odd rule over all its rings), by
    /// setting their background colour. `points` are in dots; each of `rings` is a range of `points`
    /// forming a closed ring. `crossings` is a reusable scratch buffer (one list per cell row).
    public mutating func fillPolygon(
        _ points: [SIMD2<Double>], rings: ArraySlice<Range<Int>>, color: TermColor, scratch crossings: inout [[Double]]
    ) {
        if crossings.count < rows { crossings = Array(repeating: [], count: rows) }
        var touched = rows..<rows
        for ring in rings where ring.count >= 3 {
            let rowsOfRing = addCrossings(points, ring: ring, into: &crossings)
            guard !rowsOfRing.isEmpty else { continue }
            touched =
                touched.isEmpty
                ? rowsOfRing
                : min(touched.lowerBound, rowsOfRing.lowerBound)..<max(touched.upperBound, rowsOfRing.upperBound)
        }
        if !touched.isEmpty { fillSpans(from: &crossings, rows: touched, color: color) }
    }

    /// Records, for every cell row whose centre line the ring crosses, the x (in cells) of the crossing,
    /// and returns the rows it recorded crossings in (empty when none). Edges with a coordinate that is
    /// not finite are left out; rows are clamped before any conversion, so a vertex billions of dots
    /// away costs nothing more than one on the canvas.
    func addCrossings(_ points: [SIMD2<Double>], ring: Range<Int>, into crossings: inout [[Double]]) -> Range<Int> {
        var first = rows, end = 0
        var previous = points[ring.upperBound - 1]
        for index in ring {
            let point = points[index]
            defer { previous = point }
            guard previous.x.isFinite, previous.y.isFinite, point.x.isFinite, point.y.isFinite else { continue }
            let ya = previous.y * 0.25, yb = point.y * 0.25
            let low = min(ya, yb), high = max(ya, yb)
            // Rows r with centre r + 0.5 in [low, high).
            var r = Self.ceiling(low - 0.5, clampedTo: 0, rows)
            let last = min(Self.ceiling(high - 0.5, clampedTo: 0, rows) - 1, rows - 1)
            if r <= last {
                let xa = previous.x * 0.5, xb = point.x * 0.5
                let slope = (xb - xa) / (yb - ya)
                first = min(first, r)
                end = max(end, last + 1)
                while r <= last {
                    crossings[r].append(xa + (Double(r) + 0.5 - ya) * slope)
                    r += 1
                }
            }
        }
        return first < end ? first..<end : rows..<rows
    }

    /// `value` rounded up as an Int inside `lower...upper` (NaN gives `lower`): no conversion can trap.
    @inline(__always)
    static func ceiling(_ value: Double, clampedTo lower: Int, _ upper: Int) -> Int {
        guard value > Double(lower) else { return lower }
        guard value < Double(upper) else { return upper }
        return Int(value.rounded(.up))
    }

    /// Fills between pairs of sorted crossings in each of `rowRange`, then empties those rows. Only cells
    /// whose centres lie inside the clip box are filled.
    mutating func fillSpans(from crossings: inout [[Double]], rows rowRange: Range<Int>, color: TermColor) {
        // Cells whose centres lie inside the clip box: columns lowCol..<highCol, rows lowRow..<highRow.
        let lowCol = Self.ceiling(clipBox.minX / 2 - 0.5, clampedTo: 0, cols)
        let highCol = Self.ceiling(clipBox.maxX / 2 - 0.5, clampedTo: 0, cols)
        let lowRow = Self.ceiling(clipBox.minY / 4 - 0.5, clampedTo: 0, rows)
        let highRow = Self.ceiling(clipBox.maxY / 4 - 0.5, clampedTo: 0, rows)
        for row in rowRange where !crossings[row].isEmpty {
            guard row >= lowRow, row < highRow else {
                crossings[row].removeAll(keepingCapacity: true)
                continue
            }
            crossings[row].sort()
            var i = 0
            let list = crossings[row]
            while i + 1 < list.count {
                // Cells c with centre c + 0.5 in [a, b).
                let first = max(Self.ceiling(list[i] - 0.5, clampedTo: 0, cols), lowCol)
                let last = min(Self.ceiling(list[i + 1] - 0.5, clampedTo: 0, cols) - 1, highCol - 1)
                if first <= last {
                    let base = row * cols
                    for c in first...last { background[base + c] = color }
                }
                i += 2
            }
            crossings[row].removeAll(keepingCapacity: true)
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
