import Foundation
import Places

/// Answers searches on a thread of its own, the newest first: while one query runs, a newer one
/// replaces any that waits, so a burst of keystrokes (or a paste) costs at most two searches.
/// Answers go to `deliver` as `.searchAnswered`; one whose search threw says why in `problem`.
public final class SearchWorker: @unchecked Sendable {
    /// Answers a request; may be slow the first time (it may load the gazetteer).
    public typealias Answering = @Sendable (SearchRequest) throws -> PlaceSearch.Answer

    private let answer: Answering
    private let deliver: @Sendable (MapAction) -> Void
    private let queue = DispatchQueue(label: "mapterm.search")
    private let group = DispatchGroup()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var waiting: SearchRequest?
    private var running = false

    init(answer: @escaping Answering, deliver: @escaping @Sendable (MapAction) -> Void) {
        self.answer = answer
        self.deliver = deliver
    }

    /// Queues `request` in place of any request still waiting.
    func submit(_ request: SearchRequest) {
        let start = lock.withLock {
            waiting = request
            defer { running = true }
            return !running
        }
        guard start else { return }
        group.enter()
        queue.async { [self] in
            drain()
            group.leave()
        }
    }

    /// Blocks until every submitted request is answered (for tests and `render`).
    func wait() { group.wait() }

    private func drain() {
        while let request = next() {
            let result: PlaceSearch.Answer
            do {
                result = try answer(request)
            } catch {
                result = PlaceSearch.Answer(problem: "search failed: \(error)")
            }
            deliver(.searchAnswered(generation: request.generation, result))
        }
    }

    private func next() -> SearchRequest? {
        lock.withLock {
            defer { waiting = nil }
            if waiting == nil { running = false }
            return waiting
        }
    }
}
