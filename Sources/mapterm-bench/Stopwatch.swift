import Foundation

/// Wall-clock timing of repeated runs; reports the median and the 90th percentile in milliseconds.
struct Stopwatch {
    /// Runs `body` `warmup` times untimed, then `runs` times timed.
    static func measure(runs: Int, warmup: Int = 3, _ body: () -> Void) -> Timing {
        for _ in 0..<warmup { body() }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return Timing(samples: samples)
    }
}

/// Sorted samples in milliseconds.
struct Timing {
    let samples: [Double]

    init(samples: [Double]) { self.samples = samples.sorted() }

    func percentile(_ p: Double) -> Double {
        samples[min(samples.count - 1, Int(Double(samples.count - 1) * p))]
    }

    var median: Double { percentile(0.5) }

    /// "0.123 ms (p90 0.150)".
    var text: String { String(format: "%8.3f ms  (p90 %.3f, n %d)", median, percentile(0.9), samples.count) }
}

/// Prints one result line: name, value, target and whether it is met.
func report(_ name: String, _ timing: Timing, target: Double?) {
    let verdict =
        target.map {
            timing.median <= $0
                ? String(format: "target ≤ %g ms: met", $0) : String(format: "target ≤ %g ms: MISSED", $0)
        } ?? ""
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + timing.text + "  " + verdict)
}

/// Prints one result line for a percentile of a timing.
func reportPercentile(_ name: String, _ timing: Timing, _ p: Double, target: Double?) {
    let value = timing.percentile(p)
    let verdict =
        target.map {
            value <= $0 ? String(format: "target ≤ %g ms: met", $0) : String(format: "target ≤ %g ms: MISSED", $0)
        } ?? ""
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%8.3f ms", value) + "  " + verdict)
}
