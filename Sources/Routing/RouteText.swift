import Foundation
import GeoCore

/// How route figures are printed, the same in the map, its panes and `mapterm route`.
public enum RouteText {
    /// "450 m", "2.9 km (1.8 mi)", "1 204 km"-style figures: metres under 1 km, then kilometres with
    /// one decimal and miles beside them. `meters` must be finite and at least 0 (else "?").
    public static func distance(_ meters: Double) -> String {
        guard meters.isFinite, meters >= 0 else { return "?" }
        // Rounded half away from zero first: "%.0f" alone rounds 888.5 to the even 888.
        if meters < 999.5 { return String(format: "%.0f m", meters.rounded()) }
        let km = meters / 1000
        return String(format: "%.1f km (%.1f mi)", km, km / Geodesy.kmPerMile)
    }

    /// A step's length without miles: "47 m", "1.2 km".
    public static func shortDistance(_ meters: Double) -> String {
        guard meters.isFinite, meters >= 0 else { return "?" }
        return meters < 999.5 ? String(format: "%.0f m", meters.rounded()) : String(format: "%.1f km", meters / 1000)
    }

    /// "the start is 240 m from the nearest road", "the end is …": the ends the router moved by more
    /// than `RoutePlan.snapNoteMeters`, start first.
    public static func snapNotes(_ plan: RoutePlan) -> [String] {
        [("start", plan.startSnapMeters), ("end", plan.endSnapMeters)].filter { $0.1 > RoutePlan.snapNoteMeters }
            .map { "the \($0.0) is \(shortDistance($0.1)) from the nearest road" }
    }

    /// "45 s", "4 min 30 s", "1 h 05 min", "3 d 2 h": seconds rounded to the whole second (under 10
    /// minutes) or to the minute. `seconds` must be finite and at least 0 (else "?").
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "?" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 600 { return "\(whole / 60) min \(whole % 60) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 24 * 60 { return String(format: "%d h %02d min", minutes / 60, minutes % 60) }
        return "\(minutes / 1440) d \(minutes % 1440 / 60) h"
    }
}
