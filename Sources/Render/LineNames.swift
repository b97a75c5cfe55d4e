import VectorTiles

/// The names of line features of one layer of one tile, gathered by name and style so the parts of
/// one street that meet end to end (a street is split into ways at its junctions) become one line.
struct LineNames {
    private var order: [String] = []
    private var groups: [String: (label: PreparedLabel, parts: [[SIMD2<Float>]])] = [:]

    mutating func add(_ label: PreparedLabel, _ geometry: TileGeometry) {
        let key = label.text
        if groups[key] == nil {
            order.append(key)
            groups[key] = (label, [])
        }
        for i in 0..<geometry.partCount {
            let range = geometry.range(ofPart: i)
            if range.count >= 2 { groups[key]!.parts.append(Array(geometry.points[range])) }
        }
    }

    /// One label per joined line, in the order the names first appeared, its vertices appended to `out`.
    func append(to out: inout PreparedLayer) {
        for key in order {
            guard let group = groups[key] else { continue }
            for line in Self.join(group.parts) {
                var label = group.label
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

    /// Joins lines that share an end point (either way round) into longer ones, each line used once;
    /// linear in the number of lines (end points are looked up in a table).
    static func join(_ lines: [[SIMD2<Float>]]) -> [[SIMD2<Float>]] {
        guard lines.count > 1 else { return lines }
        var ends: [SIMD2<Float>: [Int]] = [:]
        for (i, line) in lines.enumerated() {
            ends[line[0], default: []].append(i)
            ends[line[line.count - 1], default: []].append(i)
        }
        var used = [Bool](repeating: false, count: lines.count)
        /// An unused line with an end at `point`, turned so that it starts there.
        func next(at point: SIMD2<Float>) -> [SIMD2<Float>]? {
            guard let candidates = ends[point] else { return nil }
            for i in candidates where !used[i] {
                used[i] = true
                return lines[i][0] == point ? lines[i] : lines[i].reversed()
            }
            return nil
        }
        var joined: [[SIMD2<Float>]] = []
        for i in lines.indices where !used[i] {
            used[i] = true
            var line = lines[i]
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            line.reverse()
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            joined.append(line)
        }
        return joined
    }
}
