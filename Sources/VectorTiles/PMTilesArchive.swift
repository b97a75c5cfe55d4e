import GeoCore
import Synchronization

/// A PMTiles v3 archive of Mapbox Vector Tiles, read through a `ByteRangeReader` (local file or
/// HTTP): a `TileStore` by XYZ tile id.
///
/// Opening reads the first 16 KiB in one read — the header and, as the spec promises, the root
/// directory (and usually the metadata) — and decodes the root. A lookup walks the root, then at
/// most three levels of leaf directories; decoded leaves are kept in a bounded LRU, so later
/// tiles under a cached leaf cost one read: the tile itself. Tiles are returned as stored (gzip
/// or plain MVT, which `VectorTile(bytes:)` accepts).
///
/// Never traps on bad data: every inconsistency is a `PMTilesError`. Thread-safe: lookups may
/// run on any thread; leaves are decoded outside the lock (two threads missing the same leaf at
/// once may both read it).
public final class PMTilesArchive: TileStore, Sendable {
    /// The path or URL the archive was opened from, for messages.
    public let source: String
    public let header: PMTilesHeader
    /// Name, zoom range, bounds, centre, attribution and layer names (header and JSON metadata).
    public let metadata: TileSetMetadata
    /// The JSON metadata, decompressed (UTF-8 text; empty when the archive has none).
    public let metadataJSON: [UInt8]

    /// What the spec lets a reader fetch first: header and root directory together.
    public static let initialReadBytes = 16_384
    /// Leaf levels below the root a lookup follows (the reference readers' limit).
    public static let maxLeafDepth = 3
    /// The largest tile read in one piece: 32 MiB.
    public static let maxPartBytes = 32 << 20
    /// The most the JSON metadata may take, stored or inflated: 4 MiB (real metadata, even with
    /// tile statistics, is a few hundred KiB).
    public static let maxMetadataBytes = 4 << 20

    private let reader: any ByteRangeReader
    private let root: PMTilesDirectory
    private let leaves: Mutex<LRUCache<Int, PMTilesDirectory>>

    /// Opens the archive behind `reader`; `source` names it in errors and gives the fallback name.
    /// Keeps up to `leafCacheCapacity` decoded leaves, of `leafCacheBytes` bytes of entries in all
    /// (default: 64 leaves, 16 MiB).
    public init(
        reader: any ByteRangeReader, source: String, leafCacheCapacity: Int = 64, leafCacheBytes: Int = 16 << 20
    ) throws(PMTilesError) {
        self.reader = reader
        self.source = source
        let size = reader.size.map { max(0, $0) }
        let prefix = try Self.read(
            reader, 0..<min(Self.initialReadBytes, size ?? Self.initialReadBytes), source: source, exact: false)
        let header = try PMTilesHeader(bytes: prefix, archiveSize: size, source: source)
        try Self.checkSupported(header, source: source)
        self.header = header

        root = try Self.directory(
            try Self.part(header.rootDirectory, limit: .root, prefix: prefix, reader: reader, source: source),
            limit: .root, compression: header.internalCompression, name: "root directory", source: source)
        let metadataLimit = PMTilesDirectory.Limit(bytes: Self.maxMetadataBytes, entries: 0)
        let jsonBytes = try Self.part(
            header.metadata, limit: metadataLimit, prefix: prefix, reader: reader, source: source)
        metadataJSON =
            jsonBytes.isEmpty
            ? []
            : try Self.inflate(
                jsonBytes, header.internalCompression, limit: Self.maxMetadataBytes, name: "metadata", source: source)
        metadata = Self.tileSetMetadata(header: header, json: metadataJSON, source: source)
        leaves = Mutex(LRUCache(capacity: leafCacheCapacity, costLimit: leafCacheBytes))
    }

    /// The stored bytes of tile `id` (XYZ; x is wrapped), or nil when the archive has no such tile
    /// (also for rows outside the world and zooms past 31).
    public func tileData(_ id: TileID) throws(PMTilesError) -> [UInt8]? {
        guard let range = try tileRange(id) else { return nil }
        return try Self.read(reader, range, source: source)
    }

    /// Where the stored bytes of tile `id` lie in the archive (absolute byte offsets), or nil when
    /// the archive has no such tile. Reads and caches leaf directories on the way, never the tile.
    public func tileRange(_ id: TileID) throws(PMTilesError) -> Range<Int>? {
        let tile = id.wrapped
        guard tile.isValidRow, let tileID = tile.pmtilesID else { return nil }
        var directory = root
        var visited: [Int] = []
        for depth in 0...Self.maxLeafDepth {
            guard let entry = directory.entry(containing: tileID) else { return nil }
            if entry.runLength > 0 { return try place(entry, in: header.tileData, name: "tile \(tile)") }
            guard depth < Self.maxLeafDepth else {
                throw corrupt("leaf directories nested more than \(Self.maxLeafDepth) levels deep")
            }
            let range = try place(entry, in: header.leafDirectories, name: "leaf directory")
            guard range.count <= PMTilesDirectory.Limit.leaf.bytes else {
                throw corrupt(
                    "leaf directory of \(range.count) bytes is larger than \(PMTilesDirectory.Limit.leaf.bytes)")
            }
            guard !visited.contains(range.lowerBound) else {
                throw corrupt("leaf directory at byte \(range.lowerBound) refers back to itself")
            }
            visited.append(range.lowerBound)
            directory = try leaf(at: range)
        }
        return nil
    }

    /// Number of decoded leaf directories in the cache (for tests and diagnostics).
    public var cachedLeafCount: Int { leaves.withLock { $0.count } }

    /// Bytes the decoded directories take: the root and the cached leaves (at most 2 MiB plus the
    /// leaf cache's byte limit).
    public var directoryMemoryBytes: Int { root.memoryBytes + leaves.withLock { $0.totalCost } }

    // MARK: - Private

    private func corrupt(_ reason: String) -> PMTilesError { .corrupt(source: source, reason: reason) }

    /// The absolute range of `entry` inside `section`, checked to lie within it.
    private func place(_ entry: PMTilesDirectory.Entry, in section: Range<Int>, name: String) throws(PMTilesError)
        -> Range<Int>
    {
        guard entry.offset <= section.count, entry.length <= section.count - entry.offset else {
            throw corrupt(
                "\(name) at offset \(entry.offset), length \(entry.length) runs past its \(section.count)-byte section")
        }
        guard entry.length <= Self.maxPartBytes else { throw corrupt("\(name) of \(entry.length) bytes is too large") }
        let start = section.lowerBound + entry.offset
        return start..<(start + entry.length)
    }

    /// The leaf directory stored at `range`, from the cache or read and decoded.
    private func leaf(at range: Range<Int>) throws(PMTilesError) -> PMTilesDirectory {
        if let cached = leaves.withLock({ $0[range.lowerBound] }) { return cached }
        let directory = try Self.directory(
            try Self.read(reader, range, source: source), limit: .leaf, compression: header.internalCompression,
            name: "leaf directory at byte \(range.lowerBound)", source: source)
        leaves.withLock { $0.setValue(directory, forKey: range.lowerBound, cost: directory.memoryBytes) }
        return directory
    }

    /// A directory as stored, inflated and decoded within `limit`.
    private static func directory(
        _ stored: [UInt8], limit: PMTilesDirectory.Limit, compression: PMTilesHeader.Compression, name: String,
        source: String
    ) throws(PMTilesError) -> PMTilesDirectory {
        try PMTilesDirectory(
            decoding: try inflate(stored, compression, limit: limit.bytes, name: name, source: source), limit: limit,
            name: name, source: source)
    }

    /// Refuses what this reader cannot decode: brotli or zstd, and tiles other than MVT.
    private static func checkSupported(_ header: PMTilesHeader, source: String) throws(PMTilesError) {
        for (compression, part) in [(header.internalCompression, "directories"), (header.tileCompression, "tiles")] {
            switch compression {
            case .brotli, .zstd:
                throw .unsupportedCompression(source: source, compression: "\(compression)", part: part)
            case .unknown, .none, .gzip: continue
            }
        }
        let names: [PMTilesHeader.TileType: String] = [
            .unknown: "unknown", .png: "PNG", .jpeg: "JPEG", .webp: "WebP", .avif: "AVIF",
            .mlt: "MapLibre Tile (MLT)",
        ]
        if let name = names[header.tileType] { throw .unsupportedTileType(source: source, type: name) }
    }

    /// The bytes of `range`: from the initial read when it holds them, else one more read of at
    /// most `limit.bytes`.
    private static func part(
        _ range: Range<Int>, limit: PMTilesDirectory.Limit, prefix: [UInt8], reader: any ByteRangeReader,
        source: String
    ) throws(PMTilesError) -> [UInt8] {
        if range.upperBound <= prefix.count { return Array(prefix[range]) }
        guard range.count <= limit.bytes else {
            throw .corrupt(source: source, reason: "a part of \(range.count) bytes is larger than \(limit.bytes)")
        }
        return try read(reader, range, source: source)
    }

    /// The bytes of `range`: all of them or `truncated` when `exact`, else as many as the archive
    /// has. Reader failures become `readFailed`.
    private static func read(
        _ reader: any ByteRangeReader, _ range: Range<Int>, source: String, exact: Bool = true
    ) throws(PMTilesError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try reader.read(offset: range.lowerBound, length: range.count)
        } catch let error as PMTilesError {
            throw error
        } catch {
            throw .readFailed(source: source, reason: "\(error)")
        }
        guard bytes.count <= range.count else {
            throw .readFailed(source: source, reason: "\(bytes.count) bytes came back for a \(range.count)-byte range")
        }
        guard bytes.count == range.count || !exact else {
            throw .truncated(
                source: source,
                reason: "bytes \(range.lowerBound)..<\(range.upperBound) wanted, the archive ends at byte "
                    + "\(range.lowerBound + bytes.count)")
        }
        return bytes
    }

    /// Directory or metadata bytes as stored, uncompressed per the header's internal compression
    /// into at most `limit` bytes (more is `corrupt`).
    private static func inflate(
        _ bytes: [UInt8], _ compression: PMTilesHeader.Compression, limit: Int, name: String, source: String
    ) throws(PMTilesError) -> [UInt8] {
        do throws(VectorTileError) {
            switch compression {
            case .gzip: return try Gzip.inflate(bytes, maxOutputBytes: limit)
            case .unknown: return try Gzip.decompressIfNeeded(bytes, maxOutputBytes: limit)
            case .none, .brotli, .zstd:
                guard bytes.count <= limit else { throw VectorTileError.decompressedTooLarge(limit: limit) }
                return bytes
            }
        } catch .truncatedCompressedData {
            throw .corrupt(source: source, reason: "\(name): gzip data is truncated")
        } catch .decompressedTooLarge(let limit) {
            throw .corrupt(source: source, reason: "\(name) is larger than \(limit) bytes uncompressed")
        } catch {
            throw .corrupt(source: source, reason: "\(name): gzip data is corrupt (\(error))")
        }
    }
}
