import Foundation
import GeoCore
import Places
import VectorTiles

/// Why an MBTiles file could not be opened. `description` is one line for the user.
public enum MBTilesError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist, cannot be read, or is not an SQLite database.
    case cannotOpen(path: String, reason: String)
    /// An SQLite database without the MBTiles tables.
    case notMBTiles(path: String, reason: String)
    /// The tiles are not Mapbox Vector Tiles (e.g. "png").
    case unsupportedFormat(path: String, format: String)

    /// One line for the user, e.g. "not an MBTiles file: no tiles table (/path/x.mbtiles)".
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open \(path): \(reason)"
        case .notMBTiles(let path, let reason): return "not an MBTiles file: \(reason) (\(path))"
        case .unsupportedFormat(let path, let format):
            return "unsupported tile format '\(format)' in \(path) (need pbf vector tiles)"
        }
    }
}

/// A read-only MBTiles 1.x file of Mapbox Vector Tiles.
///
/// `tiles` may be a table or a view (deduplicating writers make it a view over `map` and
/// `images`). Tile ids are XYZ; the TMS row flip happens here. Thread-safe: all reads share one
/// connection and one prepared statement under the connection lock.
public final class MBTilesFile: TileStore, Sendable {
    /// The path the file was opened from.
    public let path: String
    /// Name, format, zoom range, bounds and attribution. Missing min/max zoom are computed from
    /// the tiles; a missing name becomes the file name without extension.
    public let metadata: TileSetMetadata
    /// Every row of the `metadata` table, verbatim (including `json` for vector files).
    public let metadataValues: [String: String]

    private let database: SQLiteDatabase
    private let tileQuery: SQLiteStatement

    /// Opens `path` read-only and validates it. Throws `MBTilesError`.
    public init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MBTilesError.cannotOpen(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw MBTilesError.cannotOpen(path: path, reason: "is a directory") }
        do {
            try RegularFile.check(path)
        } catch let error as RegularFile.NotRegular {
            throw MBTilesError.cannotOpen(path: path, reason: "is \(error.kind), not a regular file")
        }

        do {
            database = try SQLiteDatabase(path: path, readOnly: true)
            // The first read of the schema is where SQLite notices a non-database file.
            guard try database.hasTableOrView("tiles") else {
                throw MBTilesError.notMBTiles(path: path, reason: "no tiles table")
            }
            guard try database.hasTableOrView("metadata") else {
                throw MBTilesError.notMBTiles(path: path, reason: "no metadata table")
            }
            tileQuery = try database.prepare(
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
            let values = try Self.readMetadata(database)
            metadataValues = values
            metadata = try Self.makeMetadata(values, database: database, path: path)
        } catch let error as SQLiteError {
            throw MBTilesError.cannotOpen(path: path, reason: error.message)
        }
    }

    /// The stored bytes of tile `id` (XYZ; x is wrapped), or nil when absent or outside the world.
    public func tileData(_ id: TileID) throws -> [UInt8]? {
        guard id.z >= 0, id.z <= 30, id.isValidRow else { return nil }
        let tile = id.wrapped
        return try database.withLock {
            tileQuery.reset()
            defer { tileQuery.reset() }
            try tileQuery.bind(1, tile.z)
            try tileQuery.bind(2, tile.x)
            try tileQuery.bind(3, tile.tmsRow)
            guard try tileQuery.step(), !tileQuery.isNull(0) else { return nil }
            return tileQuery.blob(0)
        }
    }

    /// Number of tiles stored at `zoom` (a full count: slow on big files; for tools and tests).
    public func tileCount(atZoom zoom: Int) throws -> Int {
        let statement = try database.prepare("SELECT count(*) FROM tiles WHERE zoom_level = ?1")
        return try database.withLock {
            try statement.bind(1, zoom)
            _ = try statement.step()
            return statement.int(0)
        }
    }

    // MARK: - Private

    private static let vectorFormats: Set<String> = [
        "pbf", "mvt", "application/x-protobuf", "application/vnd.mapbox-vector-tile",
    ]

    private static func readMetadata(_ database: SQLiteDatabase) throws -> [String: String] {
        let statement = try database.prepare("SELECT name, value FROM metadata")
        var values: [String: String] = [:]
        try database.withLock {
            while try statement.step() {
                guard !statement.isNull(0), !statement.isNull(1) else { continue }
                values[statement.text(0).lowercased()] = statement.text(1)
            }
        }
        return values
    }

    private static func makeMetadata(
        _ values: [String: String], database: SQLiteDatabase, path: String
    ) throws -> TileSetMetadata {
        var format = values["format"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if format.isEmpty {
            guard try firstTileLooksLikeMVT(database) else {
                throw MBTilesError.unsupportedFormat(path: path, format: "unknown (tiles are not vector tiles)")
            }
            format = "pbf"
        } else if !vectorFormats.contains(format) {
            throw MBTilesError.unsupportedFormat(path: path, format: format)
        }

        var minZoom = values["minzoom"].flatMap(parseZoom)
        var maxZoom = values["maxzoom"].flatMap(parseZoom)
        if minZoom == nil || maxZoom == nil {
            let statement = try database.prepare("SELECT min(zoom_level), max(zoom_level) FROM tiles")
            try database.withLock {
                if try statement.step(), !statement.isNull(0), !statement.isNull(1) {
                    minZoom = minZoom ?? statement.int(0)
                    maxZoom = maxZoom ?? statement.int(1)
                }
            }
        }
        let low = min(max(minZoom ?? 0, 0), 30)
        let high = min(max(maxZoom ?? low, low), 30)

        let fileName = (path as NSString).lastPathComponent
        let name = values["name"].flatMap { $0.isEmpty ? nil : $0 } ?? (fileName as NSString).deletingPathExtension
        return TileSetMetadata(
            name: name, format: format, minZoom: low, maxZoom: high,
            bounds: values["bounds"].flatMap(parseBounds),
            attribution: values["attribution"].flatMap { $0.isEmpty ? nil : $0 },
            layerNames: values["json"].map(TileSetMetadata.layerNames(fromJSON:)) ?? [])
    }

    /// Zoom as written by various tools: "14", " 14", "14.0".
    private static func parseZoom(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        if let zoom = Double(trimmed)?.checkedInt(in: 0...30) { return zoom }
        return nil
    }

    /// "west,south,east,north" in degrees.
    private static func parseBounds(_ text: String) -> GeoBounds? {
        let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy(\.isFinite) else { return nil }
        let (west, south, east, north) = (parts[0], parts[1], parts[2], parts[3])
        guard south <= north, (-90...90).contains(south), (-90...90).contains(north),
            (-180...180).contains(west), (-180...180).contains(east)
        else { return nil }
        return GeoBounds(south: south, west: west, north: north, east: east)
    }

    /// True when the file has no tiles or its first tile is gzip, zlib or looks like a plain MVT
    /// message (first key is field 3, wire type 2: byte 0x1a).
    private static func firstTileLooksLikeMVT(_ database: SQLiteDatabase) throws -> Bool {
        let statement = try database.prepare("SELECT tile_data FROM tiles LIMIT 1")
        return try database.withLock {
            guard try statement.step() else { return true }
            let bytes = statement.blob(0)
            if bytes.isEmpty { return true }
            return Gzip.format(of: bytes) != .plain || bytes[0] == 0x1A
        }
    }
}
