/// gpsd's times: ISO-8601 in UTC, "2026-12-02T17:30:05.123Z" (the fraction optional, 1 to 9 digits).
public enum GPSTime {
    /// Seconds since 1970-01-01T00:00:00Z, or nil for text that is not exactly such a time (years
    /// 1970...9999, a real day of the month, hours 0...23, minutes 0...59, seconds 0...60).
    public static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard (20...30).contains(bytes.count), bytes[bytes.count - 1] == UInt8(ascii: "Z") else { return nil }
        for (at, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")] as [(Int, Unicode.Scalar)]
        where bytes[at] != UInt8(ascii: separator) {
            return nil
        }
        guard let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            year >= 1970, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            let count = bytes.count - 21
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(count), let value = digits(bytes, 20, count) else {
                return nil
            }
            var scale = 1.0
            for _ in 0..<count { scale *= 10 }
            fraction = Double(value) / scale
        }
        let days = UTCTime.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    }

    /// The number written by `count` ASCII digits at `start`; nil when one is not a digit.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

}
