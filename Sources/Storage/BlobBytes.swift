/// Little-endian doubles, LEB128 unsigned integers and length-prefixed UTF-8 text in byte blobs: the
/// pieces of the `PlaceBucket` and `MarkerBucket` formats. Readers never read past the end: they
/// return nil instead.
enum BlobBytes {
    /// Appends the 8 bytes of a double, little-endian.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    /// Appends an unsigned LEB128 integer.
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Appends a LEB128 length and the UTF-8 bytes of `text`.
    static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendVarint(UInt64(text.utf8.count), to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// The double at `offset` (the caller has checked that 8 bytes are there).
    static func double(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Double {
        // checked: a bit pattern, not a conversion
        Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// Reads an unsigned LEB128 integer of at most 9 bytes at `offset`, advancing it; nil when it runs
    /// past the end.
    static func varint(_ raw: UnsafeRawBufferPointer, _ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < raw.count, shift <= 56 else { return nil }
            let byte = raw[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Reads a LEB128 length and returns the range of the text after it, advancing past it; nil when
    /// out of bounds.
    static func textRange(_ raw: UnsafeRawBufferPointer, _ offset: inout Int) -> Range<Int>? {
        guard let length = varint(raw, &offset), length <= UInt64(raw.count - offset) else { return nil }
        defer { offset += Int(length) }
        return offset..<(offset + Int(length))
    }
}
