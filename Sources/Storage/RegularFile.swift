import Foundation

/// The one check of what kind of file a path or descriptor is, before it is opened or read: a FIFO
/// (named pipe) would block the reader forever, a device or socket would make no sense. Used by every
/// reader of user files (place stores, tile files, downloads, pins, layers, imports).
public enum RegularFile {
    /// What a file is, by its `st_mode`.
    public enum Kind: Sendable, Equatable {
        case regular
        case directory
        /// A FIFO, a device, a socket: the text names it ("a FIFO (named pipe)").
        case special(String)

        /// The kind of a file whose `stat` mode is `mode`.
        public init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .special("a FIFO (named pipe)")
            case S_IFCHR: self = .special("a character device")
            case S_IFBLK: self = .special("a block device")
            case S_IFSOCK: self = .special("a socket")
            default: self = .special("a special file")
            }
        }

        /// "a directory", "a FIFO (named pipe)"; nil for a regular file.
        public var name: String? {
            switch self {
            case .regular: return nil
            case .directory: return "a directory"
            case .special(let name): return name
            }
        }
    }

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
        guard stat(path, &info) == 0, let kind = Kind(mode: info.st_mode).name else { return }
        throw NotRegular(path: path, kind: kind)
    }
}
