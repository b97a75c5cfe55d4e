/// gpsd's times: ISO-8601 in UTC, "2026-12-02T17:30:05.123Z" (fraction optional).
public enum GPSTime {
    /// Seconds since 1970-01-01T00:00:00Z, or nil for text that is not such a time (years 1970...9999).
    public static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 30, bytes.last == UInt8(ascii: "Z") else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for i in at..<at + count {
                let digit = Int(bytes[i]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
            let minute = digits(14, 2), let second = digits(17, 2), year >= 1970, (1...12).contains(month),
            (1...daysIn(month, year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, let value = digits(20, bytes.count - 21) else {
                return nil
            }
            fraction = Double(value) / pow10(bytes.count - 21)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    }

    /// 10 to the `n`th.
    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { value, _ in value * 10 } }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to the date (proleptic Gregorian).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
