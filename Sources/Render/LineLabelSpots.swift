/// Where the name of a line (a street) can be written, in cells: points spread along the line from
/// its middle, and at each one either on the line, where it runs level for about the length of the
/// name (the letters take the place of its dots), or beside it, on a row where the line crosses, in
/// cells no other line has dots in. Pure geometry over the projected line and the canvas' dots.
public enum LineLabelSpots {
    /// A place for a name: its first cell, and how good the place is (0 best).
    public struct Spot: Equatable, Sendable {
        public var col: Int
        public var row: Int
        /// Position in the order of preference, from 0 (on the line at its middle).
        public var rank: Int

        public init(col: Int, row: Int, rank: Int) {
            self.col = col
            self.row = row
            self.rank = rank
        }
    }

    /// Dots along the line between two points where a name may go.
    public static let spacing = 48.0
    /// Free cells a street name keeps from other names on its row (see `MapLabel.margin`).
    public static let margin = 2
    /// Points along one line that are looked at, at most (long lines at high zoom have many).
    static let maxPoints = 96
    /// Spots returned per line, at most.
    static let maxSpots = 6
    /// Added to the rank of a spot across the line (neither on nor beside it): tried after the good
    /// spots of other lines.
    static let acrossPenalty = 4

    /// Spots for a name `width` columns wide along `points[range]` (dots, y down) on a canvas of
    /// `cols` × `rows` cells whose braille masks are `dots`. The points nearest the line's middle
    /// come first; spots never leave the canvas.
    public static func spots(
        along points: [SIMD2<Double>], range: Range<Int>, width: Int, cols: Int, rows: Int, dots: [UInt8]
    ) -> [Spot] {
        var lengths: [Double] = []
        var found: [Spot] = []
        spots(
            along: points, range: range, width: width, cols: cols, rows: rows, dots: dots, lengths: &lengths,
            into: &found)
        return found
    }

    /// `spots(along:range:width:cols:rows:dots:)` into `found` (emptied first), with `lengths` as a
    /// reusable scratch buffer: no allocation once the buffers have grown.
    public static func spots(
        along points: [SIMD2<Double>], range: Range<Int>, width: Int, cols: Int, rows: Int, dots: [UInt8],
        lengths: inout [Double], into found: inout [Spot]
    ) {
        found.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        guard range.count >= 2, width > 0, width <= cols, rows > 0, dots.count >= cols * rows else { return }
        lengths.append(0)
        for i in range.dropFirst() {
            let d = points[i] - points[i - 1]
            lengths.append(lengths[lengths.count - 1] + (d.x * d.x + d.y * d.y).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        guard total.isFinite, total >= 6 else { return }
        var looked = 0
        var k = 0
        // 0, -1, +1, -2, +2 … steps of `spacing` from the middle, while one side still has room.
        while found.count < maxSpots, looked < maxPoints {
            let step = Double((k + 1) / 2) * (k % 2 == 0 ? 1 : -1)
            let t = total / 2 + step * spacing
            k += 1
            if abs(step) * spacing > total / 2 { break }
            looked += 1
            guard let (p, segment) = point(at: t, points, range, lengths) else { continue }
            guard p.x >= 0, p.y >= 0, p.x < Double(2 * cols), p.y < Double(4 * rows) else { continue }
            let rank = found.count
            let row = Int(p.y / 4)
            let (low, high) = run(through: p, segment: segment, row: row, points, range, limit: Double(2 * width + 4))
            let first = cell(low, cols), last = cell(high, cols)
            if last - first + 1 >= max(width - 1, 2) {
                // On the line: centred on the point, inside the level stretch.
                let centred = Int(p.x / 2) - width / 2
                let col = min(max(centred, first), max(last - width + 1, first))
                if col >= 0, col + width <= cols { found.append(Spot(col: col, row: row, rank: rank)) }
            } else {
                // Beside it, right then left, one free cell between; else across it, centred.
                let right = last + 2, left = first - 1 - width, centred = Int(p.x / 2) - width / 2
                if right >= 0, right + width <= cols, clear(dots, cols: cols, row: row, right..<right + width) {
                    found.append(Spot(col: right, row: row, rank: rank))
                } else if left >= 0, clear(dots, cols: cols, row: row, left..<left + width) {
                    found.append(Spot(col: left, row: row, rank: rank))
                } else if centred >= 0, centred + width <= cols {
                    found.append(Spot(col: centred, row: row, rank: rank + acrossPenalty))
                }
            }
        }
    }

    /// The point at distance `t` along the line, and the index (in `points`) of its segment's start.
    static func point(at t: Double, _ points: [SIMD2<Double>], _ range: Range<Int>, _ lengths: [Double])
        -> (SIMD2<Double>, Int)?
    {
        guard t >= 0, t <= lengths[lengths.count - 1] else { return nil }
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= t { lo = mid } else { hi = mid }
        }
        let a = points[range.lowerBound + lo], b = points[range.lowerBound + hi]
        let span = lengths[hi] - lengths[lo]
        let f = span > 0 ? (t - lengths[lo]) / span : 0
        return (a + (b - a) * f, range.lowerBound + lo)
    }

    /// The leftmost and rightmost x (dots) of the stretch of the line through `p` that stays in cell
    /// row `row`, followed both ways from `p` (which lies on the segment starting at `segment`) and
    /// no further than `limit` dots from `p` on either side.
    static func run(
        through p: SIMD2<Double>, segment: Int, row: Int, _ points: [SIMD2<Double>], _ range: Range<Int>,
        limit: Double
    ) -> (Double, Double) {
        let top = Double(row * 4), bottom = top + 4
        var low = p.x, high = p.x
        for direction in stride(from: 1, through: -1, by: -2) {
            var from = p
            var i = direction > 0 ? segment + 1 : segment
            while i >= range.lowerBound, i < range.upperBound, abs(from.x - p.x) < limit {
                let to = points[i]
                if to.y >= top, to.y < bottom {
                    low = min(low, to.x)
                    high = max(high, to.x)
                    from = to
                    i += direction
                    continue
                }
                // Where the segment leaves the row.
                let edge = to.y < top ? top : bottom
                let f = (edge - from.y) / (to.y - from.y)
                let x = from.x + (to.x - from.x) * (f.isFinite ? f : 0)
                low = min(low, x)
                high = max(high, x)
                break
            }
        }
        return (max(low, p.x - limit), min(high, p.x + limit))
    }

    /// The column of dot x, clamped to a little outside the canvas before any conversion.
    @inline(__always)
    static func cell(_ x: Double, _ cols: Int) -> Int {
        Int((min(max(x, -4), Double(2 * cols + 4)) / 2).rounded(.down))
    }

    /// True when at most a quarter of the cells of `span` on `row` have dots (a name beside its line
    /// may cross another line, never run along one).
    static func clear(_ dots: [UInt8], cols: Int, row: Int, _ span: Range<Int>) -> Bool {
        let base = row * cols
        var taken = 0
        for col in span where dots[base + col] != 0 { taken += 1 }
        return taken * 4 <= span.count
    }
}
