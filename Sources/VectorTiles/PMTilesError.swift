/// Why a PMTiles archive, or a tile in it, could not be read. `source` is the path or URL the
/// archive was opened from; `description` is one line for the user.
public enum PMTilesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist, is not a regular file, or cannot be opened.
    case cannotOpen(source: String, reason: String)
    /// Reading bytes failed (the reader's own error, e.g. an I/O error).
    case readFailed(source: String, reason: String)
    /// The archive does not start with the magic "PMTiles".
    case notPMTiles(source: String)
    /// A PMTiles archive of another spec version than 3.
    case unsupportedVersion(source: String, version: Int)
    /// The archive ends before a part it declares (header, directory, metadata, tile).
    case truncated(source: String, reason: String)
    /// Inconsistent content: a bad varint, an offset outside its section, nesting too deep, ...
    case corrupt(source: String, reason: String)
    /// A compression this reader lacks (brotli, zstd) for `part` ("directories" or "tiles").
    case unsupportedCompression(source: String, compression: String, part: String)
    /// Tiles that are not Mapbox Vector Tiles (PNG, JPEG, MapLibre Tiles, ...).
    case unsupportedTileType(source: String, type: String)

    /// One line, e.g. "not a PMTiles archive: wrong magic (/maps/x.pmtiles)".
    public var description: String {
        switch self {
        case .cannotOpen(let source, let reason): return "cannot open \(source): \(reason)"
        case .readFailed(let source, let reason): return "cannot read \(source): \(reason)"
        case .notPMTiles(let source): return "not a PMTiles archive: wrong magic (\(source))"
        case .unsupportedVersion(let source, let version):
            return "unsupported PMTiles version \(version), need 3 (\(source))"
        case .truncated(let source, let reason): return "truncated PMTiles archive: \(reason) (\(source))"
        case .corrupt(let source, let reason): return "corrupt PMTiles archive: \(reason) (\(source))"
        case .unsupportedCompression(let source, let compression, let part):
            return "unsupported PMTiles compression \(compression) of the \(part), need gzip or none (\(source))"
        case .unsupportedTileType(let source, let type):
            return "unsupported PMTiles tile type \(type), need MVT vector tiles (\(source))"
        }
    }
}
