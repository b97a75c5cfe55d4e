/// Writes bytes in the gazetteer format that `GazetteerReader` reads (`Resources/gazetteer/README.md`):
/// the `MTGZ` header, LEB128 varints, zigzag signed varints, strings, little-endian doubles.
struct GazetteerWriter {
    private(set) var bytes: [UInt8] = []

    /// Starts a file of `kind` (4 characters) at `GazetteerReader.version`.
    init(kind: String) {
        bytes = Array(("MTGZ" + kind).utf8)
        varint(GazetteerReader.version)
    }

    /// An unsigned LEB128 varint; `value` must not be negative.
    mutating func varint(_ value: Int) {
        precondition(value >= 0, "a negative varint")
        unsigned(UInt64(value))
    }

    /// A zigzag-encoded signed varint.
    mutating func signed(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63))
    }

    private mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A varint byte count, then the UTF-8 bytes.
    mutating func string(_ text: String) {
        varint(text.utf8.count)
        bytes += text.utf8
    }

    /// The 8 bytes of `value`, little-endian.
    mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
        }
    }
}
