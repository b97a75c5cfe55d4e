/// Why a line from gpsd is no report at all: one line of our own words for the status bar (nothing
/// from the line itself, so nothing in it needs sanitising).
public enum GPSLineProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Longer than `GPSReport.maximumLineBytes`: dropped as it arrived.
    case tooLong
    /// Not JSON (the parser's reason, in our words, and where).
    case notJSON(String)
    /// JSON, but not an object.
    case notObject
    /// An object without a string `class`.
    case noClass

    public var description: String {
        switch self {
        case .tooLong: return "gpsd sent a line longer than 64 KiB (dropped)"
        case .notJSON(let why): return "gpsd sent a line that is not JSON (dropped): \(why)"
        case .notObject: return "gpsd sent JSON that is not an object (dropped)"
        case .noClass: return "gpsd sent a report without a class (dropped)"
        }
    }
}
