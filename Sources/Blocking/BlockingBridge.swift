import Dispatch
import Synchronization

/// The one way synchronous code waits for asynchronous work: the command-line subcommands, `render`
/// settling its map, the imports joining the trees they build alongside. Runs an operation as a task
/// of the cooperative pool (or of the executor it asks for, such as `BlockingExecutor.shared`) and
/// blocks the calling thread until it has finished.
///
/// Never call it from a job of the executor the operation needs (it would wait for itself); from the
/// cooperative pool it holds a thread of the pool while it waits, so only where a caller is
/// synchronous by nature.
public enum BlockingBridge {
    /// The value of `operation`, after blocking the calling thread until it is there.
    public static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let slot = Slot<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await operation()
            slot.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = slot.value.withLock({ $0 }) else { fatalError("the bridged operation ended without a value") }
        return value
    }

    /// The value of `operation`, or what it threw, after blocking the calling thread until it is there.
    /// - Throws: what `operation` throws.
    public static func runThrowing<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let result: Result<T, any Error> = run {
            do {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Hands the operation's value from its task to the waiting thread; the semaphore orders the
    /// write before the read, the mutex makes that visible to the checker.
    private final class Slot<T: Sendable>: Sendable {
        let value = Mutex<T?>(nil)
    }
}
