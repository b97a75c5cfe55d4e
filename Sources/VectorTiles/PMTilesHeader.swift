import GeoCore

/// The fixed 127-byte header at the start of a PMTiles v3 archive (little endian).
///
/// Section ranges are absolute byte offsets in the archive. Parsing checks the magic, the
/// version, the enum fields, the zoom range, and that each section lies after the header and,
/// when the archive size is known, inside the archive.
public struct PMTilesHeader: Sendable, Equatable {
    /// Compression of the directories and metadata, or of the tiles.
    public enum Compression: UInt8, Sendable {
        case unknown = 0
        case none = 1
        case gzip = 2
        case brotli = 3
        case zstd = 4
    }

    /// What the tiles are.
    public enum TileType: UInt8, Sendable {
        case unknown = 0
        case mvt = 1
        case png = 2
        case jpeg = 3
        case webp = 4
        case avif = 5
        case mlt = 6
    }

    /// The header's size in bytes.
    public static let byteCount = 127

    /// The root directory (compressed as `internalCompression`).
    public var rootDirectory: Range<Int>
    /// The JSON metadata (compressed as `internalCompression`); may be empty.
    public var metadata: Range<Int>
    /// All leaf directories; entry offsets in directories count from its start. Empty without leaves.
    public var leafDirectories: Range<Int>
    /// All tile contents; tile entry offsets count from its start.
    public var tileData: Range<Int>
    /// Tiles addressed before run-length encoding, tile entries, distinct contents; 0 = unknown.
    public var addressedTileCount: Int
    public var tileEntryCount: Int
    public var tileContentCount: Int
    /// True when tile contents are stored in tile-id order.
    public var isClustered: Bool
    public var internalCompression: Compression
    public var tileCompression: Compression
    public var tileType: TileType
    public var minZoom: Int
    public var maxZoom: Int
    /// The stated bounds in degrees; nil when they are not a valid box (or all zero).
    public var bounds: GeoBounds?
    /// The suggested initial view, in degrees; nil when not a valid position.
    public var center: LatLon?
    public var centerZoom: Int

    /// Parses the first bytes of an archive (at least `byteCount`) whose total size is
    /// `archiveSize` when known. `source` names the archive in errors.
    public init(bytes: [UInt8], archiveSize: Int?, source: String) throws(PMTilesError) {
        try Self.checkMagic(bytes, source: source)
        let fields = HeaderFields(bytes: bytes)
        guard fields.byte(7) == 3 else { throw .unsupportedVersion(source: source, version: Int(fields.byte(7))) }
        func corrupt(_ reason: String) -> PMTilesError { .corrupt(source: source, reason: reason) }

        let sections = try Self.sections(fields, archiveSize: archiveSize, source: source)
        guard !sections[0].isEmpty else { throw corrupt("empty root directory") }
        (rootDirectory, metadata, leafDirectories, tileData) = (sections[0], sections[1], sections[2], sections[3])
        addressedTileCount = try Self.count(fields, at: 72, source: source)
        tileEntryCount = try Self.count(fields, at: 80, source: source)
        tileContentCount = try Self.count(fields, at: 88, source: source)
        isClustered = fields.byte(96) == 1
        (internalCompression, tileCompression, tileType) = try Self.kinds(fields, source: source)

        (minZoom, maxZoom) = (Int(fields.byte(100)), Int(fields.byte(101)))
        guard minZoom <= maxZoom else { throw corrupt("min zoom \(minZoom) above max zoom \(maxZoom)") }
        guard maxZoom <= TileID.maxPMTilesZoom else { throw corrupt("max zoom \(maxZoom) beyond 31") }
        bounds = Self.bounds(southWest: fields.position(102), northEast: fields.position(110))
        centerZoom = Int(fields.byte(118))
        center = fields.position(119).isValid ? fields.position(119) : nil
    }

    // MARK: - Private

    private static let magic = Array("PMTiles".utf8)
    private static let sectionNames = ["root directory", "metadata", "leaf directories", "tile data"]

    /// Wrong leading bytes are not PMTiles; the right ones followed by too few are a truncated archive.
    private static func checkMagic(_ bytes: [UInt8], source: String) throws(PMTilesError) {
        guard magic.starts(with: bytes.prefix(magic.count)) else { throw .notPMTiles(source: source) }
        guard bytes.count >= byteCount else {
            throw .truncated(source: source, reason: "\(bytes.count) bytes, shorter than the 127-byte header")
        }
    }

    /// Root directory, metadata, leaf directories and tile data, each checked to end inside the
    /// archive when its size is known.
    private static func sections(
        _ fields: HeaderFields, archiveSize: Int?, source: String
    ) throws(PMTilesError) -> [Range<Int>] {
        var sections: [Range<Int>] = []
        for (index, name) in sectionNames.enumerated() {
            let section = try section(fields, at: 8 + 16 * index, name: name, source: source)
            if let archiveSize, section.upperBound > archiveSize {
                throw .truncated(
                    source: source,
                    reason: "\(name) ends at byte \(section.upperBound) of a \(archiveSize)-byte archive")
            }
            sections.append(section)
        }
        return sections
    }

    /// Internal compression, tile compression and tile type: values outside the spec's tables are corrupt.
    private static func kinds(
        _ fields: HeaderFields, source: String
    ) throws(PMTilesError) -> (Compression, Compression, TileType) {
        func corrupt(_ what: String, _ value: UInt8) -> PMTilesError {
            .corrupt(source: source, reason: "unknown \(what) \(value)")
        }
        guard let directories = Compression(rawValue: fields.byte(97)) else {
            throw corrupt("internal compression", fields.byte(97))
        }
        guard let tiles = Compression(rawValue: fields.byte(98)) else {
            throw corrupt("tile compression", fields.byte(98))
        }
        guard let type = TileType(rawValue: fields.byte(99)) else { throw corrupt("tile type", fields.byte(99)) }
        return (directories, tiles, type)
    }

    /// The section whose offset and length are the two little-endian UInt64 at `position`.
    private static func section(
        _ fields: HeaderFields, at position: Int, name: String, source: String
    ) throws(PMTilesError) -> Range<Int> {
        let offset = fields.uint64(position)
        let length = fields.uint64(position + 8)
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= UInt64(Int.max) else {
            throw .corrupt(source: source, reason: "\(name) offset \(offset) + length \(length) is out of range")
        }
        guard length == 0 || offset >= UInt64(byteCount) else {
            throw .corrupt(source: source, reason: "\(name) starts inside the header, at byte \(offset)")
        }
        return Int(offset)..<Int(end)
    }

    private static func count(_ fields: HeaderFields, at position: Int, source: String) throws(PMTilesError) -> Int {
        let value = fields.uint64(position)
        guard value <= UInt64(Int.max) else {
            throw .corrupt(source: source, reason: "tile count \(value) out of range")
        }
        return Int(value)
    }

    /// The box between the corners, when it is one; all four values 0 mean "not stated".
    private static func bounds(southWest: LatLon, northEast: LatLon) -> GeoBounds? {
        let unstated = southWest == LatLon(lat: 0, lon: 0) && northEast == southWest
        guard !unstated, southWest.isValid, northEast.isValid, southWest.lat <= northEast.lat else { return nil }
        return GeoBounds(south: southWest.lat, west: southWest.lon, north: northEast.lat, east: northEast.lon)
    }
}

/// Little-endian reads at fixed positions of the first 127 bytes (the caller checked the length).
private struct HeaderFields {
    let bytes: [UInt8]

    func byte(_ position: Int) -> UInt8 { bytes[position] }

    func uint64(_ position: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[position + $1]) << (8 * UInt64($1)) }
    }

    func int32(_ position: Int) -> Int32 {
        Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(bytes[position + $1]) << (8 * UInt32($1)) })
    }

    /// A position stored as longitude then latitude, each in units of 1e-7 degree.
    func position(_ position: Int) -> LatLon {
        LatLon(lat: Double(int32(position + 4)) / 1e7, lon: Double(int32(position)) / 1e7)
    }
}
