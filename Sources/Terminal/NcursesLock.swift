import Glibc

/// The one lock around every ncurses call in the process. ncurses keeps its current screen
/// (`SP`, `stdscr`, `cur_term`) in globals and is not thread-safe, so each `TerminalScreen` method
/// takes this lock and makes its screen current with `set_term` before touching ncurses.
final class NcursesLock: @unchecked Sendable {
    static let shared = NcursesLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    /// Runs `body` with the lock held. Not reentrant.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
