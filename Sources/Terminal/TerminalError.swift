/// Why a `TerminalScreen` could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// ncurses has no terminfo entry for this `TERM` (empty when `TERM` is unset).
    case unknownTerminal(String)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .unknownTerminal(let term):
            return term.isEmpty ? "TERM is not set" : "unknown terminal type '\(term)' (no terminfo entry)"
        }
    }
}
