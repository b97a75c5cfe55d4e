import Foundation
import VectorTiles

/// A `ByteRangeReader` over a local file, with `pread` (no shared file position, so concurrent
/// reads from any thread are safe). The size is taken once, when the file is opened.
public final class FileRangeReader: ByteRangeReader, Sendable {
    /// Why opening or reading failed; `description` is the system's message ("Permission denied").
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The path the file was opened from.
    public let path: String
    /// The file's size in bytes at opening.
    public let size: Int?

    private let descriptor: Int32

    /// Opens `path` read-only. Throws `Failure` when it cannot be opened or examined.
    public init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure() }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = Self.failure()
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// The `length` bytes at `offset`, fewer when the file ends first. Throws `Failure` for a
    /// negative offset or length and for I/O errors.
    public func read(offset: Int, length: Int) throws -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= Int.max - length else {
            throw Failure(description: "invalid range of \(length) bytes at \(offset)")
        }
        var bytes = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, length - filled, off_t(offset + filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw Self.failure() }
            if got == 0 { break }
            filled += got
        }
        if filled < length { bytes.removeLast(length - filled) }
        return bytes
    }

    private static func failure() -> Failure { Failure(description: String(cString: strerror(errno))) }
}
