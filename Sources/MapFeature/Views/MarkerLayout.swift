import GeoCore
import Places
import Render

/// A marker as the map draws it: one or more of the source's markers shown as one glyph or count.
public struct DrawnMarker: Equatable, Sendable {
    /// The source markers it shows, the most important first.
    public var parts: [PlaceMarker]
    /// The cell of its position (screen cells of the map area).
    public var col: Int
    public var row: Int
    /// Places it stands for, and those by kind.
    public var count: Int
    public var kindCounts: KindCounts
    /// The importance of its most important place.
    public var rank: UInt8
    /// The whole zoom from which it splits (or shows as a glyph).
    public var expansionZoom: Int
    /// The place, when the marker is that one place drawn as its glyph.
    public var place: Place?

    public init(
        parts: [PlaceMarker], col: Int, row: Int, count: Int, kindCounts: KindCounts, rank: UInt8, expansionZoom: Int,
        place: Place?
    ) {
        self.parts = parts
        self.col = col
        self.row = row
        self.count = count
        self.kindCounts = kindCounts
        self.rank = rank
        self.expansionZoom = expansionZoom
        self.place = place
    }

    /// The identity of the marker: its first part's key.
    public var key: String { parts[0].key }
    /// Where it is: its first part's position.
    public var coordinate: LatLon { parts[0].coordinate }
    /// The kind with the most places (its colour).
    public var dominantKind: PlaceKind { kindCounts.dominant ?? .restroom }
    /// Drawn as a single glyph (not a count).
    public var isGlyph: Bool { place != nil }
    /// Its text: the glyph, or the count.
    public func text(ascii: Bool) -> String {
        if let place { return String(PlaceGlyphs.glyph(place).scalar(ascii: ascii)) }
        return PlaceGlyphs.countText(count)
    }
    /// Columns of its text.
    public var width: Int { place != nil ? 1 : PlaceGlyphs.countWidth(count) }
    /// The first column of its text: the text is centred on `col` (a count of even length leans right).
    public var startCol: Int { col - (width - 1) / 2 }
}

/// Decides where every marker goes so that none touches another: markers are taken most important first
/// (the selection before all), each goes to its own cell if its text and a free cell all round it are
/// clear of markers and fixed marks, else one cell aside, else it merges into the marker in its way
/// (with only fixed marks in the way, it moves two cells aside).
/// The layout covers a margin around the view, so what happens near an edge does not change when the
/// view pans; only markers whose cell is inside the view are returned. Pure and deterministic.
enum MarkerLayout {
    /// Cells of margin laid out around the view on every side.
    static let margin = 6
    /// Offsets tried after the marker's own cell, nearest first.
    static let shifts: [(Int, Int)] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
    /// Offsets two cells away, tried to keep clear of a name before the name gives way.
    static let farShifts: [(Int, Int)] = [(2, 0), (-2, 0), (0, 2), (0, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)]
    /// The marker's own cell, then `shifts`.
    static let nearMoves: [(Int, Int)] = [(0, 0)] + shifts
    /// The marker's own cell, then `shifts`, then `farShifts`.
    static let allMoves: [(Int, Int)] = nearMoves + farShifts

    /// The markers drawn for `state`, in placement order (most important first).
    static func layout(_ state: MapState) -> [DrawnMarker] {
        let view = state.mapViewport
        guard !view.isEmpty else { return [] }
        var work = Work(state: state, cols: view.cols + 2 * margin, rows: view.rows + 2 * margin)
        for cell in FixedMarks(state).cells {
            work.occupancy.set(col: cell.col + margin, row: cell.row + margin, .fixed)
        }
        for candidate in candidates(state) { work.add(candidate) }
        work.settle()
        return work.placed.compactMap { $0 }.filter { marker in
            marker.col >= 0 && marker.row >= 0 && marker.col < view.cols && marker.row < view.rows
        }
    }

    /// The state's markers as single drawn markers at their cells, in placement order.
    static func candidates(_ state: MapState) -> [DrawnMarker] {
        let transform = state.transform
        let view = state.mapViewport
        let selectedKey = state.selection?.markerKey
        var result: [DrawnMarker] = []
        // What the order depends on, per marker: made once (a key is a new string each time it is read).
        var order: [(selected: Bool, rank: UInt8, count: Int, key: String)] = []
        for part in state.places.markers {
            let (x, y) = transform.dots(part.coordinate)
            let dotsMargin = Double(margin)
            guard x >= -dotsMargin * 2, y >= -dotsMargin * 4, x < Double(view.dotsWide) + dotsMargin * 2,
                y < Double(view.dotsHigh) + dotsMargin * 4
            else { continue }
            let marker = DrawnMarker(
                parts: [part], col: Int((x / 2).rounded(.down)), row: Int((y / 4).rounded(.down)), count: part.count,
                kindCounts: part.kindCounts, rank: part.rank, expansionZoom: part.expansionZoom,
                place: part.place)
            let key = part.key
            result.append(marker)
            order.append((key == selectedKey, marker.rank, marker.count, key))
        }
        return result.indices.sorted { i, j in
            let (a, b) = (order[i], order[j])
            if a.selected != b.selected { return a.selected }
            if a.rank != b.rank { return a.rank > b.rank }
            if a.count != b.count { return a.count > b.count }
            return a.key < b.key
        }.map { result[$0] }
    }

    /// The layout under way: markers placed so far and the cells they hold (coordinates shifted by
    /// `margin`).
    private struct Work {
        let level: Int
        var occupancy: CellOccupancy
        var placed: [DrawnMarker?] = []

        init(state: MapState, cols: Int, rows: Int) {
            level = Int((state.camera.zoom + 1e-9).rounded(.down))
            occupancy = CellOccupancy(cols: cols, rows: rows)
        }

        /// Places a marker at its cell or one aside; else merges it into the marker in its way; else (only
        /// fixed marks in the way) two cells aside; else at its cell, under the marks.
        mutating func add(_ marker: DrawnMarker) {
            if place(marker, trying: MarkerLayout.nearMoves) { return }
            if let target = blocker(of: marker) {
                merge(marker, into: target)
                return
            }
            if place(marker, trying: MarkerLayout.farShifts) { return }
            hold(marker, index: placed.count)
            placed.append(marker)
        }

        /// Places the marker at the first offset where it is clear; false when none is. The offsets are
        /// tried on its cells alone: the marker is copied once, when it goes.
        private mutating func place(_ marker: DrawnMarker, trying offsets: [(Int, Int)]) -> Bool {
            let (start, width) = (marker.startCol, marker.width)
            for (dx, dy) in offsets where isClear(startCol: start + dx, row: marker.row + dy, width: width, except: nil)
            {
                var moved = marker
                moved.col += dx
                moved.row += dy
                hold(moved, index: placed.count)
                placed.append(moved)
                return true
            }
            return false
        }

        /// Merges markers that grew into their neighbours until no two touch.
        mutating func settle() {
            var changed = true
            while changed {
                changed = false
                for i in placed.indices {
                    guard let marker = placed[i], let other = touching(marker, except: i) else { continue }
                    let (keep, drop) = i < other ? (i, other) : (other, i)
                    guard let absorbed = placed[drop] else { continue }
                    release(absorbed)
                    placed[drop] = nil
                    merge(absorbed, into: keep)
                    changed = true
                }
            }
        }

        /// True when the `width` cells from `startCol` on `row` are free and nothing but `except` holds a
        /// cell around them.
        private func isClear(startCol: Int, row: Int, width: Int, except: Int?) -> Bool {
            let (c, r) = (startCol + MarkerLayout.margin, row + MarkerLayout.margin)
            for row in r - 1...r + 1 {
                let blocked = !occupancy.none(cols: c - 1..<c + width + 1, row: row) { holder in
                    switch holder {
                    case .fixed: return true
                    case .marker(let i): return i != except
                    default: return false
                    }
                }
                if blocked { return false }
            }
            return true
        }

        /// The most important placed marker in the way of `marker` at its own cell.
        private func blocker(of marker: DrawnMarker) -> Int? {
            touching(marker, except: nil)
        }

        /// The first placed marker (lowest index) holding a cell of `marker` or around it.
        private func touching(_ marker: DrawnMarker, except: Int?) -> Int? {
            let (c, r) = (marker.startCol + MarkerLayout.margin, marker.row + MarkerLayout.margin)
            var best: Int?
            for row in r - 1...r + 1 {
                for col in c - 1..<c + marker.width + 1 {
                    if case .marker(let i) = occupancy.holder(col: col, row: row), i != except {
                        best = min(best ?? i, i)
                    }
                }
            }
            return best
        }

        private mutating func hold(_ marker: DrawnMarker, index: Int) {
            let (c, r) = (marker.startCol + MarkerLayout.margin, marker.row + MarkerLayout.margin)
            for col in c..<c + marker.width where occupancy.holder(col: col, row: r) != .fixed {
                occupancy.set(col: col, row: r, .marker(index))
            }
        }

        private mutating func release(_ marker: DrawnMarker) {
            let (c, r) = (marker.startCol + MarkerLayout.margin, marker.row + MarkerLayout.margin)
            for col in c..<c + marker.width where occupancy.holder(col: col, row: r) != .fixed {
                occupancy.set(col: col, row: r, .free)
            }
        }

        /// Adds `marker`'s places to the placed marker `target`, which becomes (or stays) a count.
        private mutating func merge(_ marker: DrawnMarker, into target: Int) {
            guard var merged = placed[target] else { return }
            // Taken out while it grows, so that its parts are not copied for every marker it takes in.
            placed[target] = nil
            release(merged)
            merged.parts += marker.parts
            merged.count += marker.count
            merged.kindCounts += marker.kindCounts
            merged.rank = max(merged.rank, marker.rank)
            merged.place = nil
            let next = min(level + 1, ClusterTree.pointLevel)
            merged.expansionZoom = merged.parts.map { max($0.expansionZoom, next) }.min() ?? next
            hold(merged, index: target)
            placed[target] = merged
        }
    }
}
