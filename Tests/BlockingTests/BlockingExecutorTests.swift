import Blocking
import Foundation
import Synchronization
import Testing

/// The executor of blocking work runs its jobs on its own thread, one at a time in order, and a
/// cancelled task still finishes there, seeing that it was cancelled.
@Suite struct BlockingExecutorTests {
    @Test func workRunsOnTheExecutorsThread() async {
        let executor = BlockingExecutor(name: "test.thread")
        #expect(await Task(executorPreference: executor) { executor.isCurrent }.value)
        #expect(await withTaskExecutorPreference(executor) { executor.isCurrent })
        #expect(await Task { executor.isCurrent }.value == false, "a task of the pool is not on it")
        #expect(!executor.isCurrent)
    }

    /// What the jobs of the order test saw.
    final class Log: Sendable {
        struct Entries {
            var finished: [Int] = []
            var running = 0
            var overlapped = false
        }
        let entries = Mutex(Entries())
    }

    @Test func jobsRunOneAtATimeInOrder() async {
        let executor = BlockingExecutor(name: "test.order")
        let log = Log()
        let tasks = (0..<20).map { n in
            Task(executorPreference: executor) {
                log.entries.withLock { entries in
                    entries.running += 1
                    if entries.running > 1 { entries.overlapped = true }
                }
                _ = usleep(200)
                log.entries.withLock { entries in
                    entries.finished.append(n)
                    entries.running -= 1
                }
            }
        }
        for task in tasks { await task.value }
        let entries = log.entries.withLock { $0 }
        #expect(entries.finished == Array(0..<20))
        #expect(!entries.overlapped)
    }

    @Test func aCancelledTaskFinishesAndSeesItWasCancelled() async {
        let executor = BlockingExecutor(name: "test.cancel")
        let gate = Task(executorPreference: executor) { _ = usleep(50_000) }
        let cancelled = Task(executorPreference: executor) { Task.isCancelled }
        cancelled.cancel()
        await gate.value
        #expect(await cancelled.value)
    }

    @Test func theBridgeWaitsForTheValueAndTheError() throws {
        let value = BlockingBridge.run { await Task(executorPreference: BlockingExecutor.shared) { 42 }.value }
        #expect(value == 42)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try BlockingBridge.runThrowing { () async throws -> Int in throw Refused() } }
    }
}
