import Foundation

/// How the map's place source has been failing: failures in a row, and whether the map is waiting
/// before it asks again.
///
/// After the n-th failure in a row the map waits `delay(afterFailures: n)` seconds (1, 2, 4, … 60)
/// before the next request, however much the view moves meanwhile, and while the source is failing a
/// moving view never cancels the request under way for a new one; a success resets the count. The
/// first failure of a run is an alert, later ones are shown in the status bar only. `r` (or a new
/// filter) asks at once.
public struct PlaceBackoff: Equatable, Sendable {
    /// Failed fetches since the last success.
    public var failures = 0
    /// True while the wait after the last failure runs: views that move start no fetch.
    public var waiting = false
    /// Why the last fetch failed (shown in the status bar while failures go on).
    public var reason: String?

    public init() {}

    /// Longest wait between two requests, in seconds.
    public static let maxDelay = 60.0

    /// Seconds to wait after `failures` failures in a row: 2^(failures-1), at most `maxDelay`.
    public static func delay(afterFailures failures: Int) -> Double {
        min(maxDelay, pow(2, Double(min(max(failures, 1), 7) - 1)))
    }
}
