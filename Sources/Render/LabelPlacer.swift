/// A name the map wants to write: where, how important, in which colour. Produced by `MapRenderer`,
/// placed by `LabelPlacer` together with everything else drawn over the map.
public struct MapLabel: Sendable, Hashable {
    public var text: String
    /// Columns of `text`.
    public var width: Int
    /// First cell of the text (the name is centred on its anchor).
    public var col: Int
    public var row: Int
    /// Lower is placed first.
    public var priority: Double
    /// Foreground and attributes; the background is the map's under each letter.
    public var style: CellStyle
    /// A name of the first rank (countries, capitals, large cities): placed before the places on the map.
    public var major: Bool
    /// The same text is not placed again closer than this many columns and rows (both).
    public var repeatCols = 40
    public var repeatRows = 10
    /// Free cells kept left and right of the text, clear of other names' letters (2 for street names,
    /// so that two names on one row never read as one).
    public var margin = 1
    /// Written on the background under most of its letters rather than under the first (street names).
    public var onMostBackground = false
}

/// Who holds each cell of the map area while names, glyphs and markers are placed: nothing, something
/// fixed (the user's position, a pin), a letter of a name, or a marker.
public struct CellOccupancy: Sendable {
    public enum Holder: Equatable, Sendable {
        case free
        case fixed
        /// A letter of the name of this index (in the list being placed).
        case letter(Int)
        /// A cell of the marker of this index.
        case marker(Int)
    }

    public let cols: Int
    public let rows: Int
    /// 0 free, -1 fixed, 2(i+1) letter i, 2(i+1)+1 marker i.
    private var cells: [Int32]

    public init(cols: Int, rows: Int) {
        self.cols = max(cols, 0)
        self.rows = max(rows, 0)
        cells = [Int32](repeating: 0, count: self.cols * self.rows)
    }

    /// The holder of a cell; `.free` outside the area.
    public func holder(col: Int, row: Int) -> Holder {
        guard col >= 0, row >= 0, col < cols, row < rows else { return .free }
        let v = cells[row * cols + col]
        if v == 0 { return .free }
        if v < 0 { return .fixed }
        return v & 1 == 0 ? .letter(Int(v / 2 - 1)) : .marker(Int((v - 1) / 2 - 1))
    }

    /// Sets the holder of a cell (ignored outside the area).
    public mutating func set(col: Int, row: Int, _ holder: Holder) {
        guard col >= 0, row >= 0, col < cols, row < rows else { return }
        let v: Int32
        switch holder {
        case .free: v = 0
        case .fixed: v = -1
        case .letter(let i): v = Int32(2 * (i + 1))
        case .marker(let i): v = Int32(2 * (i + 1) + 1)
        }
        cells[row * cols + col] = v
    }

    /// True when no cell of `cols` on `row` has a holder `matching` (cells outside the area count as free).
    public func none(cols range: Range<Int>, row: Int, _ matching: (Holder) -> Bool) -> Bool {
        guard row >= 0, row < rows else { return true }
        for col in max(range.lowerBound, 0)..<min(range.upperBound, cols) where matching(holder(col: col, row: row)) {
            return false
        }
        return true
    }
}

/// Places names without overlap: in priority order (lower first), a name is dropped whole when any of
/// its cells, or its margin left and right (one cell, or the label's `margin`), is taken; a name repeated nearby (a street
/// split over tiles, or the other spots along one street) is placed once: not again within its
/// `repeatCols` and `repeatRows`. Placed names hold their cells as letters.
public struct LabelPlacer: Sendable {
    private var placedAt: [String: [(col: Int, row: Int)]] = [:]

    public init() {}

    /// Places the labels of `indices` (all when nil; any order, sorted here) into `occupancy`, letters
    /// held by the label's index in `labels`; returns the indices placed, in placement order.
    public mutating func place(_ labels: [MapLabel], only indices: [Int]? = nil, into occupancy: inout CellOccupancy)
        -> [Int]
    {
        var placed: [Int] = []
        let order = (indices ?? Array(labels.indices)).sorted {
            (labels[$0].priority, $0) < (labels[$1].priority, $1)
        }
        for i in order {
            let label = labels[i]
            guard label.row >= 0, label.row < occupancy.rows, label.col >= 0, label.col + label.width <= occupancy.cols
            else { continue }
            let margin = max(label.margin, 1)
            guard
                occupancy.none(
                    cols: label.col - margin..<label.col + label.width + margin, row: label.row, { $0 != .free })
            else { continue }
            if let others = placedAt[label.text],
                others.contains(where: {
                    abs($0.col - label.col) < label.repeatCols && abs($0.row - label.row) < label.repeatRows
                })
            {
                continue
            }
            for col in label.col..<label.col + label.width { occupancy.set(col: col, row: label.row, .letter(i)) }
            placedAt[label.text, default: []].append((label.col, label.row))
            placed.append(i)
        }
        return placed
    }
}
