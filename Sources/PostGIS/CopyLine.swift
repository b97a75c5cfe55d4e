/// Builds the lines of `COPY … FROM STDIN` in text format: fields joined by tabs, each line ending in a
/// newline, backslash, tab, newline and carriage return escaped, `\N` for NULL.
struct CopyLine {
    var bytes: [UInt8] = []
    private var fields = 0

    /// Appends a text field (nil is NULL).
    mutating func text(_ value: String?) {
        separate()
        guard let value else {
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: bytes.append(byte)
            }
        }
    }

    /// Appends a number field (its shortest exact text).
    mutating func number(_ value: some LosslessStringConvertible) {
        separate()
        bytes += String(value).utf8
    }

    /// Appends a `bytea` field in hex form.
    mutating func blob(_ value: [UInt8]) {
        separate()
        HexBytes.appendCopy(value, to: &bytes)
    }

    /// Ends the line.
    mutating func end() {
        bytes.append(UInt8(ascii: "\n"))
        fields = 0
    }

    private mutating func separate() {
        if fields > 0 { bytes.append(UInt8(ascii: "\t")) }
        fields += 1
    }
}
