import GeoCore
import Layers
import Render

/// A point of a user layer as drawn: one point (its glyph) or a cluster (its count), in screen cells.
public struct LayerMarker: Equatable, Sendable {
    /// The layer's id.
    public var layer: Int
    public var col: Int
    public var row: Int
    public var count: Int
    /// The feature's slot when the marker is one point.
    public var slot: Int?
    /// Where it is: the point, or the centre of the cluster's points.
    public var coordinate: LatLon

    /// The symbol of a single point and its ASCII stand-in.
    static let symbol: (Unicode.Scalar, Unicode.Scalar) = ("❖", "o")

    /// The symbol of a single point, or its ASCII stand-in.
    static func symbol(ascii: Bool) -> Unicode.Scalar { ascii ? symbol.1 : symbol.0 }

    /// The glyph or the count.
    func text(ascii: Bool) -> String {
        slot != nil ? String(Self.symbol(ascii: ascii)) : PlaceGlyphs.countText(count)
    }
    /// Columns of its text.
    var width: Int { slot != nil ? 1 : PlaceGlyphs.countText(count).count }
    /// The first column of its text, centred on `col` like a place's count.
    var startCol: Int { col - (width - 1) / 2 }
}

/// Clusters the points of the visible layers for a frame: the clusters of the layer's point index at
/// the frame's whole zoom are taken largest first, and each joins the marker already within one cell of
/// it (adding its count) or becomes a marker. A frame visits only the bins in view.
enum LayerMarkers {
    static func layout(_ state: MapState) -> [LayerMarker] {
        let view = state.mapViewport
        guard !view.isEmpty, !state.layers.layers.isEmpty else { return [] }
        let transform = state.transform
        var markers: [LayerMarker] = []
        var occupancy = [Int32](repeating: -1, count: view.cols * view.rows)
        for layer in state.layers.layers where layer.visible && layer.content.points.count > 0 {
            for i in occupancy.indices { occupancy[i] = -1 }
            markers += layout(layer, transform, view, &occupancy)
        }
        return markers
    }

    /// A merged candidate: its cell, count, slot when single, and the count-weighted sum of its dots.
    private struct Pile {
        var col: Int, row: Int, count: Int, slot: Int?
        var sumX: Double, sumY: Double
    }

    static func layout(
        _ layer: UserLayer, _ transform: ViewTransform, _ view: Viewport, _ occupancy: inout [Int32]
    ) -> [LayerMarker] {
        let scale = transform.scale, origin = transform.origin
        let level = Int(max(transform.camera.zoom, 0).rounded(.down))
        let index = layer.content.points
        let maxX = origin.x + Double(view.dotsWide) / scale, maxY = origin.y + Double(view.dotsHigh) / scale
        var candidates: [(x: Double, y: Double, count: Int, slot: Int?)] = []
        index.forEach(level: level, minX: origin.x, minY: origin.y, maxX: maxX, maxY: maxY) { c in
            let x = (c.x - origin.x) * scale, y = (c.y - origin.y) * scale
            guard x >= 0, y >= 0, x < Double(view.dotsWide), y < Double(view.dotsHigh) else { return }
            candidates.append((x, y, c.count, c.slot))
        }
        // Largest first (single points, all alike, keep the index's order).
        if candidates.contains(where: { $0.count > 1 }) { candidates.sort { $0.count > $1.count } }
        var piles: [Pile] = []
        for candidate in candidates {
            let col = Int(candidate.x / 2), row = Int(candidate.y / 4)
            let weight = Double(candidate.count)
            if let near = nearby(col, row, view, occupancy) {
                piles[near].count += candidate.count
                piles[near].slot = nil
                piles[near].sumX += candidate.x * weight
                piles[near].sumY += candidate.y * weight
                continue
            }
            occupancy[row * view.cols + col] = Int32(piles.count)
            piles.append(
                Pile(
                    col: col, row: row, count: candidate.count, slot: candidate.slot, sumX: candidate.x * weight,
                    sumY: candidate.y * weight))
        }
        return piles.map { pile in
            let n = Double(pile.count)
            let place: LatLon
            if let slot = pile.slot, let point = LayerContent.firstPoint(layer.content.features[slot]) {
                place = point
            } else {
                place = transform.latLon(dotX: pile.sumX / n, dotY: pile.sumY / n)
            }
            return LayerMarker(
                layer: layer.id, col: pile.col, row: pile.row, count: pile.count, slot: pile.slot, coordinate: place)
        }
    }

    /// The pile in `col, row` or one of its eight neighbours, if any.
    private static func nearby(_ col: Int, _ row: Int, _ view: Viewport, _ occupancy: [Int32]) -> Int? {
        for dy in -1...1 {
            let r = row + dy
            guard r >= 0, r < view.rows else { continue }
            for dx in -1...1 {
                let c = col + dx
                guard c >= 0, c < view.cols else { continue }
                let held = occupancy[r * view.cols + c]
                if held >= 0 { return Int(held) }
            }
        }
        return nil
    }
}
