import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a lock file, taken without ever blocking: `acquire` either holds the
/// lock at once or says another process has it, so no caller (above all the map's run loop) waits
/// on another process. Waiting is the caller's business: try again later (`PinFile`), or poll with
/// a deadline (`PlaceDatabase`).
///
/// The lock belongs to the open file description: another `open` of the same file, in this process
/// or another, does not get it while this one holds it. It goes with `release()` (or when the
/// process ends, however it ends).
final class FileLock {
    /// The lock file.
    let path: String
    private var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { release() }

    /// Opens (creating, mode 0600) `path` and takes the exclusive lock on it; nil when another open
    /// file holds it. Throws `AtomicFile.Failure` when the file cannot be opened or locked.
    static func acquire(_ path: String) throws -> FileLock? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.Failure("open", path) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EINTR else {
                close(fd)
                if code == EWOULDBLOCK { return nil }
                throw AtomicFile.Failure("flock", path, errno: code)
            }
        }
        return FileLock(path: path, fd: fd)
    }

    /// Polls `acquire` every `interval` seconds until it holds the lock or `deadline` seconds have
    /// passed (nil then); `waiting` is called once, before the first pause.
    static func acquire(
        _ path: String, within deadline: Double, interval: Double = 0.05, waiting: () -> Void
    ) throws -> FileLock? {
        let start = DispatchTime.now().uptimeNanoseconds
        var told = false
        while true {
            if let lock = try acquire(path) { return lock }
            let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard waited < deadline else { return nil }
            if !told {
                waiting()
                told = true
            }
            usleep(useconds_t(max(0, min(interval, deadline - waited)) * 1e6))
        }
    }

    /// Lets go of the lock and closes the file; nothing when already released.
    func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}
