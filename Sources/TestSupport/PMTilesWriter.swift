import GeoCore
import VectorTiles

/// Writes small PMTiles v3 archives for tests, from tiles or from hand-made parts (so tests can
/// put any bytes in any section and any value in any header field).
public enum PMTilesWriter {
    /// A directory entry as the spec defines it (offsets relative to the entry's section).
    public struct Entry: Sendable {
        public var tileID: UInt64
        public var offset: Int
        public var length: Int
        public var runLength: UInt64

        public init(tileID: UInt64, offset: Int, length: Int, runLength: UInt64) {
            self.tileID = tileID
            self.offset = offset
            self.length = length
            self.runLength = runLength
        }
    }

    /// The sections and header fields of an archive; sections are laid out after the header in
    /// the order root, metadata, leaves, tile data. Directory and metadata bytes are used as given.
    public struct Parts: Sendable {
        public var root: [UInt8]
        public var metadata: [UInt8] = []
        public var leaves: [UInt8] = []
        public var tileData: [UInt8] = []
        public var version: UInt8 = 3
        public var internalCompression: UInt8 = 1
        public var tileCompression: UInt8 = 2
        public var tileType: UInt8 = 1
        public var minZoom: UInt8 = 0
        public var maxZoom: UInt8 = 14

        public init(root: [UInt8]) {
            self.root = root
        }
    }

    /// The encoded (uncompressed) directory of `entries`, contiguous offsets written as 0.
    public static func directory(_ entries: [Entry]) -> [UInt8] {
        var out = varint(UInt64(entries.count))
        var last: UInt64 = 0
        for entry in entries {
            out += varint(entry.tileID - last)
            last = entry.tileID
        }
        for entry in entries { out += varint(entry.runLength) }
        for entry in entries { out += varint(UInt64(entry.length)) }
        for (i, entry) in entries.enumerated() {
            let contiguous = i > 0 && entry.offset == entries[i - 1].offset + entries[i - 1].length
            out += varint(contiguous ? 0 : UInt64(entry.offset) + 1)
        }
        return out
    }

    /// Header plus sections.
    public static func assemble(_ parts: Parts) -> [UInt8] {
        var header = Array("PMTiles".utf8) + [parts.version]
        var offset = 127
        for section in [parts.root, parts.metadata, parts.leaves, parts.tileData] {
            header += le64(UInt64(offset)) + le64(UInt64(section.count))
            offset += section.count
        }
        header += le64(0) + le64(0) + le64(0)
        header += [0, parts.internalCompression, parts.tileCompression, parts.tileType, parts.minZoom, parts.maxZoom]
        header += position(lat: -85, lon: -180) + position(lat: 85, lon: 180) + [parts.minZoom]
        header += position(lat: 0, lon: 0)
        return header + parts.root + parts.metadata + parts.leaves + parts.tileData
    }

    /// An archive of `tiles` (stored bytes by XYZ id) in tile-id order. With `leafSize`, the
    /// entries are cut into leaves of that many, `leafLevels` times over (2: root → leaves of
    /// leaves → leaves of tiles). `gzip` compresses directories and metadata (stored deflate).
    public static func archive(
        tiles: [TileID: [UInt8]], leafSize: Int? = nil, leafLevels: Int = 1, gzip: Bool = false,
        metadataJSON: String = "{}"
    ) -> [UInt8] {
        var entries: [Entry] = []
        var data: [UInt8] = []
        for (id, bytes) in tiles.map({ ($0.key.pmtilesID!, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            entries.append(Entry(tileID: id, offset: data.count, length: bytes.count, runLength: 1))
            data += bytes
        }
        let pack: ([UInt8]) -> [UInt8] = { gzip ? MVTGzip.stored($0) : $0 }
        var leaves: [UInt8] = []
        if let leafSize {
            for _ in 0..<leafLevels { entries = split(entries, leafSize: leafSize, into: &leaves, pack: pack) }
        }
        var parts = Parts(root: pack(directory(entries)))
        parts.metadata = pack(Array(metadataJSON.utf8))
        parts.leaves = leaves
        parts.tileData = data
        parts.internalCompression = gzip ? 2 : 1
        parts.maxZoom = UInt8(tiles.keys.map(\.z).max() ?? 0)
        return assemble(parts)
    }

    /// A little-endian base-128 varint.
    public static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return out + [UInt8(value)]
    }

    public static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    // MARK: - Private

    /// Writes `entries` as leaves of `leafSize` into `leaves`; returns the entries pointing at them.
    private static func split(
        _ entries: [Entry], leafSize: Int, into leaves: inout [UInt8], pack: ([UInt8]) -> [UInt8]
    ) -> [Entry] {
        stride(from: 0, to: entries.count, by: leafSize).map { start in
            let chunk = Array(entries[start..<min(entries.count, start + leafSize)])
            let bytes = pack(directory(chunk))
            defer { leaves += bytes }
            return Entry(tileID: chunk[0].tileID, offset: leaves.count, length: bytes.count, runLength: 0)
        }
    }

    private static func position(lat: Double, lon: Double) -> [UInt8] {
        let e7 = { (v: Double) in UInt32(bitPattern: Int32(v * 1e7)) }
        return (0..<4).map { UInt8(truncatingIfNeeded: e7(lon) >> (8 * UInt32($0))) }
            + (0..<4).map { UInt8(truncatingIfNeeded: e7(lat) >> (8 * UInt32($0))) }
    }
}
