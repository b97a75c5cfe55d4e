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

    /// The executor's name, given to its `Thread`.
    public let name: String
    /// The thread, once it runs.
    private let worker = Mutex<pthread_t?>(nil)
    private let jobs = Mutex<[UnownedJob]>([])
    /// Counts the jobs in `jobs`: the thread sleeps on it while there is none.
    private let pending = DispatchSemaphore(value: 0)

    /// Starts the thread `name`, which then runs the jobs enqueued for the rest of the process.
    public init(name: String) {
        self.name = name
        let thread = Thread { [self] in
            worker.withLock { $0 = pthread_self() }
            runJobs()
        }
        thread.name = name
        thread.start()
    }

    /// True on the executor's own thread (where a blocking wait for its jobs would never end).
    public var isCurrent: Bool {
        guard let worker = worker.withLock({ $0 }) else { return false }
        return pthread_equal(worker, pthread_self()) != 0
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
