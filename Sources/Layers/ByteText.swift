/// Bytes to text, shared by the readers.
package enum ByteText {
    /// The UTF-8 byte order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Space, tab, CR or LF.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The index after a leading byte order mark (0 when there is none).
    package static func bodyStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The text of `bytes[range]`; invalid UTF-8 becomes U+FFFD and sets `invalid`.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, invalid: inout Bool) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        var ascii = true
        for byte in slice where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: slice, as: UTF8.self) }
        if let valid = String(validating: slice, as: UTF8.self) { return valid }
        invalid = true
        return String(decoding: slice, as: UTF8.self)
    }

    /// The problem said once per line that held invalid UTF-8.
    static let invalidUTF8 = "invalid UTF-8, shown as \u{FFFD}"
}
