import Foundation
import TextSafety

/// The one way mapterm writes messages to stderr. Messages quote values from outside (paths, the
/// contents of files, server replies, SQLite's error text, which names objects of the file), so each
/// goes through `TextSanitizer` first: no escape sequence or control character reaches the terminal.
enum Diagnostics {
    /// Writes "mapterm: MESSAGE" and a newline, the message sanitised (one line).
    static func say(_ message: String) {
        FileHandle.standardError.write(Data("mapterm: \(TextSanitizer.clean(message))\n".utf8))
    }

    /// The text of an error for the user: its description, sanitised.
    static func text(_ error: any Error) -> String {
        TextSanitizer.clean(String(describing: error))
    }
}
