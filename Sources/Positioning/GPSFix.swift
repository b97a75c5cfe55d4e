import GeoCore

/// One position report of a GPS receiver that has a fix (gpsd's TPV with `mode` 2 or 3), with the
/// values the map shows. Every number is finite and in range (the parser drops what is not).
public struct GPSFix: Equatable, Sendable {
    /// Whether the receiver knows its height too.
    public enum Mode: Int, Sendable {
        /// A fix in latitude and longitude only.
        case twoD = 2
        /// A fix with altitude.
        case threeD = 3

        /// "2D" or "3D", as the status bar shows it.
        public var label: String { self == .twoD ? "2D" : "3D" }
    }

    /// Where the receiver is: latitude -90...90, longitude -180...180 degrees.
    public var position: LatLon
    public var mode: Mode
    /// The time of the fix as the receiver states it, seconds since 1970-01-01 UTC (nil when absent).
    /// Not trusted for ordering: a replayed log makes it go backwards.
    public var time: Double?
    /// The estimated horizontal error (gpsd's `eph`), metres, ≥ 0.
    public var horizontalError: Double?
    /// Speed over ground, metres per second, ≥ 0.
    public var speed: Double?
    /// Course over ground (gpsd's `track`), degrees clockwise from true north, 0..<360.
    public var heading: Double?
    /// Height above mean sea level (gpsd's `altMSL`, else `alt`), metres.
    public var altitude: Double?

    public init(
        position: LatLon, mode: Mode, time: Double? = nil, horizontalError: Double? = nil, speed: Double? = nil,
        heading: Double? = nil, altitude: Double? = nil
    ) {
        self.position = position
        self.mode = mode
        self.time = time
        self.horizontalError = horizontalError
        self.speed = speed
        self.heading = heading
        self.altitude = altitude
    }
}
