import Foundation

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

    /// The bytes of the regular file at `path` (a pipe or a device is refused before it is opened,
    /// where opening could wait forever).
    private static func contents(of path: String) throws(LayerFileError) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw LayerFileError(file: path, reason: "no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw LayerFileError(file: path, reason: "is a directory, not a file")
        default: throw LayerFileError(file: path, reason: "is not a regular file (a pipe or a device?)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LayerFileError(file: path, reason: "cannot be opened for reading (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw LayerFileError(file: path, reason: "cannot be read: \(error.localizedDescription)")
        }
    }
}
