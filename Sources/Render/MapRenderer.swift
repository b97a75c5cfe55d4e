import Foundation
import GeoCore
import VectorTiles

/// Draws the basemap for a camera into a grid of cells: fills as background colours, lines as
/// braille dots (or ASCII strokes), then names placed without overlap, most important first.
/// Keeps prepared tiles in a bounded LRU cache; not thread-safe (one renderer per render thread).
public final class MapRenderer {
    /// Tile sets in drawing order: the basemap first, overlays (street detail) after it.
    public let sources: [TileLoader]
    public let style: MapStyle
    private var cache: LRUCache<TileKey, PreparedTile>
    private var missing: LRUCache<TileKey, Bool>
    private var crossings: [[Double]] = []
    private var scratch: [SIMD2<Double>] = []
    private var scratchParts: [Range<Int>] = []

    struct TileKey: Hashable {
        var source: Int
        var tile: TileID
    }

    public init(sources: [TileLoader], style: MapStyle, cacheCapacity: Int = 512) {
        self.sources = sources
        self.style = style
        cache = LRUCache(capacity: cacheCapacity)
        missing = LRUCache(capacity: cacheCapacity * 4)
    }

    /// Tiles that could not be read or decoded so far, over all sources.
    public var damagedTileCount: Int { sources.reduce(0) { $0 + $1.damagedTileCount } }

    /// Forgets every prepared tile (the next frame is a cold one).
    public func clearCache() {
        cache.removeAll()
        missing.removeAll()
        for source in sources { source.removeAllCachedTiles() }
    }

    /// The map for `camera` over a `viewport`-sized area.
    public func render(camera: Camera, viewport: Viewport, ascii: Bool = false) -> CellGrid {
        let transform = ViewTransform(camera: camera, viewport: viewport)
        var canvas = DotCanvas(cols: viewport.cols, rows: viewport.rows, background: style.background)
        guard !viewport.isEmpty else { return CellGrid(cols: viewport.cols, rows: viewport.rows) }
        let tiles = visibleTiles(transform)
        var labels = LabelPlacer(cols: viewport.cols, rows: viewport.rows)
        for (index, layer) in style.layers.enumerated() where layer.isVisible(atZoom: camera.zoom) {
            if layer.kind == .fill { draw(index, layer, tiles, transform, &canvas, fill: true) }
        }
        for (index, layer) in style.layers.enumerated() where layer.isVisible(atZoom: camera.zoom) {
            if layer.kind == .line || layer.outline != nil {
                draw(index, layer, tiles, transform, &canvas, fill: false)
            }
        }
        for (index, layer) in style.layers.enumerated() where layer.isVisible(atZoom: camera.zoom) {
            if layer.kind == .label { collectLabels(index, layer, tiles, transform, &labels) }
        }
        return compose(canvas, labels: labels.place(), ascii: ascii)
    }

    // MARK: Tiles

    /// A tile to draw: where it sits (unwrapped column) and its prepared content.
    struct PlacedTile {
        var position: TileID
        var content: PreparedTile
    }

    /// Prepared tiles covering the view for every source, at the source's best zoom for the camera.
    func visibleTiles(_ transform: ViewTransform) -> [PlacedTile] {
        var placed: [PlacedTile] = []
        let wanted = Int(transform.camera.zoom.rounded(.down))
        for (s, source) in sources.enumerated() {
            let meta = source.store.metadata
            guard wanted >= meta.minZoom else { continue }
            let z = min(wanted, meta.maxZoom)
            for position in transform.tileCover(zoom: z) {
                if let content = prepared(source: s, tile: position.wrapped) {
                    placed.append(PlacedTile(position: position, content: content))
                }
            }
        }
        return placed
    }

    func prepared(source s: Int, tile: TileID) -> PreparedTile? {
        let key = TileKey(source: s, tile: tile)
        if let hit = cache[key] { return hit }
        if missing[key] != nil { return nil }
        guard case .tile(let vectorTile, _) = sources[s].load(tile) else {
            missing[key] = true
            return nil
        }
        let content = PreparedTile.prepare(vectorTile, id: tile, style: style) { sources[s].markDamaged(tile) }
        cache[key] = content
        return content
    }

    // MARK: Geometry

    /// Fills (fill: true) or strokes the features of one style layer over every visible tile.
    private func draw(
        _ index: Int, _ layer: StyleLayer, _ tiles: [PlacedTile], _ transform: ViewTransform,
        _ canvas: inout DotCanvas, fill: Bool
    ) {
        let color = fill || layer.kind == .line ? layer.color : (layer.outline ?? layer.color)
        for tile in tiles {
            guard let content = tile.content.layers[index] else { continue }
            project(content, tile: tile, transform)
            if fill {
                for feature in content.features {
                    canvas.fillPolygon(scratch, rings: scratchParts[feature], color: color, scratch: &crossings)
                }
            } else {
                for part in scratchParts {
                    canvas.drawPolyline(scratch, range: part, closed: layer.kind == .fill, color: color)
                }
            }
        }
    }

    /// Converts the parts of a placed tile into dots, into `scratch` and `scratchParts`. A vertex
    /// closer than one dot to the last one kept is skipped (the last vertex of a part is always
    /// kept): it could not change the picture, and dense coastlines shrink several-fold.
    private func project(_ layer: PreparedLayer, tile: PlacedTile, _ transform: ViewTransform) {
        let (a, bx, by) = affine(tile, transform)
        var out = scratch, outParts = scratchParts
        out.removeAll(keepingCapacity: true)
        outParts.removeAll(keepingCapacity: true)
        out.reserveCapacity(layer.points.count)
        layer.points.withUnsafeBufferPointer { points in
            for part in layer.parts {
                let start = out.count
                var last = SIMD2(a * Double(points[part.lowerBound].x) + bx, a * Double(points[part.lowerBound].y) + by)
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
        }
        scratch = out
        scratchParts = outParts
    }

    /// dot = a * local + b for a placed tile.
    private func affine(_ tile: PlacedTile, _ transform: ViewTransform) -> (Double, Double, Double) {
        let n = Double(1 << tile.position.z)
        let a = transform.scale / (n * tile.content.extent)
        let bx = (Double(tile.position.x) / n - transform.origin.x) * transform.scale
        let by = (Double(tile.position.y) / n - transform.origin.y) * transform.scale
        return (a, bx, by)
    }

    // MARK: Labels

    private func collectLabels(
        _ index: Int, _ layer: StyleLayer, _ tiles: [PlacedTile], _ transform: ViewTransform,
        _ placer: inout LabelPlacer
    ) {
        let style = CellStyle(fg: layer.color, attributes: layer.bold ? .bold : [])
        for tile in tiles {
            guard let content = tile.content.layers[index] else { continue }
            let (a, bx, by) = affine(tile, transform)
            for label in content.labels {
                let x = a * Double(label.point.x) + bx, y = a * Double(label.point.y) + by
                placer.add(
                    text: label.text, width: label.width, dotX: x, dotY: y, priority: label.priority, style: style)
            }
        }
    }

    // MARK: Cells

    private func compose(_ canvas: DotCanvas, labels: [PlacedLabel], ascii: Bool) -> CellGrid {
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
        var grid = CellGrid(cols: canvas.cols, rows: canvas.rows, cells: consume cells)
        for label in labels {
            var style = label.style
            style.bg = canvas.background[label.row * canvas.cols + label.col]
            grid.put(label.text, col: label.col, row: label.row, style: style)
        }
        return grid
    }
}
