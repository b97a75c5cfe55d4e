import Foundation

/// One record of a CSV file: its fields and the line on which it starts.
public struct CSVRecord: Sendable, Hashable {
    /// 1-based line number of the record's first character (a record with quoted line breaks spans
    /// several lines; the next record's number accounts for them).
    public var line: Int
    /// The fields, unquoted, with `""` turned into `"`. Not sanitised.
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// A malformed CSV file.
public enum CSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A quoted field starting on `line` never ends.
    case unterminatedQuote(line: Int)

    public var description: String {
        switch self {
        case .unterminatedQuote(let line): return "line \(line): quoted field is not closed"
        }
    }
}

/// An RFC 4180 CSV reader working on UTF-8 bytes.
///
/// Fields are separated by commas; records end with CRLF, LF or a lone CR (old Mac files). A field that
/// starts with `"` is quoted: it may contain commas and line breaks, and `""` stands for one `"`. Lenient
/// where RFC 4180 is strict: a `"` inside an unquoted field is kept as is, and text after a closing quote
/// is appended to the field. Empty lines are skipped. A UTF-8 byte order mark is ignored; invalid UTF-8
/// becomes U+FFFD.
public enum CSVReader {
    /// Calls `body` with every record in order.
    /// - Throws: `CSVError`, or whatever `body` throws.
    public static func forEachRecord(in data: Data, _ body: (CSVRecord) throws -> Void) throws {
        try data.withUnsafeBytes { raw in
            try scan(raw.bindMemory(to: UInt8.self), body)
        }
    }

    /// Every record in order.
    /// - Throws: `CSVError`.
    public static func records(in data: Data) throws -> [CSVRecord] {
        var result: [CSVRecord] = []
        try forEachRecord(in: data) { result.append($0) }
        return result
    }

    // MARK: Scanner

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"),
        lf = UInt8(ascii: "\n")

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (CSVRecord) throws -> Void) throws {
        var i = 0
        let n = bytes.count
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        var line = 1
        var recordLine = 1
        var fields: [String] = []
        var field: [UInt8] = []
        var fieldWasQuotedInRecord = false
        var atFieldStart = true

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            atFieldStart = true
        }
        func endRecord() throws {
            endField()
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuotedInRecord
            if !blank { try body(CSVRecord(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
            fieldWasQuotedInRecord = false
        }
        while i < n {
            let byte = bytes[i]
            if atFieldStart && byte == quote {
                // Quoted field: read up to the closing quote.
                fieldWasQuotedInRecord = true
                atFieldStart = false
                let startLine = line
                i += 1
                var closed = false
                while i < n {
                    let b = bytes[i]
                    if b == quote {
                        if i + 1 < n && bytes[i + 1] == quote {
                            field.append(quote)
                            i += 2
                            continue
                        }
                        i += 1
                        closed = true
                        break
                    }
                    if b == lf || (b == cr && !(i + 1 < n && bytes[i + 1] == lf)) { line += 1 }
                    field.append(b)
                    i += 1
                }
                if !closed { throw CSVError.unterminatedQuote(line: startLine) }
                continue
            }
            switch byte {
            case comma:
                endField()
                i += 1
            case cr, lf:
                if byte == cr && i + 1 < n && bytes[i + 1] == lf { i += 1 }
                i += 1
                try endRecord()
                line += 1
                recordLine = line
            default:
                atFieldStart = false
                field.append(byte)
                i += 1
            }
        }
        if !fields.isEmpty || !field.isEmpty || fieldWasQuotedInRecord { try endRecord() }
    }
}
