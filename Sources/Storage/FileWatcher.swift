import Foundation
import Synchronization

/// Calls `changed` (on a thread of its own) whenever a file is written, replaced, created or removed,
/// through Linux inotify on its folder (which it creates when missing), so a map learns of another
/// map's pins as they are saved, without looking at the file again and again. `stop()` ends the thread
/// within `stopCheckMilliseconds`.
public final class FileWatcher: Sendable {
    /// How often the watching thread looks whether it was stopped, milliseconds.
    static let stopCheckMilliseconds: Int32 = 500

    private let stopped = Mutex(false)

    /// Watches `url`; nil when inotify is unavailable (the caller then learns of changes only when it
    /// saves).
    public init?(url: URL, changed: @escaping @Sendable () -> Void) {
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        // A blocking wait for as long as the map runs: a thread of its own, not a task of the pool.
        let thread = Thread { [weak self] in
            defer { close(fd) }
            while self?.isStopped == false {
                if Self.waitForEvents(fd, naming: name) { changed() }
            }
        }
        thread.name = "file watcher"
        thread.start()
    }

    deinit { stop() }

    /// Ends the watching thread (within `stopCheckMilliseconds`).
    public func stop() { stopped.withLock { $0 = true } }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Waits up to `stopCheckMilliseconds` for events on `fd`; true when one names `name`.
    private static func waitForEvents(_ fd: Int32, naming name: String) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, stopCheckMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var named = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            named = named || Self.names(buffer[0..<count], name)
        }
        return named
    }

    /// True when one of the inotify events in `bytes` is about the file `name` of the folder.
    static func names(_ bytes: ArraySlice<UInt8>, _ name: String) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        let wanted = Array(name.utf8)
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            // The kernel writes `len` bytes of NUL-padded name after each fixed-size header.
            let length = bytes[offset + 12..<offset + 16].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.endIndex)
            let field = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            if Array(field) == wanted { return true }
            offset = nameEnd
        }
        return false
    }
}
