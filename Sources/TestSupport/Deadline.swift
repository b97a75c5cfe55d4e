import Foundation

/// Runs work that might deadlock or take forever on a thread of its own and waits a bounded time for
/// it, so that such a bug fails its test instead of hanging the suite.
public enum Deadline {
    /// What `body` returned, or nil when it had not returned after `seconds` (its thread is then left
    /// to itself: the test fails, the suite goes on).
    public static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let slot = DeadlineSlot<T>()
        let thread = Thread {
            slot.value = body()
            slot.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard slot.done.wait(timeout: .now() + seconds) == .success else { return nil }
        return slot.value
    }
}

/// The result of a `Deadline.run` body, written before `done` is signalled and read after.
private final class DeadlineSlot<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}
