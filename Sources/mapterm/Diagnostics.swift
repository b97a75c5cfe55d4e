import TextSafety

/// How mapterm says something on stderr. Messages quote values from outside (paths, the contents of
/// files, server replies, SQLite's error text, which names objects of the file), so each is turned
/// into `SafeText` by the sanitiser before `Console` writes it: no escape sequence or control character
/// reaches the terminal.
enum Diagnostics {
    /// Writes "mapterm: MESSAGE" and a newline, the message sanitised (one line).
    static func say(_ message: String) {
        Console.err(SafeText(sanitizing: message))
    }

    /// The text of an error for the user: its description, sanitised.
    static func text(_ error: any Error) -> String {
        TextSanitizer.clean(String(describing: error))
    }
}
