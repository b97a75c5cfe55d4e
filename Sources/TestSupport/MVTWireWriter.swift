/// A minimal protobuf wire-format writer for building test tiles byte by byte, including
/// malformed ones (raw bytes can be appended anywhere).
public struct MVTWireWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Appends a base-128 varint.
    public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends a field key (`field << 3 | wireType`).
    public mutating func key(_ field: UInt32, wireType: UInt8) {
        varint(UInt64(field) << 3 | UInt64(wireType & 7))
    }

    /// Appends a varint field (wire type 0).
    public mutating func varintField(_ field: UInt32, _ value: UInt64) {
        key(field, wireType: 0)
        varint(value)
    }

    /// Appends a length-delimited field (wire type 2).
    public mutating func bytesField(_ field: UInt32, _ payload: [UInt8]) {
        key(field, wireType: 2)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    /// Appends a string field.
    public mutating func stringField(_ field: UInt32, _ text: String) {
        bytesField(field, Array(text.utf8))
    }

    /// Appends a packed repeated varint field.
    public mutating func packedField(_ field: UInt32, _ values: [UInt32]) {
        var inner = MVTWireWriter()
        for value in values { inner.varint(UInt64(value)) }
        bytesField(field, inner.bytes)
    }

    /// Appends a fixed32 field (wire type 5), little-endian.
    public mutating func fixed32Field(_ field: UInt32, _ value: UInt32) {
        key(field, wireType: 5)
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    /// Appends a fixed64 field (wire type 1), little-endian.
    public mutating func fixed64Field(_ field: UInt32, _ value: UInt64) {
        key(field, wireType: 1)
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    /// Appends raw bytes.
    public mutating func raw(_ data: [UInt8]) {
        bytes.append(contentsOf: data)
    }

    /// Zigzag encoding of a 32-bit integer (0, -1, 1, -2 → 0, 1, 2, 3).
    public static func zigzag(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }

    /// Zigzag encoding of a 64-bit integer.
    public static func zigzag64(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}
