import Positioning

/// What the gpsd client has read and not yet handed on, and when it may: reports at most
/// `GPSDClient.maximumRate` a second, problems (and rejected positions) at most one a second.
///
/// Reports waiting are coalesced: a report replaces a waiting one of the same kind (the newest fix
/// wins), but a change between fix and no fix is kept, so "no fix" is never lost between two fixes that
/// came faster than the rate. At most two reports wait; times are monotonic seconds.
struct GPSDSession {
    /// Reports waiting, oldest first (never two of the same kind in a row, at most two).
    private(set) var pending: [GPSReport] = []
    /// The newest problem or rejection waiting.
    private(set) var pendingNote: GPSEvent?
    private var lastReport = -Double.infinity
    private var lastNote = -Double.infinity

    /// One parsed line (or the failure to parse it).
    mutating func take(_ parsed: Result<GPSReport, GPSLineProblem>) {
        switch parsed {
        case .success(.other): break
        case .success(.rejected(let why)): pendingNote = .report(.rejected(why))
        case .success(let report):
            if let last = pending.last, Self.isFix(last) == Self.isFix(report) {
                pending[pending.count - 1] = report
            } else {
                pending.append(report)
                if pending.count > 2 { pending.removeFirst() }
            }
        case .failure(let problem): pendingNote = .problem(problem.description)
        }
    }

    private static func isFix(_ report: GPSReport) -> Bool {
        if case .fix = report { return true }
        return false
    }

    /// The events due at `now`, in order (at most one report and one note).
    mutating func due(now: Double) -> [GPSEvent] {
        var events: [GPSEvent] = []
        if !pending.isEmpty, now - lastReport >= 1 / GPSDClient.maximumRate {
            events.append(.report(pending.removeFirst()))
            lastReport = now
        }
        if let note = pendingNote, now - lastNote >= 1 {
            events.append(note)
            pendingNote = nil
            lastNote = now
        }
        return events
    }

    /// Everything waiting, regardless of the rate (the connection ended: what was read is said).
    mutating func drain() -> [GPSEvent] {
        var events = pending.map(GPSEvent.report)
        if let pendingNote { events.append(pendingNote) }
        pending = []
        pendingNote = nil
        return events
    }

    /// Seconds from `now` until something waiting is due; nil when nothing waits.
    func secondsUntilDue(now: Double) -> Double? {
        var due: [Double] = []
        if !pending.isEmpty { due.append(lastReport + 1 / GPSDClient.maximumRate - now) }
        if pendingNote != nil { due.append(lastNote + 1 - now) }
        return due.min().map { max($0, 0) }
    }
}
