import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and crash-safe replacement on POSIX: the platform calls behind `PinFile`.
///
/// A replacement writes a uniquely named temp file in the target's directory, `fsync`s it, `rename`s
/// it over the target and `fsync`s the directory, so after a crash (even `kill -9` or power loss)
/// the target holds either the old or the new bytes, never a mix. Temp files are hidden and named
/// `.<target name>.tmp-<pid>-<random hex>` so that leftovers can be recognised and removed.
enum AtomicFile {
    /// A failed system call, described for the user ("rename …: Permission denied").
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// Describes the current `errno` after `call` failed on `path`.
        init(_ call: String, _ path: String, errno code: Int32 = errno) {
            description = "\(call) \(path): \(String(cString: strerror(code)))"
        }

        init(message: String) { description = message }
    }

    // MARK: Reading

    /// The file's bytes; nil when it does not exist. Throws when it cannot be read or is larger than
    /// `limit` bytes.
    /// `read` found a FIFO, a device or a socket where a file should be.
    struct NotRegularFile: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is not a regular file" }
    }

    static func read(_ path: String, limit: Int) throws -> Data? {
        // Non-blocking, so that a FIFO cannot hang the open; then a FIFO, device or socket is refused (a
        // directory fails to read like any unreadable file).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure("open", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure("fstat", path) }
        if case .special = RegularFile.Kind(mode: info.st_mode) { throw NotRegularFile(path: path) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("read", path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw Failure(message: "the file is larger than \(limit / 1024) KiB") }
        }
        return Data(bytes)
    }

    // MARK: Replacing

    /// Replaces the file at `path` with `data`: temp file, write, `fsync`, `rename`, `fsync` of the
    /// directory. Creates the directory (and its parents) when missing. `mode` is the new file's
    /// permission bits (before the umask). On a failure up to the rename the old file is untouched
    /// and the temp file removed; only the final directory `fsync` can fail after the new file is in
    /// place (it is then there but maybe not yet durable).
    static func replace(_ path: String, with data: Data, mode: mode_t) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        try makeDirectory(directory)
        let (fd, temp) = try createTemp(directory: directory, name: url.lastPathComponent, mode: mode)
        do {
            try writeAll(fd, data, temp)
            guard fsync(fd) == 0 else { throw Failure("fsync", temp) }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        guard close(fd) == 0 else {
            let failure = Failure("close", temp)
            unlink(temp)
            throw failure
        }
        guard rename(temp, path) == 0 else {
            let failure = Failure("rename", path)
            unlink(temp)
            throw failure
        }
        try syncDirectory(directory)
    }

    /// The name prefix of temp files made while replacing a file called `name`.
    static func tempPrefix(for name: String) -> String { ".\(name).tmp-" }

    /// Opens a new, empty, uniquely named temp file for writing; retries on a name collision.
    private static func createTemp(directory: String, name: String, mode: mode_t) throws -> (Int32, String) {
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let temp = "\(directory)/\(tempPrefix(for: name))\(getpid())-\(random)"
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temp) }
            if errno != EEXIST { throw Failure("create", temp) }
        }
        throw Failure(message: "create a temp file in \(directory): too many name collisions")
    }

    /// Writes every byte, continuing after partial writes and interruptions.
    private static func writeAll(_ fd: Int32, _ data: Data, _ path: String) throws {
        let failedErrno: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code = failedErrno { throw Failure("write", path, errno: code) }
    }

    // MARK: Directories

    /// Creates `directory` and missing parents (mode 0700 before the umask, as XDG asks); after
    /// creating it, `fsync`s its parent so the new entry survives a crash.
    static func makeDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(message: "\(directory) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(message: "cannot create \(directory): \(error.localizedDescription)")
        }
        try syncDirectory(URL(fileURLWithPath: directory).deletingLastPathComponent().path)
    }

    /// `fsync`s a directory so renames and new entries in it are durable. File systems that cannot
    /// sync directories (EINVAL) are accepted as they are.
    static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("open directory", directory) }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL { throw Failure("fsync directory", directory) }
    }
}
