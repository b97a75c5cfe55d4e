import Positioning

/// Writes the track being recorded off the run loop, one step at a time in the order asked: the file is
/// made (`.trackStarted` or `.trackFailed` comes back), points are appended, the file is closed. A failed
/// write ends the recording and says why (`.trackFailed`); later appends are dropped. The steps go
/// through one stream to one task, so they keep their order.
final class TrackRecorder: Sendable {
    /// Makes a new track file; throws an error whose description is one line for the user.
    typealias Starter = @Sendable () throws -> any TrackRecording

    enum Step: Sendable {
        case start, append(TrackPoint), finish
        /// Resumes its waiter once every step before it is done.
        case mark(CheckedContinuation<Void, Never>)
    }

    private let steps: AsyncStream<Step>.Continuation

    /// `starter` nil: this map cannot record tracks (every start fails with a reason).
    init(starter: Starter?, inbox: Inbox) {
        let (stream, continuation) = AsyncStream.makeStream(of: Step.self)
        steps = continuation
        Task {
            var writer = Writer(starter: starter, inbox: inbox)
            for await step in stream { writer.perform(step) }
        }
    }

    deinit { steps.finish() }

    func start() { ask(.start) }
    func append(_ point: TrackPoint) { ask(.append(point)) }
    func finish() { ask(.finish) }

    private func ask(_ step: Step) { steps.yield(step) }

    /// Returns once every step asked before is done.
    func drain() async {
        await withCheckedContinuation { ask(.mark($0)) }
    }

    /// Performs the steps against the file.
    struct Writer {
        let starter: Starter?
        let inbox: Inbox
        var current: (any TrackRecording)?

        init(starter: Starter?, inbox: Inbox) {
            self.starter = starter
            self.inbox = inbox
        }

        mutating func perform(_ step: Step) {
            switch step {
            case .mark(let waiter): waiter.resume()
            case .start:
                guard let starter else {
                    inbox.post(.trackFailed(reason: "this map cannot record tracks"))
                    return
                }
                do {
                    let track = try starter()
                    current = track
                    inbox.post(.trackStarted(name: track.name))
                } catch {
                    inbox.post(.trackFailed(reason: String(describing: error)))
                }
            case .append(let point):
                guard let track = current else { return }
                do {
                    try track.append(point)
                } catch {
                    current = nil
                    try? track.finish()
                    inbox.post(.trackFailed(reason: String(describing: error)))
                }
            case .finish:
                guard let track = current else { return }
                current = nil
                do {
                    try track.finish()
                } catch {
                    inbox.post(.trackFailed(reason: String(describing: error)))
                }
            }
        }
    }
}
