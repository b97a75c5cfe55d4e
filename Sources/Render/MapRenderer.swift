import Foundation
import GeoCore
import VectorTiles

/// Draws the basemap for a camera from a `TileSnapshot` into a grid of cells: fills as background
/// colours, lines as braille dots (or ASCII strokes), then names placed without overlap, most important
/// first. Drawing reads nothing but the snapshot (no I/O: `TileSnapshotBuilder` loads tiles). Keeps its
/// scratch buffers between frames; not thread-safe (one renderer per render thread).
public final class MapRenderer {
    public let style: MapStyle
    /// The last frame's canvas, whose buffers the next frame draws in (no allocation per frame).
    private var reusedCanvas = DotCanvas(cols: 0, rows: 0)
    private var crossings: [SIMD2<Double>] = []
    private var scratch: [SIMD2<Double>] = []
    private var scratchParts: [Range<Int>] = []
    private var scratchFeatures: [Range<Int>] = []
    private var scratchLengths: [Double] = []
    private var scratchSpots: [LineLabelSpots.Spot] = []

    /// A renderer drawing with `style` (the style the snapshots were prepared for).
    public init(style: MapStyle) {
        self.style = style
    }

    /// The map of `tiles` for `camera` over a `viewport`-sized area, names placed (most important first).
    public func render(camera: Camera, viewport: Viewport, tiles: TileSnapshot, ascii: Bool = false) -> CellGrid {
        var map = renderLayers(camera: camera, viewport: viewport, tiles: tiles, ascii: ascii)
        var occupancy = CellOccupancy(cols: viewport.cols, rows: viewport.rows)
        var placer = LabelPlacer()
        for i in placer.place(map.labels, into: &occupancy) { map.draw(label: i) }
        return map.grid
    }

    /// The map of `tiles` for `camera` over a `viewport`-sized area without its names, and the names it
    /// would write (for a caller that places them among other things; see `RenderedMap`).
    public func renderLayers(
        camera: Camera, viewport: Viewport, tiles snapshot: TileSnapshot, ascii: Bool = false
    ) -> RenderedMap {
        let transform = ViewTransform(camera: camera, viewport: viewport)
        var canvas = reusedCanvas.take()
        canvas.reset(cols: viewport.cols, rows: viewport.rows, background: style.background)
        defer { reusedCanvas = canvas }
        guard !viewport.isEmpty else {
            return RenderedMap(grid: CellGrid(cols: viewport.cols, rows: viewport.rows), labels: [])
        }
        let shown = style.layers.indices.filter { style.layers[$0].isVisible(atZoom: camera.zoom) }
        let tiles = visibleTiles(transform, snapshot)
        var labels: [MapLabel] = []
        for index in shown where style.layers[index].kind == .fill {
            draw(index, style.layers[index], tiles, transform, &canvas, fill: true)
        }
        for index in shown where style.layers[index].kind == .line || style.layers[index].outline != nil {
            draw(index, style.layers[index], tiles, transform, &canvas, fill: false, ascii: ascii)
        }
        for index in shown where style.layers[index].kind == .label {
            collectLabels(index, style.layers[index], tiles, transform, canvas, &labels)
        }
        return RenderedMap(grid: compose(canvas, ascii: ascii), labels: labels)
    }

    // MARK: Tiles

    /// A tile to draw: where it sits (unwrapped column), its prepared content, and, for an ancestor
    /// standing in for a pending tile, the box (in dots) of the pending tile it may draw over.
    struct PlacedTile {
        var position: TileID
        var content: PreparedTile
        var clip: DotBox? = nil
    }

    /// The snapshot's tiles covering the view, source by source at the source's best zoom for the
    /// camera; a pending tile is drawn by the ancestor the builder chose for it, clipped to its square.
    func visibleTiles(_ transform: ViewTransform, _ snapshot: TileSnapshot) -> [PlacedTile] {
        var placed: [PlacedTile] = []
        let wanted = Int(transform.camera.zoom.rounded(.down))
        for source in snapshot.sources where wanted >= source.minZoom {
            let z = min(wanted, source.maxZoom)
            for position in transform.tileCover(zoom: z) {
                let tile = position.wrapped
                if let content = source.tiles[tile] {
                    placed.append(PlacedTile(position: position, content: content))
                } else if let z = source.standInZoom[tile] {
                    // The ancestor the builder found in its place, clipped to the pending tile's square.
                    let ancestor = position.ancestor(at: z)
                    guard let content = source.tiles[ancestor.wrapped] else { continue }
                    placed.append(PlacedTile(position: ancestor, content: content, clip: box(of: position, transform)))
                }
            }
        }
        return placed
    }

    /// The square of a tile (unwrapped column) on the canvas, in dots.
    private func box(of tile: TileID, _ transform: ViewTransform) -> DotBox {
        let n = Double(1 << tile.z)
        let x0 = (Double(tile.x) / n - transform.origin.x) * transform.scale
        let y0 = (Double(tile.y) / n - transform.origin.y) * transform.scale
        let side = transform.scale / n
        return DotBox(minX: x0, minY: y0, maxX: x0 + side, maxY: y0 + side)
    }

    // MARK: Geometry

    /// Fills (fill: true) or strokes the features of one style layer over every visible tile.
    private func draw(
        _ index: Int, _ layer: StyleLayer, _ tiles: [PlacedTile], _ transform: ViewTransform,
        _ canvas: inout DotCanvas, fill: Bool, ascii: Bool = false
    ) {
        // ASCII strokes follow one-dot lines; a wide line would come out as a row of '+'.
        let width = ascii ? 1 : layer.width
        let color = fill || layer.kind == .line ? layer.color : (layer.outline ?? layer.color)
        defer { canvas.clip(to: nil) }
        for tile in tiles {
            guard let content = tile.content.layers[index] else { continue }
            canvas.clip(to: tile.clip)
            project(content, tile: tile, clip: canvas.clipBox, transform)
            let points = scratch, parts = scratchParts
            if fill {
                for feature in scratchFeatures {
                    canvas.fillPolygon(points, rings: parts[feature], color: color, scratch: &crossings)
                }
            } else if layer.kind == .fill {
                for part in parts { canvas.drawPolyline(points, range: part, closed: true, color: color) }
            } else {
                for part in parts {
                    canvas.drawPolyline(
                        points, range: part, closed: false, color: color, width: width, dash: layer.dash)
                }
            }
        }
    }

    /// Converts the parts of a placed tile into dots: their vertices into `scratch`, each part as a range
    /// of `scratch` into `scratchParts`, each feature as a range of `scratchParts` into `scratchFeatures`.
    /// A part whose bounds lie wholly outside `clip` (dots) is left out: none of its segments could draw
    /// a dot, and a ring there adds an even number of crossings, all left or right of every cell centre
    /// inside `clip` (or on rows outside it), so the fill of its polygon is the same without it. A vertex
    /// closer than one dot to the last one kept is skipped (the last vertex of a part is always kept): it
    /// could not change the picture, and dense coastlines shrink several-fold.
    private func project(_ layer: PreparedStyleLayer, tile: PlacedTile, clip: DotBox, _ transform: ViewTransform) {
        let (a, bx, by) = affine(tile, extent: layer.extent, transform)
        var out = scratch, outParts = scratchParts, outFeatures = scratchFeatures
        scratch = []
        scratchParts = []
        scratchFeatures = []
        out.removeAll(keepingCapacity: true)
        outParts.removeAll(keepingCapacity: true)
        outFeatures.removeAll(keepingCapacity: true)
        layer.points.withUnsafeBufferPointer { points in
            for feature in layer.features {
                let firstPart = outParts.count
                for p in feature {
                    let box = layer.boxes[p]
                    // a > 0: the bounds of the projected vertices are the projected bounds.
                    guard a * Double(box[2]) + bx >= clip.minX, a * Double(box[0]) + bx < clip.maxX,
                        a * Double(box[3]) + by >= clip.minY, a * Double(box[1]) + by < clip.maxY
                    else { continue }
                    let part = layer.parts[p], start = out.count
                    var last = SIMD2(
                        a * Double(points[part.lowerBound].x) + bx, a * Double(points[part.lowerBound].y) + by)
                    out.append(last)
                    for i in part.dropFirst() {
                        let p = SIMD2(a * Double(points[i].x) + bx, a * Double(points[i].y) + by)
                        if abs(p.x - last.x) >= 1 || abs(p.y - last.y) >= 1 || i == part.upperBound - 1 {
                            out.append(p)
                            last = p
                        }
                    }
                    outParts.append(start..<out.count)
                }
                if outParts.count > firstPart { outFeatures.append(firstPart..<outParts.count) }
            }
        }
        scratch = out
        scratchParts = outParts
        scratchFeatures = outFeatures
    }

    /// dot = a * local + b for a placed tile whose layer is `extent` units across.
    private func affine(_ tile: PlacedTile, extent: Double, _ transform: ViewTransform) -> (Double, Double, Double) {
        let n = Double(1 << tile.position.z)
        let a = transform.scale / (n * extent)
        let bx = (Double(tile.position.x) / n - transform.origin.x) * transform.scale
        let by = (Double(tile.position.y) / n - transform.origin.y) * transform.scale
        return (a, bx, by)
    }

    // MARK: Labels

    private func collectLabels(
        _ index: Int, _ layer: StyleLayer, _ tiles: [PlacedTile], _ transform: ViewTransform,
        _ canvas: borrowing DotCanvas, _ labels: inout [MapLabel]
    ) {
        let style = CellStyle(fg: layer.color, attributes: layer.bold ? .bold : [])
        let cols = transform.viewport.cols, rows = transform.viewport.rows
        let spacing = layer.repeatDistance
        var line = scratch, lengths = scratchLengths, spots = scratchSpots
        defer { (scratch, scratchLengths, scratchSpots) = (line, lengths, spots) }
        for tile in tiles {
            guard let content = tile.content.layers[index] else { continue }
            let (a, bx, by) = affine(tile, extent: content.extent, transform)
            for label in content.labels where label.width > 0 && label.width <= cols {
                if let path = label.path {
                    // Lines off the canvas are passed over before any vertex is projected.
                    let low = SIMD2(a * Double(label.low.x) + bx, a * Double(label.low.y) + by)
                    let high = SIMD2(a * Double(label.high.x) + bx, a * Double(label.high.y) + by)
                    guard high.x >= 0, high.y >= 0, low.x < Double(2 * cols), low.y < Double(4 * rows) else { continue }
                    // A street shorter on screen than its name gets no name.
                    let reach = Double(label.width)
                    guard high.x - low.x >= 2 * reach || high.y - low.y >= reach else { continue }
                    // Vertices closer than a dot to the last one kept change no spot (the last is kept).
                    line.removeAll(keepingCapacity: true)
                    content.points.withUnsafeBufferPointer { points in
                        var last = SIMD2(Double.infinity, 0)
                        for i in path {
                            let p = SIMD2(a * Double(points[i].x) + bx, a * Double(points[i].y) + by)
                            if abs(p.x - last.x) >= 1 || abs(p.y - last.y) >= 1 || i == path.upperBound - 1 {
                                line.append(p)
                                last = p
                            }
                        }
                    }
                    LineLabelSpots.spots(
                        along: line, range: 0..<line.count, width: label.width, cols: cols, rows: rows,
                        dots: canvas.dots, lengths: &lengths, into: &spots)
                    for spot in spots {
                        labels.append(
                            MapLabel(
                                text: label.text, width: label.width, col: spot.col, row: spot.row,
                                priority: label.priority + 0.01 * Double(min(spot.rank, 9)), style: style,
                                major: label.major, repeatCols: spacing.cols, repeatRows: spacing.rows,
                                margin: LineLabelSpots.margin, onMostBackground: true))
                    }
                    continue
                }
                let x = a * Double(label.point.x) + bx, y = a * Double(label.point.y) + by
                // Checked before any conversion to Int: a vertex far outside the tile must not trap.
                guard x >= 0, y >= 0, x < Double(2 * cols), y < Double(4 * rows) else { continue }
                if let clip = tile.clip, !clip.contains(x: x, y: y) { continue }
                let col = Int(x / 2) - label.width / 2
                guard col >= 0, col + label.width <= cols else { continue }
                labels.append(
                    MapLabel(
                        text: label.text, width: label.width, col: col, row: Int(y / 4), priority: label.priority,
                        style: style, major: label.major, repeatCols: spacing.cols, repeatRows: spacing.rows))
            }
        }
    }

    // MARK: Cells

    private func compose(_ canvas: DotCanvas, ascii: Bool) -> CellGrid {
        var cells: [Cell] = []
        // One row more than the map, so the frame can add its status bar without a copy.
        cells.reserveCapacity(canvas.cols * (canvas.rows + 1))
        for i in 0..<canvas.cols * canvas.rows {
            let mask = canvas.dots[i]
            let style = CellStyle(fg: canvas.foreground[i], bg: canvas.background[i])
            if mask == 0 {
                cells.append(Cell(" ", style: style))
            } else {
                cells.append(
                    Cell(
                        ascii ? AsciiStroke.character(for: mask) : Unicode.Scalar(0x2800 + UInt32(mask))!, style: style)
                )
            }
        }
        return CellGrid(cols: canvas.cols, rows: canvas.rows, cells: consume cells)
    }
}

/// The map without its names, and the names to place: `MapRenderer.renderLayers`' answer.
public struct RenderedMap: Sendable {
    /// Fills and lines, one row short of the frame it goes into (room is reserved for a status bar).
    public var grid: CellGrid
    /// Every name the map would write, in no particular order; several may want the same cells.
    public var labels: [MapLabel]

    public init(grid: CellGrid, labels: [MapLabel]) {
        self.grid = grid
        self.labels = labels
    }

    /// Writes `labels[i]` onto the grid on the map's background colour under its first letter (or,
    /// for names with `onMostBackground`, under most of its letters).
    public mutating func draw(label i: Int) {
        let label = labels[i]
        guard label.row >= 0, label.row < grid.rows, label.col >= 0 else { return }
        var style = label.style
        style.bg = grid[min(label.col, grid.cols - 1), label.row].style.bg
        if label.onMostBackground {
            // The background most of the name lies on (a majority vote, no allocation): a street
            // name that starts on a building is not boxed in the building's colour.
            var votes = 0
            for col in label.col..<min(label.col + label.width, grid.cols) {
                let bg = grid[col, label.row].style.bg
                if votes == 0 { style.bg = bg }
                votes += bg == style.bg ? 1 : -1
            }
        }
        grid.put(label.text, col: label.col, row: label.row, style: style)
    }

}
