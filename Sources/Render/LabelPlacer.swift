/// Places names on a grid of cells without overlap: candidates are sorted by priority (lower
/// first) and a name is dropped when any of its cells, or the one-cell margin left and right of
/// it, is taken; a name repeated nearby (a street split over tiles) is placed once.
struct LabelPlacer {
    let cols: Int
    let rows: Int
    private var candidates: [Candidate] = []

    struct Candidate {
        var text: String
        var width: Int
        var col: Int
        var row: Int
        var priority: Double
        var style: CellStyle
        var order: Int
    }

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
    }

    /// Offers a name centred on a point given in dots.
    mutating func add(text: String, width: Int, dotX: Double, dotY: Double, priority: Double, style: CellStyle) {
        guard width > 0, width <= cols, dotX >= 0, dotY >= 0 else { return }
        let col = Int((dotX / 2).rounded(.down)) - width / 2
        let row = Int((dotY / 4).rounded(.down))
        guard row < rows, col >= 0, col + width <= cols else { return }
        candidates.append(
            Candidate(
                text: text, width: width, col: col, row: row, priority: priority, style: style, order: candidates.count)
        )
    }

    /// The names that fit, in placement order.
    func place() -> [PlacedLabel] {
        var taken = [Bool](repeating: false, count: cols * rows)
        var placedAt: [String: [(Int, Int)]] = [:]
        var result: [PlacedLabel] = []
        let sorted = candidates.sorted { ($0.priority, $0.order) < ($1.priority, $1.order) }
        for c in sorted {
            let from = max(c.col - 1, 0), to = min(c.col + c.width + 1, cols)
            let base = c.row * cols
            if (from..<to).contains(where: { taken[base + $0] }) { continue }
            if let others = placedAt[c.text],
                others.contains(where: { abs($0.0 - c.col) < 40 && abs($0.1 - c.row) < 10 })
            {
                continue
            }
            for x in from..<to { taken[base + x] = true }
            placedAt[c.text, default: []].append((c.col, c.row))
            result.append(PlacedLabel(text: c.text, col: c.col, row: c.row, style: c.style))
        }
        return result
    }
}

/// A name placed on the grid: its first cell and style.
struct PlacedLabel {
    var text: String
    var col: Int
    var row: Int
    var style: CellStyle
}
