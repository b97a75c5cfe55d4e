/// Why a `TerminalScreen` could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// ncurses has no terminfo entry for this `TERM` (empty when `TERM` is unset).
    case unknownTerminal(String)
    /// The terminal cannot move the cursor (`TERM=dumb`, a printing terminal), which a full-screen map
    /// needs.
    case incapableTerminal(String)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .unknownTerminal(let term):
            return term.isEmpty ? "TERM is not set" : "unknown terminal type '\(term)' (no terminfo entry)"
        case .incapableTerminal(let term):
            return "the terminal '\(term)' cannot move the cursor, which the map needs: run it in a terminal such as "
                + "xterm (TERM=xterm-256color), or print one frame with 'mapterm render'"
        }
    }
}
