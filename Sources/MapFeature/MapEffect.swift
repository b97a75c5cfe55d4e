/// Work the reducer asks the runtime to do; the reducer itself never performs I/O.
public enum MapEffect: Equatable, Sendable {
    /// Leave the program, restoring the terminal.
    case quit
}
