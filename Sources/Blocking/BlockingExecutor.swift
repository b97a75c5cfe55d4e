import Dispatch
import Foundation
import Synchronization

/// The one place where blocking work runs: SQLite queries and imports, the gazetteer's loading, the
/// searches. A task executor with a thread of its own, so that a task started with
/// `Task(executorPreference: BlockingExecutor.shared)` (or code inside `withTaskExecutorPreference`)
/// blocks that thread and never one of the cooperative pool's (as wide as the machine's cores: two).
///
/// Jobs run one at a time, in the order they were enqueued. A task that waits for another runs on
/// while it is suspended (`await`), so tasks on this executor may await each other; none may block
/// this thread waiting for another job of it (`BlockingBridge.run` inside a job would deadlock).
/// Pure computation belongs on the cooperative pool, not here.
public final class BlockingExecutor: TaskExecutor {
    /// The executor of the program's blocking work, on the thread "blocking".
    public static let shared = BlockingExecutor(name: "blocking")

    /// The thread's name (what `top -H` and a debugger show): at most 15 bytes (Linux keeps no more).
    public let name: String
    private let jobs = Mutex<[UnownedJob]>([])
    /// Counts the jobs in `jobs`: the thread sleeps on it while there is none.
    private let pending = DispatchSemaphore(value: 0)

    /// Starts the thread `name`, which then runs the jobs enqueued for the rest of the process.
    public init(name: String) {
        precondition(name.utf8.count <= 15, "a thread name longer than Linux keeps")
        self.name = name
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        pending.signal()
    }

    /// The thread's loop: takes the oldest job and runs it, forever.
    private func runJobs() {
        while true {
            pending.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
