/// Protobuf wire types (groups, 3 and 4, are not supported).
enum WireType: UInt8 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case fixed32 = 5
}

/// A bounds-checked reader of the protobuf wire format over borrowed bytes.
///
/// It reads the window `offset..<end` of `buffer`; offsets are absolute positions in the buffer,
/// so sub-messages are read by a new reader over the range returned by `readLengthDelimited()`.
/// Every read checks bounds and throws `VectorTileError` on malformed input: it never traps,
/// never reads outside the window, and every successful read advances, so loops terminate.
/// The buffer must outlive the reader (use it inside `withUnsafeBufferPointer`).
struct ProtobufReader {
    let buffer: UnsafeBufferPointer<UInt8>
    /// Position of the next byte to read.
    private(set) var offset: Int
    /// One past the last readable byte.
    let end: Int

    /// A reader over `range` of `buffer` (clamped to the buffer).
    init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.buffer = buffer
        let r = range ?? 0..<buffer.count
        self.end = min(max(r.upperBound, 0), buffer.count)
        self.offset = min(max(r.lowerBound, 0), end)
    }

    /// True when every byte of the window has been read.
    var isAtEnd: Bool { offset >= end }

    // MARK: Scalars

    /// Reads a base-128 varint of up to 10 bytes (64 bits).
    mutating func readVarint() throws(VectorTileError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .truncated(offset: start) }
            let byte = buffer[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw .malformedVarint(offset: start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw .malformedVarint(offset: start) }
        }
    }

    /// Reads a varint that must fit 32 bits (as protobuf `uint32`).
    mutating func readVarint32() throws(VectorTileError) -> UInt32 {
        let start = offset
        let value = try readVarint()
        guard value <= UInt64(UInt32.max) else { throw .malformedVarint(offset: start) }
        return UInt32(value)
    }

    /// Reads a zigzag-encoded `sint64`.
    mutating func readSignedVarint() throws(VectorTileError) -> Int64 {
        ProtobufReader.zigzagDecode(try readVarint())
    }

    /// Reads 4 little-endian bytes.
    mutating func readFixed32() throws(VectorTileError) -> UInt32 {
        guard end - offset >= 4 else { throw .truncated(offset: offset) }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(buffer[offset + i]) << (8 * UInt32(i)) }  // checked: UInt32 of a byte widens
        offset += 4
        return value
    }

    /// Reads 8 little-endian bytes.
    mutating func readFixed64() throws(VectorTileError) -> UInt64 {
        guard end - offset >= 8 else { throw .truncated(offset: offset) }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(buffer[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return value
    }

    /// Reads a length prefix and skips the payload, returning the payload's absolute range.
    mutating func readLengthDelimited() throws(VectorTileError) -> Range<Int> {
        let start = offset
        let length = try readVarint()
        guard length <= UInt64(end - offset) else { throw .truncated(offset: start) }
        let range = offset..<(offset + Int(length))
        offset = range.upperBound
        return range
    }

    /// Reads a length-delimited UTF-8 string (invalid UTF-8 is repaired, never rejected).
    mutating func readString() throws(VectorTileError) -> String {
        string(in: try readLengthDelimited())
    }

    // MARK: Fields

    /// Reads the next field key, or returns nil at the end of the window.
    /// Throws for field number 0 and for unsupported wire types.
    mutating func readTag() throws(VectorTileError) -> (field: UInt32, wireType: WireType)? {
        guard !isAtEnd else { return nil }
        let start = offset
        let key = try readVarint()
        let field = key >> 3
        guard field != 0, field <= UInt64(UInt32.max) else {
            throw .invalidField(UInt32(truncatingIfNeeded: field), offset: start)
        }
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw .unsupportedWireType(UInt8(key & 7), offset: start)
        }
        return (UInt32(field), wireType)
    }

    /// Skips one field value of the given wire type.
    mutating func skip(_ wireType: WireType) throws(VectorTileError) {
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        }
    }

    /// Appends every varint of a packed repeated field (wire type 2), or the single value of an
    /// unpacked one (wire type 0), to `values`; throws `tooWide` for a value wider than 32 bits.
    mutating func readPackedUInt32s(
        _ wireType: WireType, field: UInt32, into values: inout [UInt32], tooWide: VectorTileError
    ) throws(VectorTileError) {
        switch wireType {
        case .varint:
            let value = try readVarint()
            guard value <= UInt64(UInt32.max) else { throw tooWide }
            values.append(UInt32(value))
        case .lengthDelimited:
            var packed = ProtobufReader(buffer, range: try readLengthDelimited())
            values.reserveCapacity(values.count + (packed.end - packed.offset))
            while !packed.isAtEnd {
                // Most values (tags, small deltas) take one byte.
                let byte = buffer[packed.offset]
                if byte < 0x80 {
                    values.append(UInt32(byte))
                    packed.offset += 1
                    continue
                }
                let value = try packed.readVarint()
                guard value <= UInt64(UInt32.max) else { throw tooWide }
                values.append(UInt32(value))
            }
        case .fixed32, .fixed64:
            throw .invalidField(field, offset: offset)
        }
    }

    // MARK: Helpers

    /// Decodes the bytes of `range` as UTF-8 (the range must lie inside the buffer).
    func string(in range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Zigzag decoding: 0, 1, 2, 3 → 0, -1, 1, -2.
    @inline(__always)
    static func zigzagDecode(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
