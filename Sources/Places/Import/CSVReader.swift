import Foundation
import Layers

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

/// An RFC 4180 CSV reader working on UTF-8 bytes: records of text over the layer reader's
/// `CSVScanner`.
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
            var scanner = CSVScanner(bytes: raw.bindMemory(to: UInt8.self), delimiter: UInt8(ascii: ","))
            var fields: [CSVField] = []
            while true {
                let line: Int?
                do throws(CSVScanner.UnclosedQuote) {
                    line = try scanner.next(into: &fields)
                } catch {
                    throw CSVError.unterminatedQuote(line: error.line)
                }
                guard let line else { return }
                try body(CSVRecord(line: line, fields: fields.map { scanner.textWithTail($0) }))
            }
        }
    }

    /// Every record in order.
    /// - Throws: `CSVError`.
    public static func records(in data: Data) throws -> [CSVRecord] {
        var result: [CSVRecord] = []
        try forEachRecord(in: data) { result.append($0) }
        return result
    }
}
