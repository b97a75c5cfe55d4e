import Foundation
import Render
import TextSafety

/// The one place mapterm writes to stdout and stderr. It takes `SafeText` (sanitised outside text or
/// the program's own) or a `CellGrid` (whose cells never hold a control scalar), so nothing from
/// outside reaches a terminal unsanitised. `Tests/lint/check-output.sh` fails when anything else
/// writes to the standard streams.
enum Console {
    /// Writes `text` and a newline to stdout.
    static func out(_ text: SafeText) {
        write(text.string + "\n", to: .standardOutput)
    }

    /// Writes `text` to stdout as it is (the caller supplies any line breaks).
    static func outRaw(_ text: SafeText) {
        write(text.string, to: .standardOutput)
    }

    /// Writes `text` to stderr as it is: progress lines that redraw themselves with a carriage return
    /// (the program's own control character, in a literal).
    static func errRaw(_ text: SafeText) {
        write(text.string, to: .standardError)
    }

    /// Writes "mapterm: TEXT" and a newline to stderr.
    static func err(_ text: SafeText) {
        write("mapterm: " + text.string + "\n", to: .standardError)
    }

    /// Writes a frame to stdout: its text, or with `color` its ANSI form, then a newline.
    static func out(_ frame: CellGrid, color: Bool) {
        if color {
            FileHandle.standardOutput.write(Data(AnsiText.encode(frame)))
        } else {
            write(frame.text + "\n", to: .standardOutput)
        }
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
