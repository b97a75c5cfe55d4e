import Foundation
import GeoCore

/// The camera that shows a set of positions with a margin, choosing the shortest way around the
/// world in longitude (so points on both sides of the antimeridian stay together).
public enum CameraFit {
    /// Margin left and right of the points, in cells (a pin's name or a count beside it stays on screen).
    public static let marginCells = 4
    /// Margin above and below the points, in rows.
    public static let marginRows = 2
    /// Zoom used when all points coincide.
    public static let singlePointZoom = 15.0
    /// The deepest zoom a fit goes to, so points a few metres apart show their streets around them.
    public static let maxZoom = 16.0

    public static func camera(showing points: [LatLon], in viewport: Viewport) -> Camera? {
        guard let first = points.first else { return nil }
        let (west, span) = longitudeSpan(points.map(\.lon))
        let ys = points.map { Mercator.project($0).y }
        let top = ys.min()!, bottom = ys.max()!
        let centerWorld = WorldPoint(x: (west + span / 2 + 180) / 360, y: (top + bottom) / 2)
        let center = Mercator.unproject(centerWorld).normalized
        // One dot less than the margins leave, so a point on the edge of the box lies inside the cell
        // next to the margin, not on the margin's first cell.
        let width = Double(viewport.dotsWide - 2 * marginCells * Viewport.dotsPerColumn - 1)
        let height = Double(viewport.dotsHigh - 2 * marginRows * Viewport.dotsPerRow - 1)
        guard width > 0, height > 0 else { return Camera(center: center, zoom: 0) }
        let spanX = span / 360, spanY = bottom - top
        if spanX < 1e-12 && spanY < 1e-12 { return Camera(center: first, zoom: singlePointZoom) }
        let zoomX = spanX > 0 ? log2(width / (spanX * Camera.worldDotsAtZoomZero)) : Camera.zoomRange.upperBound
        let zoomY = spanY > 0 ? log2(height / (spanY * Camera.worldDotsAtZoomZero)) : Camera.zoomRange.upperBound
        return Camera(center: center, zoom: min(zoomX, zoomY, maxZoom))
    }

    /// The west edge and width in degrees of the narrowest longitude band holding every value:
    /// the complement of the widest gap between neighbours around the circle.
    static func longitudeSpan(_ lons: [Double]) -> (west: Double, span: Double) {
        let sorted = lons.map { LatLon.wrapLongitude($0) }.sorted()
        guard sorted.count > 1 else { return (sorted.first ?? 0, 0) }
        var gap = sorted[0] + 360 - sorted[sorted.count - 1]
        var west = sorted[0]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap {
            gap = b - a
            west = b
        }
        return (west, 360 - gap)
    }
}
