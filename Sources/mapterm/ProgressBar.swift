import Foundation
import GeoCore
import TextSafety
import TileSources

/// The progress of a download on stderr: on a terminal one line redrawn in place
/// ("[#######-------------]  1 234 / 5 678 tiles · 12.3 MB · 45 tiles/s · 1:40 left"), elsewhere
/// (a log file) the same line every `logInterval` seconds.
final class ProgressBar {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastLogged = -Double.infinity
    private var drawn = false
    /// Seconds between two lines when stderr is not a terminal.
    static let logInterval = 5.0
    /// Cells of the bar.
    static let width = 20

    /// Shows `progress` (called about ten times a second).
    func show(_ progress: TileDownload.Progress) {
        let line = Self.line(progress)
        if isTerminal {
            Console.errRaw("\r\u{1B}[K\(line)")
            drawn = true
        } else if progress.seconds - lastLogged >= Self.logInterval || progress.done == progress.total {
            lastLogged = progress.seconds
            Console.errRaw("\(line)\n")
        }
    }

    /// Ends the line in place, if one was drawn.
    func end() {
        if drawn { Console.errRaw("\n") }
        drawn = false
    }

    static func line(_ p: TileDownload.Progress) -> SafeText {
        let share = p.total == 0 ? 1 : Double(p.done) / Double(p.total)
        let filled = (share * Double(width)).clampedInt(.down, in: 0...width) ?? 0
        let bar: SafeText = "[\(.repeating("#", count: filled))\(.repeating("-", count: width - filled))]"
        let rate = p.seconds > 0.5 ? Double(p.done) / p.seconds : 0
        var text: SafeText = "\(bar) \(p.done) / \(p.total) tiles · \(Double(p.bytes) / 1e6, format: "%.1f") MB"
        if rate > 0 {
            text += " · \(rate, format: "%.0f") tiles/s"
            if p.done < p.total {
                text += " · \(SafeText(sanitizing: clock(Double(p.total - p.done) / rate))) left"
            }
        }
        return text
    }

    /// "1:40", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let s = seconds.clampedInt(.up, in: 0...Int.max) ?? 0
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
