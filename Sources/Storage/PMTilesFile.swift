import Foundation
import GeoCore
import Places
import VectorTiles

/// A local PMTiles v3 file of Mapbox Vector Tiles: a `PMTilesArchive` over a `FileRangeReader`.
///
/// Tile ids are XYZ (x is wrapped). Thread-safe: `tileData` may be called from any thread.
public final class PMTilesFile: TileStore, Sendable {
    /// The path the file was opened from.
    public let path: String
    /// The archive: header, JSON metadata, tile lookups.
    public let archive: PMTilesArchive

    /// Opens `path` and reads its header, root directory and metadata. Throws `PMTilesError`:
    /// `cannotOpen` for a missing, special or unreadable file, else what the archive finds wrong.
    public init(path: String) throws(PMTilesError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .cannotOpen(source: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .cannotOpen(source: path, reason: "is a directory") }
        do {
            try RegularFile.check(path)
        } catch let error as RegularFile.NotRegular {
            throw .cannotOpen(source: path, reason: "is \(error.kind), not a regular file")
        } catch {
            throw .cannotOpen(source: path, reason: "\(error)")
        }
        let reader: FileRangeReader
        do {
            reader = try FileRangeReader(path: path)
        } catch {
            throw .cannotOpen(source: path, reason: error.description)
        }
        archive = try PMTilesArchive(reader: reader, source: path)
    }

    /// Name, zoom range, bounds, centre, attribution and layer names.
    public var metadata: TileSetMetadata { archive.metadata }

    /// The stored bytes of tile `id` (gzip or plain MVT), or nil when the file has no such tile.
    public func tileData(_ id: TileID) throws(PMTilesError) -> [UInt8]? {
        try archive.tileData(id)
    }
}
