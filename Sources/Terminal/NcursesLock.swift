import Synchronization

/// The one lock around every ncurses call in the process. ncurses keeps its current screen
/// (`SP`, `stdscr`, `cur_term`) in globals and is not thread-safe, so each `TerminalScreen` method
/// takes this lock and makes its screen current with `set_term` before touching ncurses.
enum NcursesLock {
    private static let mutex = Mutex(())

    /// Runs `body` with the lock held. Not reentrant.
    static func run<T: Sendable, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try mutex.withLock { _ throws(Failure) -> T in try body() }
    }
}
