import Dispatch
import Positioning
import Synchronization

/// Writes the track being recorded off the run loop, one step at a time in the order asked: the file is
/// made (`.trackStarted` or `.trackFailed` comes back), points are appended, the file is closed. A failed
/// write ends the recording and says why (`.trackFailed`); later appends are dropped.
final class TrackRecorder: Sendable {
    /// Makes a new track file; throws an error whose description is one line for the user.
    typealias Starter = @Sendable () throws -> any TrackRecording

    private let starter: Starter?
    private let inbox: Inbox
    private let queue = DispatchQueue(label: "mapterm.track")
    private let current = Mutex<(any TrackRecording)?>(nil)

    /// `starter` nil: this map cannot record tracks (every start fails with a reason).
    init(starter: Starter?, inbox: Inbox) {
        self.starter = starter
        self.inbox = inbox
    }

    /// Makes the file (after any recording still being closed).
    func start() {
        queue.async { [self] in
            guard let starter else {
                inbox.post(.trackFailed(reason: "this map cannot record tracks"))
                return
            }
            do {
                let track = try starter()
                current.withLock { $0 = track }
                inbox.post(.trackStarted(name: track.name))
            } catch {
                inbox.post(.trackFailed(reason: String(describing: error)))
            }
        }
    }

    /// Appends `point` to the file being recorded, if any.
    func append(_ point: TrackPoint) {
        queue.async { [self] in
            guard let track = current.withLock({ $0 }) else { return }
            do {
                try track.append(point)
            } catch {
                current.withLock { $0 = nil }
                try? track.finish()
                inbox.post(.trackFailed(reason: String(describing: error)))
            }
        }
    }

    /// Closes the file being recorded, if any.
    func finish() {
        queue.async { [self] in
            guard
                let track = current.withLock({ value in
                    defer { value = nil }; return value
                })
            else { return }
            do {
                try track.finish()
            } catch {
                inbox.post(.trackFailed(reason: String(describing: error)))
            }
        }
    }

    /// Waits until every step asked so far is done (before quitting, and for tests).
    func drain() {
        queue.sync {}
    }
}
