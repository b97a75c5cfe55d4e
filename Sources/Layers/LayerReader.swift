/// Reads layers from the bytes of their files: GeoJSON, GeoJSON text sequences, CSV, TSV and GPX (Storage
/// adds `read(path:)`, which reads the file).
///
/// A file that is the format but has bad parts gives the features that are good and a problem for each
/// bad part (its line and feature); a file that is not the format at all, or cannot be read, throws
/// `LayerFileError`. A UTF-8 byte order mark and CRLF line ends are accepted everywhere.
public enum LayerReader {
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
    /// so a larger one is refused from its size before any of it is read (Storage's `read(path:)`).
    public static let maximumFileSize = 512 << 20
}
