import Foundation

/// How many cases a seeded fuzz test runs. `make test` runs each fuzzer's default (a few thousand);
/// `make fuzz` sets `MAPTERM_FUZZ_SCALE` (a whole number ≥ 1) to multiply every fuzzer's count, and
/// `MAPTERM_FUZZ_SEED` to start from another seed, so a long run explores cases the suite never sees.
public enum FuzzBudget {
    /// The number of cases to run: `base` times the scale from the environment (1 when unset or not a
    /// whole number from 1 to 100 000).
    public static func cases(_ base: Int) -> Int {
        base * scale
    }

    /// The seed of a fuzzer: `base` mixed with `MAPTERM_FUZZ_SEED` when that is set, else `base`.
    public static func seed(_ base: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["MAPTERM_FUZZ_SEED"], let extra = UInt64(text) else {
            return base
        }
        return base ^ (extra &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The multiplier read from `MAPTERM_FUZZ_SCALE`.
    public static var scale: Int {
        guard let text = ProcessInfo.processInfo.environment["MAPTERM_FUZZ_SCALE"], let value = Int(text),
            (1...100_000).contains(value)
        else { return 1 }
        return value
    }
}
