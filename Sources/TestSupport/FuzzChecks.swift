import Foundation

/// What fuzz tests check about everything a parser hands back: text that is safe on a terminal,
/// and the memory the process took.
public enum FuzzChecks {
    /// True when `text` holds no C0 control (below U+0020, so no ESC), no DEL and no C1 control
    /// (U+007F–U+009F): nothing a terminal would act on.
    public static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The process's peak resident set so far, in bytes (`getrusage`'s `ru_maxrss`, which Linux
    /// gives in KiB).
    public static var peakResidentBytes: Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
    }
}
