import MapFeature
import Synchronization

/// A clock that moves only when a test says so (seconds).
public final class ManualClock: MapClock, Sendable {
    private let seconds = Mutex(0.0)

    public init() {}

    public func now() -> Double { seconds.withLock { $0 } }

    /// Moves time forward.
    public func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}
