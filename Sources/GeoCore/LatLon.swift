import Foundation

/// A geographic position in degrees on the WGS84 sphere: latitude north positive, longitude east positive.
public struct LatLon: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var lat: Double
    /// Degrees east of Greenwich; any value is accepted, `normalized` wraps it into -180..<180.
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// True when both values are finite and latitude lies in -90...90 and longitude in -180...180.
    public var isValid: Bool {
        lat.isFinite && lon.isFinite && (-90...90).contains(lat) && (-180...180).contains(lon)
    }

    /// The same position with longitude wrapped into -180..<180.
    public var normalized: LatLon { LatLon(lat: lat, lon: LatLon.wrapLongitude(lon)) }

    /// Wraps a longitude in degrees into -180..<180.
    public static func wrapLongitude(_ lon: Double) -> Double {
        guard lon.isFinite else { return lon }
        let wrapped = (lon + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// "37.33150, -121.89110": five decimals, about one metre.
    public var description: String { String(format: "%.5f, %.5f", lat, lon) }
}
