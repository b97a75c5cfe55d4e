import GeoCore

/// Google's encoded polyline format (as OSRM's `geometries=polyline6` sends it): each coordinate is a
/// pair of zig-zag varints of 5-bit chunks offset by 63, latitude first, as differences from the previous.
public enum Polyline {
    /// The points of `text` at `precision` decimal digits (6 for polyline6), or nil when the text is
    /// malformed: a character outside `?`…`~`, a number cut short, a position outside the globe, or more
    /// than `maxPoints` points.
    public static func decode(_ text: String, precision: Int = 6, maxPoints: Int = 1_000_000) -> [LatLon]? {
        let factor = pow10(precision)
        var points: [LatLon] = []
        var bytes = text.utf8.makeIterator()
        var lat = 0
        var lon = 0
        while true {
            guard let dLat = next(&bytes) else { break }
            guard let dLatValue = dLat, let dLon = next(&bytes), let dLonValue = dLon else { return nil }
            let (newLat, o1) = lat.addingReportingOverflow(dLatValue)
            let (newLon, o2) = lon.addingReportingOverflow(dLonValue)
            guard !o1, !o2, points.count < maxPoints else { return nil }
            (lat, lon) = (newLat, newLon)
            let point = LatLon(lat: Double(lat) / factor, lon: Double(lon) / factor)
            guard point.isValid else { return nil }
            points.append(point)
        }
        return points
    }

    /// The next number: nil at the end of the text, .some(nil) when it is malformed.
    private static func next(_ bytes: inout String.UTF8View.Iterator) -> Int?? {
        var result = 0
        var shift = 0
        var started = false
        while let byte = bytes.next() {
            started = true
            guard (63...126).contains(byte), shift <= 30 else { return .some(nil) }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
        }
        return started ? .some(nil) : nil
    }

    private static func pow10(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<min(max(n, 0), 9) { value *= 10 }
        return value
    }
}
