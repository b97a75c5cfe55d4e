/// One Mapbox Vector Tile (MVT 2.1), decoded lazily.
///
/// `init(bytes:)` decompresses (gzip, zlib or plain) and scans only the top-level message,
/// recording each layer's name and byte range; `layer(named:)` decodes one layer when asked.
/// Decoded layers are not memoised: callers that draw a layer repeatedly should keep the result, or
/// read its features one at a time with `features(ofLayer:)` and keep what they need.
///
/// Decoded geometry (`TileGeometry`) is in tile-local units: 0...extent across the tile, x right,
/// y down; coordinates outside that range are the tile's buffer. Parts:
/// - points: one part per point (a multi-point has several parts);
/// - lines: one part per line; parts with fewer than 2 vertices are dropped;
/// - polygons: one part per ring in stream order (exterior rings clockwise on screen with y down,
///   holes counter-clockwise, each hole following its exterior); rings are implicitly closed and
///   the first vertex is NOT repeated; rings with fewer than 3 vertices are dropped.
/// Features of UNKNOWN geometry type, and features left with no geometry, are omitted.
public struct VectorTile: Sendable {
    /// The decompressed tile message.
    private let data: [UInt8]
    /// Byte range of each layer message in `data`, by layer name.
    private let layerRanges: [String: Range<Int>]

    /// The layer names in the order they appear in the tile. If a (malformed) tile repeats a
    /// name, the first layer of that name wins.
    public let layerNames: [String]

    /// The most a tile may inflate to: 4 MiB (OpenMapTiles tiles stay under 1 MiB). A larger one is
    /// refused as damaged: a small file of such tiles could otherwise fill the memory.
    public static let maxInflatedBytes = 4 << 20

    /// Decompresses `bytes` if needed (at most `maxDecompressedBytes`) and scans the layers.
    /// Throws `VectorTileError` for corrupt compression or a malformed top-level message;
    /// errors inside a layer surface later, from `layer(named:)`. Empty bytes are an empty tile.
    public init(bytes: [UInt8], maxDecompressedBytes: Int = VectorTile.maxInflatedBytes) throws(VectorTileError) {
        let data = try Gzip.decompressIfNeeded(bytes, maxOutputBytes: maxDecompressedBytes)
        let scan: Result<([String], [String: Range<Int>]), VectorTileError> = data.withUnsafeBufferPointer {
            buffer in
            do throws(VectorTileError) {
                return .success(try VectorTile.scanLayers(buffer))
            } catch {
                return .failure(error)
            }
        }
        let (names, ranges) = try scan.get()
        self.data = data
        self.layerNames = names
        self.layerRanges = ranges
    }

    /// Size of the decompressed tile in bytes (for cache accounting).
    public var byteCount: Int { data.count }

    /// True when the tile has a layer with this name (no decoding).
    public func hasLayer(_ name: String) -> Bool { layerRanges[name] != nil }

    /// Decodes the layer called `name`, or returns nil when the tile has none.
    public func layer(named name: String) throws(VectorTileError) -> TileLayer? {
        guard let range = layerRanges[name] else { return nil }
        let result: Result<TileLayer, VectorTileError> = data.withUnsafeBufferPointer { buffer in
            do throws(VectorTileError) {
                return .success(try TileLayerDecoder.decode(buffer, range: range))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A reader of the features of the layer called `name`, one at a time (see `FeatureReader`), or nil
    /// when the tile has none. Throws for a malformed layer message.
    public func features(ofLayer name: String) throws(VectorTileError) -> FeatureReader? {
        guard let range = layerRanges[name] else { return nil }
        return try FeatureReader(data: data, range: range)
    }

    /// Decodes every layer, in tile order.
    public func decodeAllLayers() throws(VectorTileError) -> [TileLayer] {
        var layers: [TileLayer] = []
        layers.reserveCapacity(layerNames.count)
        for name in layerNames {
            if let layer = try layer(named: name) { layers.append(layer) }
        }
        return layers
    }

    // MARK: - Private

    /// Top-level `Tile` message: field 3 = layer; other fields are skipped.
    private static func scanLayers(
        _ buffer: UnsafeBufferPointer<UInt8>
    ) throws(VectorTileError) -> ([String], [String: Range<Int>]) {
        var reader = ProtobufReader(buffer)
        var names: [String] = []
        var ranges: [String: Range<Int>] = [:]
        while let (field, wireType) = try reader.readTag() {
            guard field == 3 else {
                try reader.skip(wireType)
                continue
            }
            guard wireType == .lengthDelimited else { throw .invalidField(3, offset: reader.offset) }
            let range = try reader.readLengthDelimited()
            let name = try TileLayerDecoder.scanName(buffer, range: range)
            if ranges[name] == nil {
                ranges[name] = range
                names.append(name)
            }
        }
        return (names, ranges)
    }
}
