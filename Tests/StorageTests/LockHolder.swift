import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Holds the exclusive `flock` on a lock file through an open file of its own, as another mapterm
/// process would (flock locks belong to the open file, so this conflicts within one process too).
final class LockHolder: Sendable {
    private let fd: Mutex<Int32>

    /// Opens (creating) `path` and takes its lock; fails the test when it cannot.
    init(_ path: String) throws {
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(opened >= 0, "open \(path): \(String(cString: strerror(errno)))")
        try #require(flock(opened, LOCK_EX | LOCK_NB) == 0, "the lock on \(path) is taken already")
        fd = Mutex(opened)
    }

    /// Lets go of the lock (once; later calls do nothing).
    func release() {
        fd.withLock { fd in
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
                fd = -1
            }
        }
    }

    deinit { release() }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it: its result, or nil when
/// it was still running (it then finishes unseen). For calls that must not block.
func finished<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>?
{
    let outcome = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let result = Result { try body() }
        outcome.withLock { $0 = result }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return outcome.withLock { $0 }
}
