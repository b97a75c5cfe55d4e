import Foundation

/// Async work run to its end from synchronous code: the command-line subcommands.
enum Blocking {
    /// Runs `work` on the concurrency pool and blocks the calling thread until it has finished.
    static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { fatalError("blocking work ended without a result") }
        return try result.get()
    }

    /// The hand-over slot of `run`; the semaphore orders the write before the read, the lock makes
    /// that visible to the checker.
    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<T, any Error>?
        var result: Result<T, any Error>? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
