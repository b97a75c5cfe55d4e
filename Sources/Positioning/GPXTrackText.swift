/// The text of a GPX 1.1 track file as `TrackFile` writes it: a header (creator "mapterm", the time it
/// was started, one `<trk>` with its name and one `<trkseg>`), one line per point, and a trailer that
/// closes them. Header + points + trailer is a complete document valid against GPX 1.1
/// (http://www.topografix.com/GPX/1/1), so a file that ends with the trailer after every point is
/// always readable.
public enum GPXTrackText {
    /// Closes the segment, the track and the document.
    public static let trailer = "</trkseg></trk></gpx>\n"

    /// The header: the XML declaration, `<gpx>` with its namespace, `<metadata>` with `started`
    /// (seconds since 1970, UTC), then `<trk><name>name</name><trkseg>`. `name` is XML-escaped and
    /// loses its control characters.
    public static func header(name: String, started: Double) -> String {
        let time = UTCTime.iso8601(started)
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<gpx version="1.1" creator="mapterm" xmlns="http://www.topografix.com/GPX/1/1">"# + "\n"
            + "<metadata><time>\(time)</time></metadata>\n"
            + "<trk><name>\(escape(name))</name><trkseg>\n"
    }

    /// One `<trkpt lat lon>` line with `<ele>` (metres, two decimals; left out when unknown, not finite or
    /// beyond ±100 km) and `<time>` (ISO-8601 UTC to the millisecond), lat and lon with 7 decimals (about
    /// 1 cm). Nil when the position is not finite or out of range (latitude -90...90, longitude
    /// -180...180).
    public static func point(_ point: TrackPoint) -> String? {
        let position = point.position
        guard position.lat.isFinite, position.lon.isFinite, (-90...90).contains(position.lat),
            (-180...180).contains(position.lon)
        else { return nil }
        var line = #"<trkpt lat="\#(fixed(position.lat, 7))" lon="\#(fixed(position.lon, 7))">"#
        if let elevation = point.elevation, elevation.isFinite, abs(elevation) <= 100_000 {
            line += "<ele>\(fixed(elevation, 2))</ele>"
        }
        return line + "<time>\(UTCTime.iso8601(point.time))</time></trkpt>\n"
    }

    /// `text` without control characters (C0, DEL, C1) or the non-characters XML 1.0 forbids, with `&`,
    /// `<`, `>`, `"` and `'` written as entities.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                let value = scalar.value
                guard value >= 0x20, !(0x7F...0x9F).contains(value), value != 0xFFFE, value != 0xFFFF else {
                    continue
                }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `value` (|value| < 1e9) with exactly `decimals` decimals, rounded half away from zero, without
    /// Foundation.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let whole = String(scaled / scale)
        let fraction = String(scaled % scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
