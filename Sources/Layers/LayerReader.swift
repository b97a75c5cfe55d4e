import Glibc

/// Reads layer files: GeoJSON, GeoJSON text sequences, CSV, TSV and GPX.
///
/// A file that is the format but has bad parts gives the features that are good and a problem for each
/// bad part (its line and feature); a file that is not the format at all, or cannot be read, throws
/// `LayerFileError`. A UTF-8 byte order mark and CRLF line ends are accepted everywhere.
public enum LayerReader {
    /// Reads a file; the format from its extension, else from its first bytes.
    public static func read(path: String, options: LayerReadOptions = .init()) throws(LayerFileError) -> LayerData {
        let bytes = try contents(of: path)
        guard let format = LayerFormat(path: path) ?? LayerFormat(sniffing: bytes) else {
            throw LayerFileError(
                file: path,
                reason: "not a layer file (GeoJSON, GeoJSON sequence, CSV, TSV or GPX) by its name or its first bytes")
        }
        return try read(bytes: bytes, name: path, format: format, options: options)
    }

    /// Reads bytes already in memory (`name` used in messages).
    public static func read(
        bytes: [UInt8], name: String, format: LayerFormat, options: LayerReadOptions = .init()
    ) throws(LayerFileError) -> LayerData {
        let result: Result<LayerData, LayerFileError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(LayerFileError) {
                return .success(try read(buffer, name: name, format: format, options: options))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, format: LayerFormat, options: LayerReadOptions
    ) throws(LayerFileError) -> LayerData {
        switch format {
        case .geoJSON: return try GeoJSONReader.document(bytes, name: name)
        case .geoJSONSequence: return try GeoJSONReader.sequence(bytes, name: name)
        case .csv: return try CSVLayerReader.read(bytes, name: name, delimiter: nil, options: options)
        case .tsv: return try CSVLayerReader.read(bytes, name: name, delimiter: 0x09, options: options)
        case .gpx: return try GPXReader.read(bytes, name: name)
        }
    }

    /// The largest layer file read, bytes (512 MiB): reading costs up to three times the file's size,
    /// so a larger one is refused from its size before any of it is read.
    public static let maximumFileSize = 512 << 20

    /// The bytes of the regular file at `path`, read once into one buffer of its size (a pipe or a
    /// device is refused before it is opened, where opening could wait forever; a file over
    /// `maximumFileSize` before it is read).
    private static func contents(of path: String) throws(LayerFileError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw LayerFileError(file: path, reason: "no such file") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw LayerFileError(file: path, reason: "is a directory, not a file")
        default: throw LayerFileError(file: path, reason: "is not a regular file (a pipe or a device?)")
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
        guard size > maximumFileSize else { return }
        let megabytes = size / (1 << 20) + (size % (1 << 20) == 0 ? 0 : 1)  // rounded up, without overflow
        throw LayerFileError(
            file: path, reason: "is \(megabytes) MB, larger than the \(maximumFileSize >> 20) MB a layer file may be")
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
