import GeoCore
import Layers

/// A selected feature of a user layer, or a cluster of its points.
public struct LayerPick: Equatable, Sendable {
    /// The layer's id.
    public var layer: Int
    /// The feature's slot in the layer's content; nil for a cluster.
    public var slot: Int?
    /// Points it stands for (1 for a feature).
    public var count: Int
    /// Where it was when selected (a cluster's centre; a feature's current place is in the content).
    public var coordinate: LatLon

    public init(layer: Int, slot: Int?, count: Int, coordinate: LatLon) {
        self.layer = layer
        self.slot = slot
        self.count = count
        self.coordinate = coordinate
    }

    /// The identity of the selection: a feature by layer and slot, a cluster by layer and place.
    var key: String {
        if let slot { return "l:\(layer):\(slot)" }
        return "lc:\(layer):\(coordinate.lat),\(coordinate.lon)"
    }
}

extension Selection {
    /// The selected layer feature or cluster, if that is what is selected.
    public var layerPick: LayerPick? {
        if case .layerFeature(let pick) = self { return pick }
        return nil
    }
}

/// Selecting layer features: their points as drawn (`LayerMarkers`), and their lines and polygons by
/// a vertex in view (Tab) or a stroke under the pointer (click).
enum LayerSelection {
    /// How near, in dots, a click must be to a line to select it.
    static let hitDots = 4.0

    /// Everything of the layers Tab can select, with the cell it is at.
    static func items(_ state: MapState) -> [(pick: LayerPick, col: Int, row: Int)] {
        var items = LayerMarkers.layout(state).map { (pick: LayerPick($0), col: $0.col, row: $0.row) }
        let view = state.mapViewport
        forEachVisibleVertex(state) { layer, slot, x, y in
            let col = Int(x / 2), row = Int(y / 4)
            guard col >= 0, row >= 0, col < view.cols, row < view.rows else { return false }
            let place = state.transform.latLon(dotX: x, dotY: y)
            items.append((LayerPick(layer: layer.id, slot: slot, count: 1, coordinate: place), col, row))
            return true
        }
        return items
    }

    /// The layer marker at or beside a cell, else the line or outline passing within `hitDots` of it.
    static func hit(col: Int, row: Int, _ state: MapState) -> LayerPick? {
        let markers = LayerMarkers.layout(state)
        let marker =
            markers.first { $0.row == row && col >= $0.startCol && col < $0.startCol + $0.width }
            ?? markers.first { abs($0.row - row) <= 1 && col >= $0.startCol - 1 && col <= $0.startCol + $0.width }
        if let marker { return LayerPick(marker) }
        let x = (Double(col) + 0.5) * 2, y = (Double(row) + 0.5) * 4
        var best: (pick: LayerPick, distance: Double)?
        forEachVisibleSegment(state) { layer, slot, a, b in
            let d = distance(x, y, a, b)
            guard d <= hitDots, d < (best?.distance ?? .infinity) else { return }
            let place = state.transform.latLon(dotX: x, dotY: y)
            best = (LayerPick(layer: layer.id, slot: slot, count: 1, coordinate: place), d)
        }
        return best?.pick
    }

    /// Where a pick is now: a point feature's position (a tracker moves), else where it was picked.
    static func coordinate(_ pick: LayerPick, _ state: MapState) -> LatLon? {
        guard let index = state.layers.index(of: pick.layer) else { return nil }
        guard let slot = pick.slot else { return pick.coordinate }
        let content = state.layers.layers[index].content
        guard slot < content.features.count, let feature = content.features[slot] else { return nil }
        return LayerContent.firstPoint(feature) ?? pick.coordinate
    }

    /// Enter on a cluster of layer points zooms in two steps, centred on it (true when it did).
    static func zoomIn(on pick: LayerPick, _ state: inout MapState) -> Bool {
        guard pick.slot == nil, state.camera.zoom < Camera.zoomRange.upperBound else { return false }
        state.camera = Camera(center: pick.coordinate, zoom: min(state.camera.zoom.rounded(.down) + 2, 18))
        state.selection = nil
        state.detailOpen = false
        return true
    }

    // MARK: Geometry in view

    /// Calls `body` with the vertices (in dots) of each visible line and ring, at the frame's
    /// simplification, until it returns true for that path (one vertex per path is enough).
    static func forEachVisibleVertex(_ state: MapState, _ body: (UserLayer, Int, Double, Double) -> Bool) {
        let frame = LayerPainter.Frame(transform: state.transform, view: state.mapViewport)
        var done = Set<String>()
        for layer in state.layers.layers where layer.visible {
            for path in layer.content.paths where !done.contains("\(layer.id):\(path.slot)") {
                guard frame.meets(path.minY, path.maxY), let shifts = frame.shifts(path.minX, path.maxX) else {
                    continue
                }
                search: for shift in shifts {
                    for p in path.points(level: frame.level) {
                        let d = frame.dots(p, Double(shift))
                        if body(layer, path.slot, d.x, d.y) {
                            done.insert("\(layer.id):\(path.slot)")
                            break search
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with every segment (ends in dots) of the visible lines and rings.
    static func forEachVisibleSegment(
        _ state: MapState, _ body: (UserLayer, Int, SIMD2<Double>, SIMD2<Double>) -> Void
    ) {
        let frame = LayerPainter.Frame(transform: state.transform, view: state.mapViewport)
        for layer in state.layers.layers where layer.visible {
            for path in layer.content.paths {
                guard frame.meets(path.minY, path.maxY), let shifts = frame.shifts(path.minX, path.maxX) else {
                    continue
                }
                let points = path.points(level: frame.level)
                for shift in shifts {
                    for (a, b) in zip(points, points.dropFirst()) {
                        body(layer, path.slot, frame.dots(a, Double(shift)), frame.dots(b, Double(shift)))
                    }
                }
            }
        }
    }

    /// Distance in dots from a point to a segment.
    static func distance(_ x: Double, _ y: Double, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = SIMD2(x, y) - a
        let length = (ab * ab).sum()
        let t = length > 0 ? min(max((ap * ab).sum() / length, 0), 1) : 0
        let d = ap - ab * t
        return (d * d).sum().squareRoot()
    }
}
