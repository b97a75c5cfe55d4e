import Positioning

/// What one connection to gpsd has read and not yet handed on: the newest report waits while reports
/// come faster than `GPSDClient.maximumRate`; a problem waits while one was said less than a second ago.
struct GPSDSession {
    let deliver: @Sendable (GPSEvent) -> Void
    /// The daemon's name for the status bar ("gpsd localhost:2947").
    let source: String
    /// The daemon has sent a line.
    private(set) var answered = false
    private var pendingReport: GPSReport?
    private var pendingProblem: String?
    private var lastReport = -Double.infinity
    private var lastProblem = -Double.infinity

    init(source: String, deliver: @escaping @Sendable (GPSEvent) -> Void) {
        self.source = source
        self.deliver = deliver
    }

    /// One line read at `now` (nil: it was too long and dropped).
    mutating func take(_ line: ArraySlice<UInt8>?, now: Double) {
        if !answered {
            answered = true
            deliver(.connected(source: source))
        }
        guard let line else {
            pendingProblem = GPSLineProblem.tooLong.description
            return
        }
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return }
        switch GPSReport.parse(line: line) {
        case .success(.other): break
        case .success(.rejected(let why)): pendingProblem = why + " (ignored)"
        case .success(let report): pendingReport = report
        case .failure(let problem): pendingProblem = problem.description
        }
    }

    /// Hands on what is due at `now`.
    mutating func flush(now: Double) {
        if let report = pendingReport, now - lastReport >= 1 / GPSDClient.maximumRate {
            deliver(.report(report))
            pendingReport = nil
            lastReport = now
        }
        if let problem = pendingProblem, now - lastProblem >= 1 {
            deliver(.problem(problem))
            pendingProblem = nil
            lastProblem = now
        }
    }

    /// Seconds until something waiting may be handed on; nil when nothing waits.
    func secondsUntilDue(now: Double) -> Double? {
        var due: [Double] = []
        if pendingReport != nil { due.append(lastReport + 1 / GPSDClient.maximumRate - now) }
        if pendingProblem != nil { due.append(lastProblem + 1 - now) }
        return due.min().map { min(max($0, 0), 1) }
    }
}
