import Foundation

/// Maps between world units and braille-dot coordinates of a map area for one camera.
/// Dot (0, 0) is the top-left corner of the map area; x grows right, y grows down. No rounding happens here.
public struct ViewTransform: Sendable {
    public let camera: Camera
    public let viewport: Viewport
    /// Dots per world unit.
    public let scale: Double
    /// World point at dot (0, 0); x may lie outside 0..<1 when the view shows a wrapped copy.
    public let origin: WorldPoint

    public init(camera: Camera, viewport: Viewport) {
        self.camera = camera
        self.viewport = viewport
        scale = camera.worldDots
        let center = camera.centerWorld
        origin = WorldPoint(
            x: center.x - Double(viewport.dotsWide) / 2 / scale,
            y: center.y - Double(viewport.dotsHigh) / 2 / scale)
    }

    /// Dot coordinates of a world point (x taken as is, not wrapped).
    @inline(__always)
    public func dots(_ point: WorldPoint) -> (x: Double, y: Double) {
        ((point.x - origin.x) * scale, (point.y - origin.y) * scale)
    }

    /// Dot coordinates of a position, choosing the copy of the world nearest to the view center.
    public func dots(_ point: LatLon) -> (x: Double, y: Double) {
        var world = Mercator.project(point)
        let centerX = camera.centerWorld.x
        world.x += (centerX - world.x).rounded()
        return dots(world)
    }

    /// The world point under a dot.
    public func world(dotX: Double, dotY: Double) -> WorldPoint {
        WorldPoint(x: origin.x + dotX / scale, y: origin.y + dotY / scale)
    }

    /// The position under a dot, longitude wrapped.
    public func latLon(dotX: Double, dotY: Double) -> LatLon {
        Mercator.unproject(world(dotX: dotX, dotY: dotY)).normalized
    }

    /// The position under the center of a cell.
    public func latLon(col: Int, row: Int) -> LatLon {
        latLon(
            dotX: (Double(col) + 0.5) * Double(Viewport.dotsPerColumn),
            dotY: (Double(row) + 0.5) * Double(Viewport.dotsPerRow))
    }

    /// The visible box in degrees; the full longitude range when the view spans the whole world.
    public var bounds: GeoBounds {
        let west = origin.x
        let east = origin.x + Double(viewport.dotsWide) / scale
        let north = Mercator.unproject(WorldPoint(x: 0, y: origin.y)).lat
        let south = Mercator.unproject(WorldPoint(x: 0, y: origin.y + Double(viewport.dotsHigh) / scale)).lat
        if east - west >= 1 { return GeoBounds(south: south, west: -180, north: north, east: 180) }
        return GeoBounds(
            south: south, west: LatLon.wrapLongitude(west * 360 - 180), north: north,
            east: LatLon.wrapLongitude(east * 360 - 180) == -180 ? 180 : LatLon.wrapLongitude(east * 360 - 180))
    }

    /// Metres on the ground per dot across the view center: the length of a dot's longitude span along
    /// the parallel of the center on the WGS84 ellipsoid (radius N(φ) cos φ, N = a / √(1 − e² sin² φ)).
    public var metersPerDot: Double {
        let f = Geodesic.wgs84.flattening
        let sinLat = sin(camera.center.lat * .pi / 180)
        let primeVertical = 1 / (1 - f * (2 - f) * sinLat * sinLat).squareRoot()
        return Geodesy.earthCircumference * primeVertical * cos(camera.center.lat * .pi / 180) / scale
    }

    /// Tiles of integer zoom `z` that cover the map area, west to east then north to south.
    /// Columns are not wrapped (use `TileID.wrapped` to fetch); rows outside the world are left out.
    public func tileCover(zoom z: Int) -> [TileID] {
        let n = Double(1 << z)
        let x0 = Int((origin.x * n).rounded(.down))
        let x1 = Int(((origin.x + Double(viewport.dotsWide) / scale) * n).rounded(.up)) - 1
        let y0 = max(Int((origin.y * n).rounded(.down)), 0)
        let y1 = min(Int(((origin.y + Double(viewport.dotsHigh) / scale) * n).rounded(.up)) - 1, (1 << z) - 1)
        guard x1 >= x0, y1 >= y0 else { return [] }
        var tiles: [TileID] = []
        tiles.reserveCapacity((x1 - x0 + 1) * (y1 - y0 + 1))
        for y in y0...y1 {
            for x in x0...x1 { tiles.append(TileID(z: z, x: x, y: y)) }
        }
        return tiles
    }
}
