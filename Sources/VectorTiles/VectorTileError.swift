/// Why tile bytes could not be decoded. Byte offsets count from the start of the
/// (decompressed) tile.
public enum VectorTileError: Error, Equatable, Sendable, CustomStringConvertible {
    // MARK: Compression
    /// The compressed stream is corrupt (zlib's message).
    case corruptCompressedData(String)
    /// The compressed stream ends before its end marker.
    case truncatedCompressedData
    /// Decompressing would exceed the size cap (bytes).
    case decompressedTooLarge(limit: Int)

    // MARK: Protobuf wire format
    /// A field or value runs past the end of its message.
    case truncated(offset: Int)
    /// A varint longer than 10 bytes or wider than 64 bits.
    case malformedVarint(offset: Int)
    /// A wire type this reader does not support (groups 3/4, or 6/7).
    case unsupportedWireType(UInt8, offset: Int)
    /// Field number 0, or a known field with the wrong wire type.
    case invalidField(UInt32, offset: Int)

    // MARK: MVT structure
    /// A layer without a name.
    case missingLayerName
    /// A layer whose extent is 0.
    case invalidExtent(layer: String)
    /// A `Value` message with no value field.
    case emptyValue(layer: String)
    /// Feature tags of odd count or pointing past the layer's keys/values.
    case invalidTags(layer: String)
    /// A geometry command stream that breaks MVT 2.1 (unknown command, a count that runs past the
    /// end, LineTo/ClosePath before MoveTo, ...).
    case invalidGeometry(layer: String, reason: String)

    /// One line, for logs and the status bar.
    public var description: String {
        switch self {
        case .corruptCompressedData(let message): return "corrupt compressed tile data: \(message)"
        case .truncatedCompressedData: return "compressed tile data is truncated"
        case .decompressedTooLarge(let limit): return "decompressed tile exceeds \(limit) bytes"
        case .truncated(let offset): return "tile data truncated at byte \(offset)"
        case .malformedVarint(let offset): return "malformed varint at byte \(offset)"
        case .unsupportedWireType(let type, let offset):
            return "unsupported protobuf wire type \(type) at byte \(offset)"
        case .invalidField(let field, let offset): return "invalid protobuf field \(field) at byte \(offset)"
        case .missingLayerName: return "vector tile layer without a name"
        case .invalidExtent(let layer): return "layer '\(layer)' has extent 0"
        case .emptyValue(let layer): return "layer '\(layer)' has an empty property value"
        case .invalidTags(let layer): return "layer '\(layer)' has invalid feature tags"
        case .invalidGeometry(let layer, let reason): return "layer '\(layer)': invalid geometry: \(reason)"
        }
    }
}
