import Foundation

/// What the map looks at: a center and a zoom. At zoom z the world is `256 * 2^z` braille dots wide.
public struct Camera: Hashable, Sendable {
    /// The lowest and highest zoom the map offers.
    public static let zoomRange: ClosedRange<Double> = 0...18
    /// Dots across the world at zoom 0 (a 256-pixel tile, one dot per pixel).
    public static let worldDotsAtZoomZero = 256.0

    /// Center of the view; latitude kept inside the Mercator square, longitude in -180..<180.
    public private(set) var center: LatLon
    /// Zoom level, fractional allowed, kept inside `zoomRange`.
    public private(set) var zoom: Double

    public init(center: LatLon, zoom: Double) {
        self.center = Camera.clampCenter(center)
        self.zoom = Camera.clampZoom(zoom)
    }

    /// World width in braille dots at this zoom.
    public var worldDots: Double { Camera.worldDotsAtZoomZero * pow(2, zoom) }

    /// The center in world units.
    public var centerWorld: WorldPoint { Mercator.project(center) }

    /// Moves the center by a distance in dots (east and south positive); longitude wraps around.
    public func panned(dx: Double, dy: Double) -> Camera {
        let world = centerWorld
        let moved = WorldPoint(x: world.x + dx / worldDots, y: world.y + dy / worldDots)
        return Camera(center: Mercator.unproject(moved), zoom: zoom)
    }

    /// The same center at another zoom (clamped).
    public func zoomed(to newZoom: Double) -> Camera { Camera(center: center, zoom: newZoom) }

    /// Zooms by `delta` keeping the world point under dot offset (ox, oy) from the center fixed on screen.
    public func zoomed(by delta: Double, anchorDX ox: Double, anchorDY oy: Double) -> Camera {
        let target = Camera.clampZoom(zoom + delta)
        let world = centerWorld
        let anchor = WorldPoint(x: world.x + ox / worldDots, y: world.y + oy / worldDots)
        let newDots = Camera.worldDotsAtZoomZero * pow(2, target)
        let newCenter = WorldPoint(x: anchor.x - ox / newDots, y: anchor.y - oy / newDots)
        return Camera(center: Mercator.unproject(newCenter), zoom: target)
    }

    /// The smallest zoom at which the world fills `dotsWide` dots.
    public static func zoomToFill(dotsWide: Int) -> Double {
        clampZoom(log2(Double(max(dotsWide, 1)) / worldDotsAtZoomZero))
    }

    static func clampZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return zoomRange.lowerBound }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }

    static func clampCenter(_ point: LatLon) -> LatLon {
        let lat = point.lat.isFinite ? min(max(point.lat, -Mercator.maxLatitude), Mercator.maxLatitude) : 0
        let lon = point.lon.isFinite ? LatLon.wrapLongitude(point.lon) : 0
        return LatLon(lat: lat, lon: lon)
    }
}
