import GeoCore
import Layers
import Render

/// Draws the lines and polygons of the visible layers onto the map, under every name and glyph:
/// polygons fill the cells whose centres lie inside them (even–odd, holes left out) with the layer's
/// dim background, keeping the map's characters; lines and outlines are braille dots in the layer's
/// colour, joined with the map's own dots. Each path is drawn at the simplification of the frame's
/// whole zoom, only its chunks that meet the view, on every copy of the world in view. Strokes are
/// two dots wide, to stand out from the map's streets. The selected feature is drawn again in white
/// on top.
struct LayerPainter {
    static let selectedColor = TermColor(231)
    static let strokeWidth = 2

    func paint(_ state: MapState, into grid: inout CellGrid) {
        let view = state.mapViewport
        guard !view.isEmpty, state.layers.layers.contains(where: { $0.visible && !$0.content.paths.isEmpty }) else {
            return
        }
        var canvas = DotCanvas(cols: view.cols, rows: view.rows)
        var frame = Frame(transform: state.transform, view: view)
        let selected = state.selection?.layerPick
        for layer in state.layers.layers where layer.visible {
            frame.fill(layer, into: &canvas)
        }
        for layer in state.layers.layers where layer.visible {
            for path in layer.content.paths { frame.stroke(path, color: layer.color.stroke, into: &canvas) }
        }
        if let selected, let slot = selected.slot,
            let layer = state.layers.layers.first(where: { $0.id == selected.layer }),
            layer.visible
        {
            for path in layer.content.paths where path.slot == slot {
                frame.stroke(path, color: Self.selectedColor, into: &canvas)
            }
        }
        merge(canvas, ascii: state.ascii, into: &grid)
    }

    /// Copies the canvas onto the map: fills as backgrounds, dots joined with the braille there (drawn
    /// with `attributes`: the route is bold).
    func merge(
        _ canvas: DotCanvas, ascii: Bool, attributes: CellStyle.Attributes = [], into grid: inout CellGrid
    ) {
        for row in 0..<min(canvas.rows, grid.rows) {
            for col in 0..<canvas.cols {
                let i = row * canvas.cols + col
                let fill = canvas.background[i], mask = canvas.dots[i]
                guard mask != 0 || !fill.isDefault else { continue }
                var cell = grid[col, row]
                if !fill.isDefault { cell.style.bg = fill }
                if mask != 0 {
                    let base = (0x2800...0x28FF).contains(cell.scalar) ? UInt8(cell.scalar - 0x2800) : 0
                    let scalar =
                        ascii ? AsciiStroke.character(for: mask | base) : Unicode.Scalar(0x2800 + UInt32(mask | base))!
                    cell = Cell(
                        scalar, style: CellStyle(fg: canvas.foreground[i], bg: cell.style.bg, attributes: attributes))
                }
                grid[col, row] = cell
            }
        }
    }

    /// The view in world units and reusable buffers.
    struct Frame {
        let transform: ViewTransform
        let level: Int
        let minX, minY, maxX, maxY: Double
        var points: [SIMD2<Double>] = []
        var scratch: [SIMD2<Double>] = []

        init(transform: ViewTransform, view: Viewport) {
            self.transform = transform
            level = Int(max(transform.camera.zoom, 0).rounded(.down))
            minX = transform.origin.x
            minY = transform.origin.y
            maxX = minX + Double(view.dotsWide) / transform.scale
            maxY = minY + Double(view.dotsHigh) / transform.scale
        }

        /// The whole-world shifts that bring `lowX...highX` into the view.
        func shifts(_ lowX: Double, _ highX: Double) -> ClosedRange<Int>? {
            let first = Int((minX - highX).rounded(.up)), last = Int((maxX - lowX).rounded(.down))
            return first <= last ? first...last : nil
        }

        func meets(_ minY: Double, _ maxY: Double) -> Bool { maxY >= self.minY && minY <= self.maxY }

        /// Fills every polygon of the layer: an outer ring with the holes that follow it.
        mutating func fill(_ layer: UserLayer, into canvas: inout DotCanvas) {
            let paths = layer.content.paths
            var i = 0
            while i < paths.count {
                guard paths[i].isRing, !paths[i].hole else {
                    i += 1
                    continue
                }
                var end = i + 1
                while end < paths.count, paths[end].hole, paths[end].slot == paths[i].slot { end += 1 }
                let outer = paths[i]
                if meets(outer.minY, outer.maxY), let shifts = shifts(outer.minX, outer.maxX) {
                    for shift in shifts { fill(paths[i..<end], shift: Double(shift), layer.color.fill, &canvas) }
                }
                i = end
            }
        }

        private mutating func fill(
            _ rings: ArraySlice<LayerPath>, shift: Double, _ color: TermColor, _ canvas: inout DotCanvas
        ) {
            points.removeAll(keepingCapacity: true)
            var ranges: [Range<Int>] = []
            for ring in rings where !ring.hole || samples(ring, shift: shift) {
                let start = points.count
                for p in ring.points(level: level) { points.append(dots(p, shift)) }
                ranges.append(start..<points.count)
            }
            canvas.fillPolygon(points, rings: ranges[...], color: color, scratch: &scratch)
        }

        /// False when no cell-centre line of the view's rows crosses the ring's box within the view, so
        /// that leaving the ring out changes no cell: a closed ring adds an even number of crossings left
        /// of any point outside it. Holes beyond the view or between two centre lines (most of 200 000
        /// small ones) then cost nothing.
        func samples(_ ring: LayerPath, shift: Double) -> Bool {
            guard ring.maxX + shift >= minX, ring.minX + shift <= maxX, meets(ring.minY, ring.maxY) else {
                return false
            }
            // Rows r whose centre line, (r + 0.5) × 4 dots down, lies in [top, bottom) of the ring.
            let top = (ring.minY - minY) * transform.scale / 4 - 0.5
            let bottom = (ring.maxY - minY) * transform.scale / 4 - 0.5
            return top.rounded(.up) < bottom.rounded(.up)
        }

        /// Draws the chunks of a path that meet the view.
        mutating func stroke(_ path: LayerPath, color: TermColor, into canvas: inout DotCanvas) {
            guard meets(path.minY, path.maxY), let shifts = shifts(path.minX, path.maxX) else { return }
            let chunks = path.chunks(level: level)
            for shift in shifts {
                let dx = Double(shift)
                for chunk in chunks where meets(chunk.minY, chunk.maxY) {
                    guard chunk.maxX + dx >= minX, chunk.minX + dx <= maxX else { continue }
                    points.removeAll(keepingCapacity: true)
                    for p in chunk.points { points.append(dots(p, dx)) }
                    canvas.drawPolyline(
                        points, range: 0..<points.count, closed: false, color: color, width: LayerPainter.strokeWidth)
                }
            }
        }

        @inline(__always)
        func dots(_ p: WorldPoint, _ shift: Double) -> SIMD2<Double> {
            SIMD2((p.x + shift - transform.origin.x) * transform.scale, (p.y - transform.origin.y) * transform.scale)
        }
    }
}
