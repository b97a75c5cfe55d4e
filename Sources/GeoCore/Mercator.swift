import Foundation

/// A point in Web Mercator world space: the whole world is the unit square, x grows east from
/// longitude -180 and y grows south from latitude +85.0511. x outside 0..<1 is a wrapped copy of the world.
public struct WorldPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Spherical Web Mercator (EPSG:3857) in unit world coordinates.
public enum Mercator {
    /// The latitude, in degrees, at which the Mercator square ends: atan(sinh(pi)).
    public static let maxLatitude = 85.051128779806592

    /// Projects a position; latitude is clamped to ±`maxLatitude`, longitude is not wrapped.
    public static func project(_ point: LatLon) -> WorldPoint {
        let lat = min(max(point.lat, -maxLatitude), maxLatitude) * .pi / 180
        let x = (point.lon + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return WorldPoint(x: x, y: y)
    }

    /// Inverse of `project`; y is clamped to the square, x is not wrapped.
    public static func unproject(_ point: WorldPoint) -> LatLon {
        let y = min(max(point.y, 0), 1)
        let lat = atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
        return LatLon(lat: lat, lon: point.x * 360 - 180)
    }
}
