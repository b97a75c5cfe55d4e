import Glibc

/// A pipe that wakes a thread waiting on the terminal: `signal()` (any thread) makes the read end
/// readable until `drain()`. Both ends are non-blocking, so a full pipe (a wake-up already pending)
/// costs nothing.
final class WakePipe: Sendable {
    let readFD: Int32
    private let writeFD: Int32

    /// A new pipe; nil when the process is out of file descriptors.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Makes the read end readable (one byte; nothing more when one is already waiting).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }
}
