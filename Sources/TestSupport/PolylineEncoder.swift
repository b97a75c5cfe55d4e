import GeoCore

/// Google's encoded polyline at 6 digits (OSRM's `polyline6`), written from the format's description
/// for the tests: zig-zag, 5-bit chunks from the lowest, 0x20 on every chunk but the last, plus 63.
public enum PolylineEncoder {
    public static func encode(_ path: [LatLon]) -> String {
        var text = ""
        var previous = (lat: 0, lon: 0)
        for point in path {
            let lat = Int((point.lat * 1e6).rounded())
            let lon = Int((point.lon * 1e6).rounded())
            for delta in [lat - previous.lat, lon - previous.lon] {
                var value = delta < 0 ? ~(delta << 1) : delta << 1
                while value >= 0x20 {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8((value & 0x1F) | 0x20) + 63))
                    value >>= 5
                }
                text.unicodeScalars.append(Unicode.Scalar(UInt8(value) + 63))
            }
            previous = (lat, lon)
        }
        return text
    }
}
