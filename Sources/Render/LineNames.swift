import VectorTiles

/// The names of line features of one layer of one tile, gathered by name so the parts of one street
/// that meet end to end (a street is split into ways at its junctions) become one line. Every line's
/// vertices go into one array.
struct LineNames {
    /// Each name's label (that of its first feature), in the order the names first appeared.
    private var labels: [PreparedLabel] = []
    private var indexOfName: [String: Int] = [:]
    /// The vertices of every line, tile-local units.
    private var points: [SIMD2<Float>] = []
    /// Each line: its vertices in `points`.
    private var lines: [Range<Int>] = []
    /// Each line: the index of its name in `labels`.
    private var nameOfLine: [Int] = []

    /// Adds the parts of a feature named by `label` (parts of fewer than 2 vertices are left out).
    mutating func add(_ label: PreparedLabel, _ geometry: TileGeometry) {
        let name: Int
        if let known = indexOfName[label.text] {
            name = known
        } else {
            name = labels.count
            labels.append(label)
            indexOfName[label.text] = name
        }
        for i in 0..<geometry.partCount {
            let range = geometry.range(ofPart: i)
            guard range.count >= 2 else { continue }
            let start = points.count
            points.append(contentsOf: geometry.points[range])
            lines.append(start..<points.count)
            nameOfLine.append(name)
        }
    }

    /// One label per joined line, in the order the names first appeared, its vertices appended to `out`.
    func append(to out: inout PreparedStyleLayer) {
        // The lines of each name together, in the order they came (a counting sort by name).
        var first = [Int](repeating: 0, count: labels.count + 1)
        for name in nameOfLine { first[name + 1] += 1 }
        for name in labels.indices { first[name + 1] += first[name] }
        var grouped = [Range<Int>](repeating: 0..<0, count: lines.count)
        var next = first
        for (line, name) in zip(lines, nameOfLine) {
            grouped[next[name]] = line
            next[name] += 1
        }
        var joiner = LineJoiner()
        for (name, named) in labels.enumerated() {
            joiner.join(grouped[first[name]..<first[name + 1]], in: points) { line in
                var label = named
                let start = out.points.count
                out.points.append(contentsOf: line)
                label.path = start..<out.points.count
                label.low = line.reduce(line[0]) { pointwiseMin($0, $1) }
                label.high = line.reduce(line[0]) { pointwiseMax($0, $1) }
                label.point = line[line.count / 2]
                out.labels.append(label)
            }
        }
    }
}

/// Joins lines that share an end point (either way round) into longer ones, each line used once. The
/// end points are sorted once, so the lines at a point are found by a binary search: n log n in the
/// number of lines. Its buffers are reused from one call to the next.
struct LineJoiner {
    /// Each end of each line, sorted by point, then in the order the ends came (each line's first
    /// vertex, then its last).
    private var ends: [(point: SIMD2<Float>, order: Int)] = []
    private var used: [Bool] = []
    private var line: [SIMD2<Float>] = []

    /// Calls `body` with each joined line of `lines` (ranges of `points`, each of 2 vertices or more):
    /// starting from each line not used yet, in order, lines are joined at its last vertex, then, the
    /// whole turned round, at its first. A lone line is passed as it is.
    mutating func join(
        _ lines: ArraySlice<Range<Int>>, in points: [SIMD2<Float>], _ body: ([SIMD2<Float>]) -> Void
    ) {
        guard lines.count > 1 else {
            for range in lines { body(Array(points[range])) }
            return
        }
        let ranges = Array(lines)
        ends.removeAll(keepingCapacity: true)
        for range in ranges {
            ends.append((points[range.lowerBound], ends.count))
            ends.append((points[range.upperBound - 1], ends.count))
        }
        ends.sort { Self.precedes($0.point, $1.point) || ($0.point == $1.point && $0.order < $1.order) }
        used = [Bool](repeating: false, count: ranges.count)
        for i in ranges.indices where !used[i] {
            used[i] = true
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: points[ranges[i]])
            extend(ranges, points)
            line.reverse()
            extend(ranges, points)
            body(line)
        }
    }

    /// Appends to `line` the unused lines that continue it at its last vertex, one after another.
    private mutating func extend(_ ranges: [Range<Int>], _ points: [SIMD2<Float>]) {
        while let (i, forward) = unused(at: line[line.count - 1], ranges, points) {
            used[i] = true
            let range = ranges[i]
            if forward {
                line.append(contentsOf: points[range.dropFirst()])
            } else {
                line.append(contentsOf: points[range.dropLast()].reversed())
            }
        }
    }

    /// The first unused line with an end at `point` (in the order of `ends`), and whether it starts there.
    private func unused(at point: SIMD2<Float>, _ ranges: [Range<Int>], _ points: [SIMD2<Float>]) -> (Int, Bool)? {
        var low = 0, high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if Self.precedes(ends[mid].point, point) { low = mid + 1 } else { high = mid }
        }
        while low < ends.count, ends[low].point == point {
            let i = ends[low].order / 2
            if !used[i] { return (i, points[ranges[i].lowerBound] == point) }
            low += 1
        }
        return nil
    }

    /// Points in order of x, then y.
    @inline(__always)
    private static func precedes(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        a.x < b.x || (a.x == b.x && a.y < b.y)
    }
}
