import Blocking
import Places
import Synchronization

/// Answers searches on the executor of blocking work, the newest first: while one query runs, a newer
/// one replaces any that waits, so a burst of keystrokes (or a paste) costs at most two searches.
/// Answers go to `deliver` as `.searchAnswered`; one whose search threw says why in `problem`.
public final class SearchWorker: Sendable {
    /// Answers a request; may be slow the first time (it may load the gazetteer). Runs on
    /// `BlockingExecutor.shared`.
    public typealias Answering = @Sendable (SearchRequest) async throws -> PlaceSearch.Answer

    private struct Queue {
        /// The newest request not yet taken.
        var waiting: SearchRequest?
        /// The task answering requests until none waits; nil when idle.
        var drain: Task<Void, Never>?
    }

    private let answer: Answering
    private let deliver: @Sendable (MapAction) -> Void
    private let queue = Mutex(Queue())

    init(answer: @escaping Answering, deliver: @escaping @Sendable (MapAction) -> Void) {
        self.answer = answer
        self.deliver = deliver
    }

    /// Queues `request` in place of any request still waiting.
    func submit(_ request: SearchRequest) {
        queue.withLock { queue in
            queue.waiting = request
            guard queue.drain == nil else { return }
            queue.drain = Task(executorPreference: BlockingExecutor.shared) { [self] in await drain() }
        }
    }

    /// Returns once every submitted request is answered (for tests and `render`). Awaits rather than
    /// blocks: a blocked thread of the cooperative pool (two on a two-core machine) could be the one
    /// another waiter needs.
    func answered() async {
        while let drain = queue.withLock({ $0.drain }) { await drain.value }
    }

    private func drain() async {
        while let request = next() {
            let result: PlaceSearch.Answer
            do {
                result = try await answer(request)
            } catch {
                result = PlaceSearch.Answer(problem: "search failed: \(error)")
            }
            deliver(.searchAnswered(generation: request.generation, result))
        }
    }

    /// Takes the waiting request; when there is none, the drain ends (in the same step, so a request
    /// submitted after it starts a new one).
    private func next() -> SearchRequest? {
        queue.withLock { queue in
            defer { queue.waiting = nil }
            if queue.waiting == nil { queue.drain = nil }
            return queue.waiting
        }
    }
}
