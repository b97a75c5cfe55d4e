import Foundation
import Testing

/// Runs the cases of a seeded fuzz test and measures the run: its wall time, its slowest case and how
/// much the process's peak resident memory grew. Prints one line of figures, for example
/// `fuzz GeoJSON: 4000 cases in 1.9 s, slowest 12 ms, peak RSS +12 MB` (what `make fuzz` reports).
public struct FuzzMeter {
    /// What a run measured.
    public struct Figures: Sendable {
        /// The cases run.
        public var cases: Int
        /// Wall time of the whole run, in seconds.
        public var seconds: Double
        /// Wall time of the slowest case, in seconds.
        public var slowestCaseSeconds: Double
        /// Growth of the process's peak resident set (VmHWM, reset at the start where Linux allows) over
        /// the run, in bytes. Process-wide: tests running at the same time add to it, so budgets are
        /// generous and `make fuzz` runs the fuzzers one at a time.
        public var peakGrowthBytes: Int
    }

    /// Runs `cases` cases of `body`, each given its index and the one generator seeded with `seed`,
    /// prints the figures under `name` and returns them.
    public static func run(
        _ name: String, cases: Int, seed: UInt64, _ body: (Int, inout SeededGenerator) throws -> Void
    ) rethrows -> Figures {
        var rng = SeededGenerator(seed: seed)
        let clock = ContinuousClock()
        let peakBefore = resetPeak()
        var slowest = Duration.zero
        let started = clock.now
        for index in 0..<cases {
            let caseStart = clock.now
            try body(index, &rng)
            slowest = max(slowest, clock.now - caseStart)
        }
        let figures = Figures(
            cases: cases, seconds: seconds(clock.now - started), slowestCaseSeconds: seconds(slowest),
            peakGrowthBytes: max(0, peakResidentBytes() - peakBefore))
        print(
            "fuzz \(name): \(cases) cases in \(String(format: "%.1f", figures.seconds)) s, slowest "
                + "\(Int(figures.slowestCaseSeconds * 1000)) ms, peak RSS +\(figures.peakGrowthBytes >> 20) MB")
        return figures
    }

    /// Records an issue when the slowest case took `maxCaseSeconds` or more (a hang or a blow-up; the
    /// budget is wide because debug builds share the machine) or the peak resident set grew by
    /// `maxPeakGrowthMB` megabytes or more.
    public static func expectBounded(
        _ figures: Figures, maxCaseSeconds: Double = 2, maxPeakGrowthMB: Int = 256,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            figures.slowestCaseSeconds < maxCaseSeconds, "a case took \(figures.slowestCaseSeconds) s",
            sourceLocation: sourceLocation)
        #expect(
            figures.peakGrowthBytes < maxPeakGrowthMB << 20, "peak RSS grew by \(figures.peakGrowthBytes >> 20) MB",
            sourceLocation: sourceLocation)
    }

    /// The process's peak resident set size in bytes (`VmHWM` of /proc/self/status), 0 when unknown.
    public static func peakResidentBytes() -> Int {
        status("VmHWM:")
    }

    /// Brings the peak resident set down to the current one (writing 5 to /proc/self/clear_refs, Linux
    /// 4.0 and later) so a run's peak is its own; returns the peak to measure growth from (the current
    /// resident set, or the old peak where the reset is not allowed).
    private static func resetPeak() -> Int {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return peakResidentBytes() }
        defer { try? handle.close() }
        guard (try? handle.write(contentsOf: Data("5".utf8))) != nil else { return peakResidentBytes() }
        return status("VmRSS:")
    }

    /// A size field of /proc/self/status in bytes, 0 when unknown.
    private static func status(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
