import Synchronization

/// The one way results reach the reducer: every effect's answer, timer, tile delivery, stream update
/// and change made by another process is posted here as an action; the run loop takes them in the
/// order posted. `wake` is called after each post so a loop waiting on the terminal wakes at once.
public final class Inbox: Sendable {
    private let queue = Mutex<[MapAction]>([])
    private let wake: @Sendable () -> Void

    /// - Parameter wake: called (on the poster's thread) after each post; the run loop's wake-up.
    public init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    /// Queues `action` for the reducer and wakes the run loop.
    public func post(_ action: MapAction) {
        queue.withLock { $0.append(action) }
        wake()
    }

    /// Every action posted since the last take, oldest first.
    public func take() -> [MapAction] {
        queue.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }

    /// True when actions wait to be taken.
    public var isEmpty: Bool { queue.withLock { $0.isEmpty } }
}
