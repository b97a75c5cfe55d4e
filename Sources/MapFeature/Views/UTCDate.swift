/// Calendar dates of times in seconds since 1970 (UTC), without a locale or a time zone database.
enum UTCDate {
    /// "2026-11-30": the proleptic Gregorian date of `seconds` (seconds since 1970-01-01T00:00Z), by
    /// Howard Hinnant's days-to-civil algorithm; times outside years 1…9999 are clamped to them.
    static func day(secondsSince1970 seconds: Double) -> String {
        let limit = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let clamped = min(max(seconds.isFinite ? seconds : 0, -62_135_596_800), limit)
        let days = Int((clamped / 86400).rounded(.down))  // checked: clamped to ±3.7e6 days above
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
