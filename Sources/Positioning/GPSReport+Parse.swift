import GeoCore
import Layers
import TextSafety

extension GPSReport {
    /// The longest line gpsd sends that is read; a longer one is dropped (its bytes are never kept).
    public static let maximumLineBytes = 64 * 1024

    /// What one line of gpsd's JSON says, or why the line is no report at all (one sanitised line for the
    /// status bar). Only TPV reports matter: a fix in `mode` 2 or 3 with a position on Earth; anything
    /// out of range is rejected or left out, never trusted.
    public static func parse(line: some Collection<UInt8>) -> Result<GPSReport, GPSLineProblem> {
        guard line.count <= maximumLineBytes else { return .failure(.tooLong) }
        guard let json = JSONValue.strict(Array(line)), case .object = json else { return .failure(.notJSON) }
        guard let kind = json["class"]?.string else { return .failure(.noClass) }
        guard kind == "TPV" else { return .success(.other) }
        return .success(tpv(json))
    }

    /// A TPV report: mode 0 and 1 (and a missing position) are no fix.
    static func tpv(_ json: JSONValue) -> GPSReport {
        guard let mode = json["mode"]?.number, mode == 2 || mode == 3 else { return .noFix }
        guard let lat = json["lat"]?.number, let lon = json["lon"]?.number else { return .noFix }
        let position = LatLon(lat: lat, lon: lon)
        guard position.isValid else {
            return .rejected(TextSanitizer.clean("position out of range: \(lat), \(lon)", maxLength: 80))
        }
        var fix = GPSFix(position: position, mode: mode == 3 ? .threeD : .twoD)
        fix.time = json["time"]?.string.flatMap(GPSTime.seconds)
        fix.horizontalError = nonNegative(json["eph"]?.number)
        fix.speed = nonNegative(json["speed"]?.number)
        fix.heading = json["track"]?.number.flatMap(degrees)
        fix.altitude = (json["altMSL"]?.number ?? json["alt"]?.number).flatMap(altitude)
        return .fix(fix)
    }

    /// A finite value ≥ 0 below a bound no receiver reports (metres, metres per second).
    static func nonNegative(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0, value < 1e7 else { return nil }
        return value
    }

    /// A course in degrees, brought into 0..<360.
    static func degrees(_ value: Double) -> Double? {
        guard value.isFinite, abs(value) < 1e6 else { return nil }
        let turned = value.truncatingRemainder(dividingBy: 360)
        return turned < 0 ? turned + 360 : turned
    }

    /// Metres above sea level a receiver on or above Earth can report.
    static func altitude(_ value: Double) -> Double? {
        guard value.isFinite, (-12_000...1e6).contains(value) else { return nil }
        return value
    }
}

/// Why a line from gpsd is no report.
public enum GPSLineProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Longer than `GPSReport.maximumLineBytes`.
    case tooLong
    /// Not a JSON object.
    case notJSON
    /// An object without a `class`.
    case noClass

    public var description: String {
        switch self {
        case .tooLong: return "a line longer than 64 KiB was dropped"
        case .notJSON: return "a line that is not JSON was dropped"
        case .noClass: return "a report without a class was dropped"
        }
    }
}
