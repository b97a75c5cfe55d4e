import Synchronization

/// Computation started on the cooperative pool beside synchronous work, and joined by the synchronous
/// caller: an import folds words while SQLite writes rows, the gazetteer reads its index while the
/// geocoder builds its tree. A join never waits for a thread of the pool: when the pool has not
/// started the work by then, the caller takes it back and runs it itself, so callers that are
/// themselves on the pool (more of them than it has threads) cannot starve it.
public final class ForkedWork<Value: Sendable>: Sendable {
    private let shared: Shared
    private let task: Task<Void, Never>

    /// Starts `work` on the cooperative pool.
    public init(_ work: @escaping @Sendable () -> Value) {
        let shared = Shared(work)
        self.shared = shared
        task = Task(executorPreference: globalConcurrentExecutor) {
            guard let work = shared.claim() else { return }
            let value = work()
            shared.state.withLock { $0 = .done(value) }
        }
    }

    /// The work's value: computed now on the calling thread when the pool has not started it, else
    /// waited for (blocking the caller). Call it once.
    public func join() -> Value {
        if let work = shared.claim() { return work() }
        let task = self.task
        BlockingBridge.run { await task.value }
        return shared.state.withLock { state in
            guard case .done(let value) = state else { fatalError("forked work joined twice") }
            state = .joined
            return value
        }
    }

    /// The state both the pool's task and the joining caller see.
    private final class Shared: Sendable {
        enum State {
            case pending(@Sendable () -> Value)
            case running
            case done(Value)
            case joined
        }

        let state: Mutex<State>

        init(_ work: @escaping @Sendable () -> Value) { state = Mutex(.pending(work)) }

        /// The work when nobody has started it yet (then the caller runs it), else nil.
        func claim() -> (@Sendable () -> Value)? {
            state.withLock { state in
                guard case .pending(let work) = state else { return nil }
                state = .running
                return work
            }
        }
    }
}
