import Foundation

/// One field of a CSV record: where its text is in the buffer.
package struct CSVField {
    /// The bytes of the field, quotes excluded.
    var range: Range<Int>
    /// True when the field was quoted and holds `""` for one `"`.
    var hasDoubledQuotes: Bool
    /// The bytes after the closing quote of a quoted field, up to the delimiter or the line end (empty
    /// for an unquoted field).
    var tail: Range<Int>
}

/// Splits CSV or TSV bytes into records (RFC 4180): fields separated by `delimiter`, records ended by
/// LF, CRLF or a lone CR; a field starting with `"` may hold delimiters, line breaks and `""`. Lenient:
/// a `"` inside an unquoted field is kept, blank lines are skipped, a UTF-8 byte order mark is skipped,
/// and text after a closing quote is kept aside (`CSVField.tail`): dropped by the layer reader (`text`),
/// appended by the place importer's `CSVReader` (`textWithTail`). The one CSV scanner of the program.
package struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private var index: Int
    /// The line the next record starts on, 1-based.
    private(set) var line = 1

    package init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.index = ByteText.bodyStart(bytes)
    }

    /// A quoted field that never closes, starting on `line`.
    package struct UnclosedQuote: Error { package var line: Int }

    /// Reads the next record's fields into `fields` and returns the line it starts on, or nil at the end.
    package mutating func next(into fields: inout [CSVField]) throws(UnclosedQuote) -> Int? {
        fields.removeAll(keepingCapacity: true)
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { endLine() }
        guard index < bytes.count else { return nil }
        let start = line
        while true {
            fields.append(try field())
            guard index < bytes.count else { return start }
            let byte = bytes[index]
            if byte == delimiter {
                index += 1
                continue
            }
            endLine()
            return start
        }
    }

    /// Steps over one LF, CRLF or CR.
    private mutating func endLine() {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        line += 1
    }

    private mutating func field() throws(UnclosedQuote) -> CSVField {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                index += 1
            }
            return CSVField(range: start..<index, hasDoubledQuotes: false, tail: index..<index)
        }
        let quoteLine = line
        index += 1
        let start = index
        var doubled = false
        while true {
            guard index < bytes.count else { throw UnclosedQuote(line: quoteLine) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                    doubled = true
                    index += 2
                    continue
                }
                break
            }
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) { line += 1 }
            index += 1
        }
        let end = index
        index += 1
        let tailStart = index
        while index < bytes.count, bytes[index] != delimiter, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        return CSVField(range: start..<end, hasDoubledQuotes: doubled, tail: tailStart..<index)
    }

    /// The text of a field; invalid UTF-8 becomes U+FFFD and sets `invalid`.
    func text(_ field: CSVField, invalid: inout Bool) -> String {
        let text = ByteText.string(bytes, field.range, invalid: &invalid)
        return field.hasDoubledQuotes ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
    }

    /// The text of a field followed by the text after its closing quote; invalid UTF-8 becomes U+FFFD.
    package func textWithTail(_ field: CSVField) -> String {
        var invalid = false
        let text = self.text(field, invalid: &invalid)
        return field.tail.isEmpty ? text : text + ByteText.string(bytes, field.tail, invalid: &invalid)
    }
}
