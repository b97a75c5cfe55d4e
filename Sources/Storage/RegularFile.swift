import Foundation

/// Refuses what is not a plain file before it is opened for reading: a FIFO (named pipe) would block
/// the reader forever, a device or socket would make no sense.
public enum RegularFile {
    /// Why a path cannot be read as a file: "is a FIFO (named pipe), not a regular file".
    public struct NotRegular: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var kind: String
        public var description: String { "\(path) is \(kind), not a regular file" }
    }

    /// Throws `NotRegular` when `path` exists (symbolic links followed) and is not a regular file; a
    /// missing path passes (the caller reports it as missing).
    public static func check(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        let kinds: [mode_t: String] = [
            S_IFIFO: "a FIFO (named pipe)", S_IFDIR: "a directory", S_IFCHR: "a character device",
            S_IFBLK: "a block device", S_IFSOCK: "a socket",
        ]
        throw NotRegular(path: path, kind: kinds[type] ?? "a special file")
    }
}
