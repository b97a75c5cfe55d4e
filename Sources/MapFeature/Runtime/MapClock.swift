import Foundation

/// A monotonic clock in seconds; tests inject a manual one.
public protocol MapClock: Sendable {
    func now() -> Double
}

/// The system's monotonic clock.
public struct SystemClock: MapClock {
    public init() {}
    public func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
