import GeoCore
import Places
import Render

/// Draws the runways of the airports the map marks, from `Runway.drawnFromZoom` up, as braille lines
/// from threshold to threshold: their true length and heading at the map's scale. Open runways are
/// solid, closed ones dashed; both in the airport glyph's colour, joined with the map's own dots, under
/// every name and glyph. Runways whose thresholds are unknown are not drawn.
struct RunwayPainter {
    /// The colour of the lines: the large-airport glyph's.
    static let color = PlaceGlyphs.airport.color
    /// Dots drawn, then left out, along a closed runway.
    static let closedDash = (on: 2, off: 2)

    func paint(_ state: MapState, into grid: inout CellGrid) {
        guard state.camera.zoom >= Double(Runway.drawnFromZoom) else { return }
        let runways = state.places.markers.flatMap { marker -> [Runway] in
            guard case .place(let place) = marker.content, let airport = place.airport else { return [] }
            return airport.runways
        }
        guard !runways.isEmpty else { return }
        let view = state.mapViewport
        var canvas = DotCanvas(cols: view.cols, rows: view.rows)
        let transform = state.transform
        let centerX = transform.camera.centerWorld.x
        for runway in runways {
            guard let line = runway.centerline else { continue }
            // One shift for both ends keeps a runway whole on the copy of the world nearest the view.
            var low = Mercator.project(line.low)
            var high = Mercator.project(line.high)
            let shift = (centerX - low.x).rounded()
            low.x += shift
            high.x += shift
            let a = transform.dots(low)
            let b = transform.dots(high)
            var phase = 0
            canvas.drawLine(
                x0: a.x, y0: a.y, x1: b.x, y1: b.y, color: Self.color, width: 1,
                dash: runway.closed ? Self.closedDash : nil, phase: &phase)
        }
        LayerPainter().merge(canvas, ascii: state.ascii, into: &grid)
    }
}
