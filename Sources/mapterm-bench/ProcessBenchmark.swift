import Foundation

/// Whole-process `mapterm render` to a pipe, wall clock from spawn to exit.
enum ProcessBenchmark {
    static func run(binary: String) throws {
        print("== whole process: mapterm render 160x48 to stdout ==")
        let cases: [(String, [String])] = [
            ("world", ["--center", "52.52,13.405", "--zoom", "0.33"]),
            ("50N 10E z3.5", ["--center", "50,10", "--zoom", "3.5"]),
            ("40.7N 74W z5.5", ["--center", "40.7,-74", "--zoom", "5.5"]),
        ]
        for (name, extra) in cases {
            let arguments = ["render", "--size", "160x48"] + extra
            var failure: (any Error)?
            let timing = Stopwatch.measure(runs: 20, warmup: 2) {
                do { try spawn(binary, arguments) } catch { failure = error }
            }
            if let failure { throw failure }
            report("render \(name)", timing, target: 30)
        }
    }

    static func spawn(_ binary: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        _ = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "bench", code: Int(process.terminationStatus))
        }
    }
}
