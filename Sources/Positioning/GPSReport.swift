/// What one line from gpsd says, as far as the map cares.
public enum GPSReport: Equatable, Sendable {
    /// A TPV report with a fix.
    case fix(GPSFix)
    /// A TPV report without a fix (`mode` 0 or 1, or no position yet).
    case noFix
    /// A TPV report whose position is out of range (beyond ±90/±180, not a number): ignored, and the
    /// reason said once in the status bar (sanitised text).
    case rejected(String)
    /// Any other class (VERSION, DEVICES, WATCH, DEVICE, SKY, …): nothing to show.
    case other
}
