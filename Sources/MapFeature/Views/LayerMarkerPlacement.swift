import Render

/// Where the points of the user's layers go among the names and markers: after the fixed marks and
/// the first-rank names, before the places (the user's own data comes first; places move aside for
/// it) and the other names. Each goes to its own cell if its text and the cells left and right of it
/// hold nothing, else one or two cells aside; with no such cell it stays, and the names in its way
/// give way whole (never a fixed mark: then it is left out). No letter is ever overwritten.
enum LayerMarkerPlacement {
    static func place(
        _ markers: [LayerMarker], _ occupancy: inout CellOccupancy, evicting kept: inout Set<Int>,
        labels: [MapLabel]
    ) -> [LayerMarker] {
        var placed: [LayerMarker] = []
        for marker in markers {
            let spot = free(marker, occupancy) ?? evict(marker, &occupancy, &kept, labels)
            guard let spot else { continue }
            for col in spot.startCol..<spot.startCol + spot.width { occupancy.set(col: col, row: spot.row, .fixed) }
            placed.append(spot)
        }
        return placed
    }

    /// The marker at the nearest cell where it touches nothing.
    static func free(_ marker: LayerMarker, _ occupancy: CellOccupancy) -> LayerMarker? {
        for (dx, dy) in [(0, 0)] + MarkerLayout.shifts + MarkerLayout.farShifts {
            var moved = marker
            moved.col += dx
            moved.row += dy
            guard moved.row >= 0, moved.row < occupancy.rows, moved.startCol >= 0,
                moved.startCol + moved.width <= occupancy.cols
            else { continue }
            let span = moved.startCol - 1..<moved.startCol + moved.width + 1
            if occupancy.none(cols: span, row: moved.row, { $0 != .free }) { return moved }
        }
        return nil
    }

    /// The marker at its own cell, the names in its way removed whole; nil when a fixed mark or another
    /// marker is there.
    static func evict(
        _ marker: LayerMarker, _ occupancy: inout CellOccupancy, _ kept: inout Set<Int>, _ labels: [MapLabel]
    ) -> LayerMarker? {
        guard marker.startCol >= 0, marker.startCol + marker.width <= occupancy.cols else { return nil }
        let text = marker.startCol..<marker.startCol + marker.width
        let blocked = !occupancy.none(cols: text, row: marker.row) { holder in
            if case .letter = holder { return false }
            return holder != .free
        }
        if blocked { return nil }
        for col in marker.startCol - 1..<marker.startCol + marker.width + 1 {
            guard case .letter(let i) = occupancy.holder(col: col, row: marker.row) else { continue }
            let label = labels[i]
            for c in label.col..<label.col + label.width { occupancy.set(col: c, row: label.row, .free) }
            kept.remove(i)
        }
        return marker
    }

    /// Draws the placed markers: a point's glyph, a cluster's count, in its layer's colour; the
    /// selection reversed.
    static func draw(_ markers: [LayerMarker], _ state: MapState, into grid: inout CellGrid) {
        let selectedKey = state.selection?.layerPick.map(\.key)
        for marker in markers {
            guard let index = state.layers.index(of: marker.layer) else { continue }
            let color = state.layers.layers[index].color.stroke
            let selected = selectedKey == LayerPick(marker).key
            if marker.slot != nil {
                guard grid.contains(col: marker.col, row: marker.row) else { continue }
                let scalar = LayerMarker.symbol(ascii: state.ascii)
                grid[marker.col, marker.row] = Cell(
                    scalar,
                    style: CellStyle(
                        fg: color, bg: selected ? .terminalDefault : grid[marker.col, marker.row].style.bg,
                        attributes: selected ? [.reverse, .bold] : .bold))
            } else {
                // Underlined digits in the layer's colour: unlike a place count, which is boxed.
                let bg =
                    grid.contains(col: marker.col, row: marker.row)
                    ? grid[marker.col, marker.row].style.bg : .terminalDefault
                grid.put(
                    marker.text(ascii: state.ascii), col: marker.startCol, row: marker.row,
                    style: CellStyle(
                        fg: color, bg: selected ? .terminalDefault : bg,
                        attributes: selected ? [.reverse, .bold] : [.bold, .underline]),
                    maxCol: grid.cols)
            }
        }
    }
}

extension LayerPick {
    init(_ marker: LayerMarker) {
        self.init(layer: marker.layer, slot: marker.slot, count: marker.count, coordinate: marker.coordinate)
    }
}

extension StatusBar.Part {
    /// The part with "· 2 layers" added to its texts (but the last, which may be empty).
    func withLayers(_ layers: LayersState) -> StatusBar.Part {
        let summary = layers.summary
        guard !summary.isEmpty else { return self }
        var part = self
        for i in part.variants.indices where !part.variants[i].isEmpty {
            part.variants[i] += i == 0 ? " · " + summary : " · \(layers.layers.count)L"
        }
        return part
    }
}
