import GeoCore

/// One recorded position of a track.
public struct TrackPoint: Equatable, Sendable {
    /// Latitude -90...90, longitude -180...180 degrees.
    public var position: LatLon
    /// When the position was taken, seconds since 1970-01-01 UTC (the receiver's time when it has one,
    /// else the clock's).
    public var time: Double
    /// Height above mean sea level, metres, when known.
    public var elevation: Double?

    public init(position: LatLon, time: Double, elevation: Double? = nil) {
        self.position = position
        self.time = time
        self.elevation = elevation
    }
}
