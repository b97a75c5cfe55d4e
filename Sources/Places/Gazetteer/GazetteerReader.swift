/// A cursor over the bytes of one gazetteer file (format: `Resources/gazetteer/README.md`).
///
/// Every file starts with `MTGZ`, a 4-byte kind and a varint version. Unsigned integers are LEB128
/// varints, signed ones zigzag varints, strings a varint byte count then UTF-8 (invalid bytes become
/// U+FFFD). Every read checks the bounds and throws `GazetteerError.corrupt` instead of trapping.
struct GazetteerReader: Sendable {
    /// The newest format version this reader understands.
    static let version = 1

    private let bytes: [UInt8]
    /// The position of the next byte read.
    var offset = 0
    /// The file name, for error messages.
    let file: String

    /// Checks the header of `bytes`, the file `file` ("cities.bin", for messages), of `kind` (the
    /// 4-character kind: "CTRY", "ADM1", "LBLP", "CITY", "SRCH"); the cursor is left on the first byte
    /// after the version.
    init(bytes: [UInt8], file: String, kind: String) throws {
        self.bytes = bytes
        self.file = file
        let header = Array(("MTGZ" + kind).utf8)
        guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header else {
            throw GazetteerError.wrongKind(file: file, expected: kind)
        }
        offset = header.count
        let version = try count()
        guard version <= Self.version else { throw GazetteerError.unsupportedVersion(file: file, version: version) }
    }

    /// True when every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// An unsigned LEB128 varint of at most 63 bits.
    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw corrupt("ends inside a number") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 63 else { throw corrupt("number too long") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A varint used as a count or an index: at most `limit`.
    mutating func count(limit: Int = 100_000_000) throws -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw corrupt("count \(value) above \(limit)") }
        return Int(value)
    }

    /// A zigzag-encoded signed varint.
    mutating func signed() throws -> Int {
        let value = try varint()
        let magnitude = Int(value >> 1)
        return value & 1 == 0 ? magnitude : -magnitude - 1
    }

    /// A double as its 8 bytes of IEEE 754, little-endian.
    mutating func double() throws -> Double {
        let bytes = try take(8)
        // checked: UInt64 of a byte widens
        return Double(bitPattern: bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// A varint byte count followed by that many bytes of UTF-8.
    mutating func string() throws -> String {
        let length = try count(limit: 4096)
        return String(decoding: try take(length), as: UTF8.self)
    }

    /// Moves past a string (as `string()` reads it).
    mutating func skipString() throws {
        try skip(try count(limit: 4096))
    }

    /// Moves past `length` bytes.
    mutating func skip(_ length: Int) throws {
        _ = try take(length)
    }

    /// The next `length` bytes as ASCII/UTF-8 text (for fixed-width codes).
    mutating func fixedString(_ length: Int) throws -> String {
        String(decoding: try take(length), as: UTF8.self)
    }

    /// Throws unless every byte was read (trailing garbage means a mismatched writer).
    func finish() throws {
        guard isAtEnd else { throw corrupt("\(bytes.count - offset) bytes after the end") }
    }

    /// A `GazetteerError.corrupt` naming this file and the current offset.
    func corrupt(_ reason: String) -> GazetteerError {
        .corrupt(file: file, reason: "\(reason) at byte \(offset)")
    }

    private mutating func take(_ length: Int) throws -> ArraySlice<UInt8> {
        guard length <= bytes.count - offset else { throw corrupt("ends inside a string") }
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }
}
