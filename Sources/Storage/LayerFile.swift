import Glibc
import Layers

extension LayerReader {
    /// Reads a layer file; the format from its extension, else from its first bytes.
    public static func read(path: String, options: LayerReadOptions = .init()) throws(LayerFileError) -> LayerData {
        let bytes = try LayerFile.contents(of: path)
        guard let format = LayerFormat(path: path) ?? LayerFormat(sniffing: bytes) else {
            throw LayerFileError(
                file: path,
                reason: "not a layer file (GeoJSON, GeoJSON sequence, CSV, TSV or GPX) by its name or its first bytes")
        }
        return try read(bytes: bytes, name: path, format: format, options: options)
    }
}

/// Reads the bytes of a layer file for `LayerReader`.
enum LayerFile {
    /// The bytes of the regular file at `path`, read once into one buffer of its size (a pipe or a
    /// device is refused before it is opened, where opening could wait forever; a file over
    /// `LayerReader.maximumFileSize` before it is read).
    static func contents(of path: String) throws(LayerFileError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw LayerFileError(file: path, reason: "no such file") }
        switch RegularFile.Kind(mode: info.st_mode) {
        case .regular: break
        case .directory: throw LayerFileError(file: path, reason: "is a directory, not a file")
        case .special: throw LayerFileError(file: path, reason: "is not a regular file (a pipe or a device?)")
        }
        try checkSize(Int(info.st_size), path: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw LayerFileError(file: path, reason: "cannot be opened for reading (permission denied?)")
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw LayerFileError(file: path, reason: "cannot be read") }
        try checkSize(Int(info.st_size), path: path)
        return try read(fd, size: Int(info.st_size), path: path)
    }

    private static func checkSize(_ size: Int, path: String) throws(LayerFileError) {
        let limit = LayerReader.maximumFileSize
        guard size > limit else { return }
        let megabytes = size / (1 << 20) + (size % (1 << 20) == 0 ? 0 : 1)  // rounded up, without overflow
        throw LayerFileError(
            file: path, reason: "is \(megabytes) MB, larger than the \(limit >> 20) MB a layer file may be")
    }

    /// Reads `size` bytes from `fd` (fewer when the file shrank meanwhile; bytes it grew by are not read).
    private static func read(_ fd: Int32, size: Int, path: String) throws(LayerFileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        guard failure == 0 else {
            throw LayerFileError(file: path, reason: "cannot be read: \(String(cString: strerror(failure)))")
        }
        return bytes
    }
}
