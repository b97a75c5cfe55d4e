import Foundation
import TextSafety

/// The input formats `PlaceImporter` reads.
public enum PlaceImportFormat: String, Sendable, Hashable, CaseIterable {
    /// A JSON array of Refuge Restrooms API v1 objects (see `RefugeRestroomDTO`).
    case json
    /// Refuge Restrooms CSV (see `PlaceImporter.refugeColumns`), or any CSV whose header names a
    /// latitude and a longitude column (see `PlaceImporter.header`; without an id column the ids are
    /// made by `PlaceImporter.generatedID`).
    case csv
}

/// One record that was not imported, and why.
public struct PlaceImportIssue: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line where the record starts (CSV); nil for JSON.
    public var line: Int?
    /// 1-based position of the record in the file (data rows for CSV, array elements for JSON).
    public var record: Int
    /// What is wrong, for example "latitude 123.4 out of range".
    public var message: String

    public init(line: Int?, record: Int, message: String) {
        self.line = line
        self.record = record
        self.message = message
    }

    /// "line 17: latitude 123.4 out of range" (CSV) or "record 3: latitude 123.4 out of range" (JSON).
    public var description: String {
        if let line { return "line \(line): \(message)" }
        return "record \(record): \(message)"
    }
}

/// What an import produced: the good places and a report on the rest.
public struct PlaceImportResult: Sendable, Hashable {
    /// Valid, sanitised places in file order; the first record of an id wins.
    public var places: [Place]
    /// Rejected records, in file order.
    public var issues: [PlaceImportIssue]
    /// Records skipped because an earlier record had the same id.
    public var duplicates: Int

    public init(places: [Place] = [], issues: [PlaceImportIssue] = [], duplicates: Int = 0) {
        self.places = places
        self.issues = issues
        self.duplicates = duplicates
    }
}

/// Why a whole input could not be imported.
public enum PlaceImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input has `bytes` bytes, more than `PlaceImporter.maxInputBytes`.
    case tooLarge(bytes: Int)
    /// The file cannot be read; the text says why.
    case unreadable(String)
    /// The input is not in the expected shape (not JSON, not an array, CSV without coordinate columns).
    case malformed(String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes):
            return String(format: "the input is %.1f MB; the limit is 10 MB", Double(bytes) / 1_048_576)
        case .unreadable(let reason): return "cannot read the input: \(reason)"
        case .malformed(let reason): return "malformed input: \(reason)"
        }
    }
}

/// Reads Refuge-style restroom data (API JSON or CSV) into places.
///
/// Records with a missing, non-numeric or out-of-range coordinate (or 0, 0) are rejected and reported
/// with their line; everything else about a record is accepted leniently (see `RefugeRestroomDTO`).
/// All text goes through `TextSanitizer`.
public enum PlaceImporter {
    /// The largest input accepted: 10 MiB (10 485 760 bytes).
    public static let maxInputBytes = 10 * 1_048_576

    /// Column order of Refuge Restrooms CSV exports, used when a file has no header row.
    package static let refugeColumns = [
        "id", "name", "street", "city", "state", "country", "accessible", "unisex", "changing_table",
        "directions", "comment", "latitude", "longitude", "upvote", "downvote", "created_at", "updated_at",
    ]

    /// Imports bytes in the given format.
    /// - Throws: `PlaceImportError`, `CSVError`.
    public static func importData(_ data: Data, format: PlaceImportFormat) throws -> PlaceImportResult {
        guard data.count <= maxInputBytes else { throw PlaceImportError.tooLarge(bytes: data.count) }
        switch format {
        case .json: return try importJSON(data)
        case .csv: return try importCSV(data)
        }
    }

    /// JSON when the first non-whitespace byte is `[` or `{`, CSV otherwise.
    public static func sniff(_ data: Data) -> PlaceImportFormat {
        let first = data.first {
            !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
        }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
    }

    // MARK: JSON

    private static func importJSON(_ data: Data) throws -> PlaceImportResult {
        let records: [Result<RefugeRestroomDTO, PlaceRecordError>]
        do throws(RefugeJSONError) {
            records = try RefugeRestroomDTO.records(inJSON: [UInt8](data))
        } catch .notAnArray {
            throw PlaceImportError.malformed("expected a JSON array of restrooms")
        } catch {
            throw PlaceImportError.malformed("not valid JSON")
        }
        var collector = Collector()
        for (offset, record) in records.enumerated() {
            switch record {
            case .success(let dto): collector.add(dto, line: nil, record: offset + 1)
            case .failure(let error): collector.reject(line: nil, record: offset + 1, message: error.description)
            }
        }
        return collector.result
    }

    // MARK: CSV

    /// Header names read as the latitude column, besides "latitude".
    package static let latitudeNames: Set<String> = ["latitude", "lat"]
    /// Header names read as the longitude column, besides "longitude".
    package static let longitudeNames: Set<String> = ["longitude", "lon", "lng", "long"]

    private static func importCSV(_ data: Data) throws -> PlaceImportResult {
        if data.prefix(8192).contains(0) {
            throw PlaceImportError.malformed("it is a binary file, not CSV or JSON")
        }
        var collector = Collector()
        var columns: [String: Int]?
        var expectedCount = refugeColumns.count
        var generatesIDs = false
        var recordNumber = 0
        try CSVReader.forEachRecord(in: data) { record in
            if columns == nil {
                if let header = header(record.fields) {
                    columns = header
                    expectedCount = record.fields.count
                    generatesIDs = header["id"] == nil
                    return
                }
                guard record.fields.count == refugeColumns.count else {
                    throw PlaceImportError.malformed(
                        "line \(record.line) is neither a header naming latitude and longitude columns nor a Refuge Restrooms row of \(refugeColumns.count) fields"
                    )
                }
                columns = Dictionary(uniqueKeysWithValues: refugeColumns.enumerated().map { ($1, $0) })
            }
            recordNumber += 1
            guard record.fields.count == expectedCount else {
                collector.reject(
                    line: record.line, record: recordNumber,
                    message: "expected \(expectedCount) fields, found \(record.fields.count)")
                return
            }
            let row = Row(fields: record.fields, columns: columns ?? [:])
            switch row.dto(generatesID: generatesIDs) {
            case .success(let dto):
                collector.add(dto, id: generatesIDs ? row.generatedID() : nil, line: record.line, record: recordNumber)
            case .failure(let error):
                collector.reject(line: record.line, record: recordNumber, message: error.description)
            }
        }
        return collector.result
    }

    /// The columns of a header row naming a latitude and a longitude column (any case; "lat", "lng", …
    /// too, see `latitudeNames`), those two under "latitude" and "longitude"; nil for any other row.
    private static func header(_ fields: [String]) -> [String: Int]? {
        var columns: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            var name = field.trimmingCharacters(in: .whitespaces).lowercased()
            if latitudeNames.contains(name) { name = "latitude" }
            if longitudeNames.contains(name) { name = "longitude" }
            if columns[name] == nil { columns[name] = index }
        }
        return columns["latitude"] != nil && columns["longitude"] != nil ? columns : nil
    }

    /// The id of a row of a file without an id column: "csv:" and 16 hexadecimal digits of the 64-bit
    /// FNV-1a hash of its name, latitude and longitude as written (trimmed, joined by U+001F). The same
    /// row imported again replaces its place; two rows alike in all three are one place.
    package static func generatedID(name: String, latitude: String, longitude: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let text = [name, latitude, longitude].map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: "\u{1F}")
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "csv:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A CSV row addressed by column name.
    private struct Row {
        var fields: [String]
        var columns: [String: Int]

        func text(_ name: String) -> String? {
            guard let index = columns[name], index < fields.count else { return nil }
            return fields[index]
        }
        func bool(_ name: String) -> Bool { text(name).flatMap(LenientText.bool(from:)) ?? false }
        func int(_ name: String) -> Int { text(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0 }

        /// The row's record; `generatesID`: the file has no id column (the id is `generatedID()`).
        func dto(generatesID: Bool) -> Result<RefugeRestroomDTO, PlaceRecordError> {
            let idText = (text("id") ?? "").trimmingCharacters(in: .whitespaces)
            let id: Int
            if generatesID {
                id = 0
            } else {
                guard !idText.isEmpty else { return .failure(.missing(field: "id")) }
                guard let number = Int(idText) else { return .failure(.notANumber(field: "id", text: idText)) }
                id = number
            }
            let latText = text("latitude")
            let lonText = text("longitude")
            var dto = RefugeRestroomDTO(
                id: id, name: text("name"), street: text("street"), city: text("city"), state: text("state"),
                country: text("country"), accessible: bool("accessible"), unisex: bool("unisex"),
                changingTable: bool("changing_table"), directions: text("directions"), comment: text("comment"),
                latitude: latText.flatMap(LenientText.number(from:)),
                longitude: lonText.flatMap(LenientText.number(from:)),
                upvote: int("upvote"), downvote: int("downvote"), createdAt: text("created_at"),
                updatedAt: text("updated_at"))
            dto.latitudeText = latText
            dto.longitudeText = lonText
            return .success(dto)
        }

        /// `PlaceImporter.generatedID` of this row.
        func generatedID() -> String {
            PlaceImporter.generatedID(
                name: text("name") ?? "", latitude: text("latitude") ?? "", longitude: text("longitude") ?? "")
        }
    }

    // MARK: Collecting

    private struct Collector {
        var result = PlaceImportResult()
        var seen = Set<String>()

        /// Adds the record's place, under `id` when given (else "rr:ID").
        mutating func add(_ dto: RefugeRestroomDTO, id: String? = nil, line: Int?, record: Int) {
            do {
                var place = try dto.toPlace()
                if let id { place.id = id }
                if seen.insert(place.id).inserted {
                    result.places.append(place)
                } else {
                    result.duplicates += 1
                }
            } catch let error as PlaceRecordError {
                reject(line: line, record: record, message: error.description)
            } catch {
                reject(line: line, record: record, message: "\(error)")
            }
        }

        mutating func reject(line: Int?, record: Int, message: String) {
            result.issues.append(PlaceImportIssue(line: line, record: record, message: message))
        }
    }
}
