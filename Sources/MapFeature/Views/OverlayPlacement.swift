import Render

/// Everything drawn over the map, placed in one pass over one `CellOccupancy`, in this order: the
/// fixed marks (user, pins, centres), the credit and the selection; the names of the first rank (countries, capitals, large cities);
/// the markers of `MarkerLayout`, each moving one cell aside rather than cover such a name (or, with
/// no room at all, the name gives way whole); then the other names by priority, each dropped whole
/// where it would touch anything. No letter is ever overwritten.
struct OverlayPlacement {
    /// The markers at their final cells, most important first.
    private(set) var markers: [DrawnMarker]
    /// The points of the user's layers at their final cells.
    private(set) var layerMarkers: [LayerMarker] = []
    /// Indices into the map's labels of the names drawn.
    private(set) var labels: [Int] = []
    /// Who holds each cell once everything is placed.
    private(set) var occupancy: CellOccupancy

    init(_ state: MapState, marks: FixedMarks, credit: CreditLine, map: borrowing RenderedMap) {
        let view = state.mapViewport
        occupancy = CellOccupancy(cols: view.cols, rows: view.rows)
        for cell in marks.cells + credit.cells { occupancy.set(col: cell.col, row: cell.row, .fixed) }
        let layout = MarkerLayout.layout(state)
        // The selection is placed with the fixed marks: names move around it, not it around names.
        let selectedKey = state.selection?.markerKey
        let selected = layout.first.flatMap { marker in
            selectedKey.flatMap { key in marker.parts.contains { $0.key == key } ? marker : nil }
        }
        if let selected {
            for col in selected.startCol..<selected.startCol + selected.width {
                occupancy.set(col: col, row: selected.row, .fixed)
            }
        }
        var placer = LabelPlacer()
        let major = map.labels.indices.filter { map.labels[$0].major }
        var kept = Set(placer.place(map.labels, only: major, into: &occupancy))
        layerMarkers = LayerMarkerPlacement.place(
            LayerMarkers.layout(state), &occupancy, evicting: &kept, labels: map.labels)
        markers = []
        for (i, marker) in layout.enumerated() {
            if i == 0, let selected {
                markers.append(selected)
                continue
            }
            let placed = Self.moveAside(marker, evicting: &kept, map: map, &occupancy)
            // A count also holds the cell either side, so that names placed later keep two cells from it.
            let pad = Self.letterGap(placed) - 1
            for col in placed.startCol - pad..<placed.startCol + placed.width + pad
            where occupancy.holder(col: col, row: placed.row) == .free
                || (col >= placed.startCol && col < placed.startCol + placed.width
                    && occupancy.holder(col: col, row: placed.row) != .fixed)
            {
                occupancy.set(col: col, row: placed.row, .marker(markers.count))
            }
            markers.append(placed)
        }
        let minor = map.labels.indices.filter { !map.labels[$0].major }
        let placedMinor = placer.place(map.labels, only: minor, into: &occupancy)
        labels = kept.sorted() + placedMinor
    }

    /// Blank cells kept between a marker and a letter on its row: one for a glyph, two for a count, whose
    /// digits would otherwise read as part of the name ("Spain 29").
    static func letterGap(_ marker: DrawnMarker) -> Int { marker.isGlyph ? 1 : 2 }

    /// `marker` where it touches no letter (`letterGap` free cells left and right of its text) and no
    /// other marker or fixed mark: its own cell, else one cell aside, else two; with no such cell it stays
    /// and the names in its way are removed whole.
    private static func moveAside(
        _ marker: DrawnMarker, evicting kept: inout Set<Int>, map: borrowing RenderedMap,
        _ occupancy: inout CellOccupancy
    ) -> DrawnMarker {
        let (start, width, gap) = (marker.startCol, marker.width, letterGap(marker))
        for (dx, dy) in MarkerLayout.allMoves {
            let (col, row) = (start + dx, marker.row + dy)
            guard row >= 0, row < occupancy.rows, col >= 0, col + width <= occupancy.cols,
                fits(startCol: col, row: row, width: width, gap: gap, occupancy)
            else { continue }
            var moved = marker
            moved.col += dx
            moved.row += dy
            return moved
        }
        for col in marker.startCol - gap..<marker.startCol + marker.width + gap {
            if case .letter(let i) = occupancy.holder(col: col, row: marker.row) {
                let label = map.labels[i]
                for c in label.col..<label.col + label.width { occupancy.set(col: c, row: label.row, .free) }
                kept.remove(i)
            }
        }
        return marker
    }

    /// True when a marker's text of `width` cells from `startCol` on `row`, and `gap` cells left and
    /// right of it (its `letterGap`), hold no letter, and no marker or fixed mark is in its text or the
    /// ring of cells around it (cells off the map count as free).
    private static func fits(startCol: Int, row: Int, width: Int, gap: Int, _ occupancy: CellOccupancy) -> Bool {
        let span = startCol - 1..<startCol + width + 1
        if !occupancy.none(cols: span, row: row, { $0 != .free }) { return false }
        let letters = startCol - gap..<startCol + width + gap
        let noLetter = occupancy.none(cols: letters, row: row) { holder in
            if case .letter = holder { return true }
            return false
        }
        if !noLetter { return false }
        for neighbour in [row - 1, row + 1] {
            let clear = occupancy.none(cols: span, row: neighbour) { holder in
                if case .marker = holder { return true }
                return holder == .fixed
            }
            if !clear { return false }
        }
        return true
    }

    /// The places the drawn markers stand for, and the number of markers.
    var counts: (markers: Int, places: Int) { (markers.count, markers.reduce(0) { $0 + $1.count }) }
}
