import Positioning

/// Calendar dates of times in seconds since 1970 (UTC), without a locale or a time zone database.
enum UTCDate {
    /// "2026-11-30": the proleptic Gregorian date of `seconds` (seconds since 1970-01-01T00:00Z), by
    /// Howard Hinnant's days-to-civil algorithm; times outside years 1…9999 are clamped to them.
    static func day(secondsSince1970 seconds: Double) -> String {
        let limit = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let clamped = min(max(seconds.isFinite ? seconds : 0, -62_135_596_800), limit)
        let days = Int((clamped / 86400).rounded(.down))  // checked: clamped to ±3.7e6 days above
        let (year, month, day) = UTCTime.civil(fromDays: days)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
