import GeoCore
import Layers
import Positioning
import TextSafety

extension GPSReport {
    /// The longest line from gpsd that is read; a longer one is dropped as it arrives (its bytes are never
    /// all kept).
    public static let maximumLineBytes = 64 * 1024

    /// What one line of gpsd's JSON says (without its newline), or why it is no report at all. Only TPV
    /// reports matter: `mode` 2 or 3 with a position on Earth is a fix; `mode` 0 or 1, or no position yet,
    /// is no fix; a position beyond ±90/±180 or not a number is rejected, saying so in sanitised text.
    /// Every other class is `.other`. Numbers out of their range are left out of the fix, never trusted.
    public static func parse(line: some Collection<UInt8>) -> Result<GPSReport, GPSLineProblem> {
        guard line.count <= maximumLineBytes else { return .failure(.tooLong) }
        let bytes = Array(line)
        let parsed: Result<JSONValue, GPSLineProblem> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: ByteText.bodyStart(buffer), flatCoordinates: false)
            do throws(JSONSyntaxError) {
                let value = try parser.parseValue()
                guard parser.atEnd() else { return .failure(.notJSON("more follows the value")) }
                return .success(value)
            } catch {
                return .failure(.notJSON(TextSanitizer.clean(error.message, maxLength: 80)))
            }
        }
        switch parsed {
        case .failure(let problem): return .failure(problem)
        case .success(let json):
            guard case .object(let object) = json else { return .failure(.notObject) }
            guard let kind = object["class"]?.string else { return .failure(.noClass) }
            return .success(kind == "TPV" ? tpv(object) : .other)
        }
    }

    /// A TPV report.
    static func tpv(_ json: JSONObject) -> GPSReport {
        guard let mode = json["mode"]?.number, mode == 2 || mode == 3 else { return .noFix }
        guard let latValue = json["lat"], let lonValue = json["lon"], !latValue.isNull, !lonValue.isNull else {
            return .noFix
        }
        guard let lat = latValue.number, let lon = lonValue.number else {
            return .rejected("position out of range: lat or lon is not a number")
        }
        let position = LatLon(lat: lat, lon: lon)
        guard position.isValid else {
            return .rejected(
                TextSanitizer.clean("position out of range: \(lat), \(lon)", maxLength: 80))
        }
        var fix = GPSFix(position: position, mode: mode == 3 ? .threeD : .twoD)
        fix.time = json["time"]?.string.flatMap(GPSTime.seconds)
        fix.horizontalError = nonNegative(json["eph"]?.number)
        fix.speed = nonNegative(json["speed"]?.number)
        fix.heading = json["track"]?.number.flatMap(heading)
        fix.altitude = altitude(json["altMSL"]?.number) ?? altitude(json["alt"]?.number)
        return .fix(fix)
    }

    /// A finite value ≥ 0 below a bound no receiver reports (metres, metres per second).
    static func nonNegative(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0, value < 1e7 else { return nil }
        return value
    }

    /// A course in degrees brought into 0..<360; nil when not finite or beyond a thousand turns (not a
    /// course a receiver reports).
    static func heading(_ value: Double) -> Double? {
        guard value.isFinite, abs(value) <= 360_000 else { return nil }
        let turned = value.truncatingRemainder(dividingBy: 360)
        let positive = turned < 0 ? turned + 360 : turned
        return positive >= 360 ? 0 : positive
    }

    /// Metres above sea level a receiver on or above Earth can report (-12 km ... 1 000 km); nil otherwise.
    static func altitude(_ value: Double?) -> Double? {
        guard let value, value.isFinite, (-12_000...1_000_000).contains(value) else { return nil }
        return value
    }
}
