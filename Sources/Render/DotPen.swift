/// Draws straight segments into the buffers of a `DotCanvas`, borrowed once for a whole polyline (see
/// `DotCanvas.withPen`): each segment is clipped to `clipBox`, then stepped dot by dot. Coordinates are
/// in dots, y down; dot (i, j) covers [i, i+1) × [j, j+1).
struct DotPen {
    /// Braille bit masks per cell, row-major (bit layout of U+2800).
    let dots: UnsafeMutableBufferPointer<UInt8>
    /// Foreground colour per cell.
    let foreground: UnsafeMutableBufferPointer<TermColor>
    let cols: Int
    let rows: Int
    /// Where segments may draw, in dots.
    let clipBox: DotBox
    let color: TermColor
    /// 1 or 2 dots: a 2-dot line has a second dot below a segment that runs more across than down,
    /// else right of it.
    let width: Int
    /// Dots drawn, then dots left out, in turn along the line; nil for a solid line.
    let dash: (on: Int, off: Int)?
    /// Dots stepped so far, so that a dash pattern runs on from segment to segment.
    var phase = 0

    /// The bit of dot (x, y) in its cell's braille mask, as Unicode numbers braille dots (dots 1–3 down
    /// the left column, 4–6 down the right, then 7 and 8 along the bottom row).
    @inline(__always)
    static func bit(x: Int, y: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: 0x8040_2004_1002_0801 as UInt64 >> UInt64((((y & 3) << 1) | (x & 1)) << 3))
    }

    /// Draws the segment from (x0, y0) to (x1, y1): any values; the part outside `clipBox` is clipped
    /// away first, and a segment with a coordinate that is not finite draws nothing.
    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite,
            let (ax, ay, bx, by) = Self.clip(x0, y0, x1, y1, to: clipBox)
        else { return }
        let dx = bx - ax, dy = by - ay
        let steps = Self.ceiling(max(abs(dx), abs(dy)))
        let sx = steps == 0 ? 0 : dx / Double(steps), sy = steps == 0 ? 0 : dy / Double(steps)
        if width > 1 || dash != nil {
            patterned(from: ax, ay, steps: steps, sx, sy, across: abs(dx) >= abs(dy))
            return
        }
        let maxX = cols * 2, maxY = rows * 4
        var x = ax, y = ay
        for _ in 0...steps {
            let ix = Int(x), iy = Int(y)
            if ix < maxX, iy < maxY { set(ix, iy) }
            x += sx
            y += sy
        }
    }

    /// The dots of a clipped segment for a wide or dashed line.
    private mutating func patterned(
        from ax: Double, _ ay: Double, steps: Int, _ sx: Double, _ sy: Double, across: Bool
    ) {
        let ox = width > 1 && !across ? 1 : 0, oy = width > 1 && across ? 1 : 0
        let on = dash?.on ?? 1, period = dash.map { $0.on + $0.off } ?? 1
        let maxX = cols * 2, maxY = rows * 4
        var step = phase % period
        phase = phase &+ steps &+ 1
        var x = ax, y = ay
        for _ in 0...steps {
            defer {
                x += sx
                y += sy
                step = step + 1 == period ? 0 : step + 1
            }
            guard step < on else { continue }
            let ix = Int(x), iy = Int(y)
            if ix < maxX, iy < maxY { set(ix, iy) }
            let jx = ix + ox, jy = iy + oy
            if width > 1, jx < maxX, jy < maxY { set(jx, jy) }
        }
    }

    /// `value` rounded up, for a finite value within the range of Int: the same as
    /// `Int(value.rounded(.up))` without a call to the C library (a conversion truncates toward zero,
    /// which rounds up below zero and down above it).
    @inline(__always)
    static func ceiling(_ value: Double) -> Int {
        let truncated = Int(value)
        return value > Double(truncated) ? truncated + 1 : truncated
    }

    /// Sets dot (x, y), which lies on the canvas.
    @inline(__always)
    private func set(_ x: Int, _ y: Int) {
        let cell = (y >> 2) * cols + (x >> 1)
        dots[cell] |= Self.bit(x: x, y: y)
        foreground[cell] = color
    }

    /// Liang–Barsky clip of a segment to `box` (x in [minX, maxX), y in [minY, maxY)).
    static func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, to box: DotBox)
        -> (Double, Double, Double, Double)?
    {
        let minX = box.minX, minY = box.minY
        let maxX = box.maxX - 1e-9, maxY = box.maxY - 1e-9
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
}
