import Synchronization

/// The one way results reach the reducer: every effect's answer, timer, tile delivery, stream update
/// and change made by another process is posted here as an action; the run loop takes them in the
/// order posted. `wake` is called after each post so a loop waiting on the terminal wakes at once.
public final class Inbox: Sendable {
    private struct Posted {
        var action: MapAction
        /// Called once the run loop has taken the action (a poster that waits for its turn).
        var taken: (@Sendable () -> Void)?
    }

    private let queue = Mutex<[Posted]>([])
    private let wake: @Sendable () -> Void

    /// - Parameter wake: called (on the poster's thread) after each post; the run loop's wake-up.
    public init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    /// Queues `action` for the reducer and wakes the run loop; `taken` is called (on the taking
    /// thread) once the run loop has taken it, so that a fast producer can wait for the map.
    public func post(_ action: MapAction, taken: (@Sendable () -> Void)? = nil) {
        queue.withLock { $0.append(Posted(action: action, taken: taken)) }
        wake()
    }

    /// Every action posted since the last take, oldest first.
    public func take() -> [MapAction] {
        let posted = queue.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
        for item in posted { item.taken?() }
        return posted.map(\.action)
    }

    /// True when actions wait to be taken.
    public var isEmpty: Bool { queue.withLock { $0.isEmpty } }
}
