/// Times as GPX writes them: ISO-8601 in UTC ("2026-12-02T17:30:05.123Z"), from and to seconds since
/// 1970-01-01 UTC, without Foundation (the proleptic Gregorian calendar, years 1...9999).
public enum UTCTime {
    /// The earliest time written, 0001-01-01T00:00:00Z, seconds since 1970.
    public static let earliest = -62_135_596_800.0
    /// The latest time written, 9999-12-31T23:59:59.999Z, seconds since 1970.
    public static let latest = 253_402_300_799.999

    /// "2026-12-02T17:30:05.123Z": `seconds` since 1970 to the nearest millisecond; a time
    /// outside `earliest...latest` is clamped to it, one that is not a number is 1970-01-01.
    public static func iso8601(_ seconds: Double) -> String {
        let (day, millisecond) = split(seconds)
        let (year, month, date) = civil(fromDays: day)
        let second = millisecond / 1000
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(date, 2))T\(digits(second / 3600, 2)):"
            + "\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2)).\(digits(millisecond % 1000, 3))Z"
    }

    /// "2026-12-02T17-30-05Z": the time to the second as a file name (no colons), clamped as `iso8601`.
    public static func fileStamp(_ seconds: Double) -> String {
        let (day, millisecond) = split(seconds)
        let (year, month, date) = civil(fromDays: day)
        let second = millisecond / 1000
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(date, 2))T\(digits(second / 3600, 2))-"
            + "\(digits(second / 60 % 60, 2))-\(digits(second % 60, 2))Z"
    }

    /// Seconds since 1970 of an ISO-8601 date and time: "YYYY-MM-DDTHH:MM:SS", optional fraction,
    /// then "Z", "+HH:MM", "-HH:MM" or nothing (taken as UTC); surrounding spaces allowed. Nil for
    /// anything else, a day that does not exist ("2026-02-30") or text over 40 characters.
    public static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }.prefix(41))
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || (bytes[end - 1] >= 0x09 && bytes[end - 1] <= 0x0D) { end -= 1 }
        guard end <= 40 else { return nil }
        var scanner = Scanner(bytes: Array(bytes[..<end]))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"),
            let date = scanner.number(2), scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2), scanner.take(":"),
            let second = scanner.number(2)
        else { return nil }
        guard (1...12).contains(month), date >= 1, date <= daysIn(month: month, year: year), hour <= 23,
            minute <= 59, second <= 60, year >= 1
        else { return nil }
        var fraction = 0.0
        if scanner.take(".") || scanner.take(",") {
            var scale = 0.1
            var count = 0
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        var offset = 0
        let utc = scanner.take("Z") || scanner.take("z")
        if !utc, scanner.peek("+") || scanner.peek("-") {
            let sign = scanner.take("-") ? -1 : 1
            _ = scanner.take("+")
            guard let hours = scanner.number(2), hours <= 23 else { return nil }
            _ = scanner.take(":")
            guard let minutes = scanner.number(2), minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
        let days = self.days(year: year, month: month, day: date)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    // MARK: Calendar

    /// Whole days since 1970 and the millisecond of the day, clamped.
    private static func split(_ seconds: Double) -> (day: Int, millisecond: Int) {
        let clamped = seconds.isNaN ? 0 : min(max(seconds, earliest), latest)
        let milliseconds = Int((clamped * 1000).rounded())
        let day = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        return (day, milliseconds - day * 86_400_000)
    }

    /// Days since 1970-01-01 of a date (Howard Hinnant's days_from_civil).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (Howard Hinnant's civil_from_days).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `value` with leading zeros to `width` digits (`value` ≥ 0).
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Reads the ASCII of a time.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        func peek(_ character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek(character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
