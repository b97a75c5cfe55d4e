import Foundation
import GeoCore
import Layers
import Render

/// Draws what belongs to the user's live position under every name and glyph, in braille dots: the track
/// being recorded, and a ring of the horizontal error around a fresh fix when it is wider than a cell.
struct LocationPainter {
    /// The track being recorded: a colour no map layer, route, glyph or layer palette uses.
    static let trackColor = TermColor(208)
    static let ringColor = TermColor(203)
    /// Points on the error ring (a circle of that many chords).
    static let ringSegments = 48

    func paint(_ state: MapState, into grid: inout CellGrid) {
        let view = state.mapViewport
        var canvas = DotCanvas(cols: view.cols, rows: view.rows)
        var drew = false
        if let points = state.location.recording?.points, points.count > 1 {
            drawTrack(points, state.transform, &canvas)
            drew = true
        }
        if let ring = Self.ring(state) {
            drawRing(ring, &canvas)
            drew = true
        }
        if drew { LayerPainter().merge(canvas, ascii: state.ascii, attributes: .bold, into: &grid) }
    }

    /// The error ring's centre and radius in dots, when the fix is fresh and the ring wider than a cell.
    static func ring(_ state: MapState) -> (x: Double, y: Double, radius: Double)? {
        let location = state.location
        guard location.isFresh, let fix = location.fix, let error = fix.horizontalError else { return nil }
        let transform = state.transform
        let radius = error / transform.metersPerDot
        guard radius.isFinite, radius > Double(Viewport.dotsPerColumn) else { return nil }
        let centre = transform.dots(fix.position)
        // A ring far larger than the screen says nothing the status bar does not.
        let screen = Double(max(state.mapViewport.dotsWide, state.mapViewport.dotsHigh))
        guard radius <= screen * 2 else { return nil }
        return (centre.x, centre.y, radius)
    }

    private func drawRing(_ ring: (x: Double, y: Double, radius: Double), _ canvas: inout DotCanvas) {
        var previous = (x: ring.x + ring.radius, y: ring.y)
        for i in 1...Self.ringSegments {
            let angle = Double(i) / Double(Self.ringSegments) * 2 * Double.pi
            let next = (x: ring.x + ring.radius * cos(angle), y: ring.y + ring.radius * sin(angle))
            canvas.drawLine(x0: previous.x, y0: previous.y, x1: next.x, y1: next.y, color: Self.ringColor)
            previous = next
        }
    }

    /// The track on the copy of the world nearest the view, as one line through its points.
    private func drawTrack(_ points: ChunkedArray<LatLon>, _ transform: ViewTransform, _ canvas: inout DotCanvas) {
        guard let first = points.first else { return }
        let shift = (transform.camera.centerWorld.x - Mercator.project(first).x).rounded()
        var previous: (x: Double, y: Double)?
        for chunk in points.chunkArrays {
            for point in chunk {
                var world = Mercator.project(point)
                world.x += shift
                let dot = transform.dots(world)
                guard let p = previous else {
                    previous = dot
                    continue
                }
                // Points within a dot of the last one drawn add nothing (a walk at street zoom out).
                guard abs(dot.x - p.x) >= 1 || abs(dot.y - p.y) >= 1 else { continue }
                canvas.drawLine(x0: p.x, y0: p.y, x1: dot.x, y1: dot.y, color: Self.trackColor)
                previous = dot
            }
        }
    }
}
