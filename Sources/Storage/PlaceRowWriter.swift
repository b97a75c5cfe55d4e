import Foundation
import Places

/// The row-level writes of an import into `places`: finding the rows it replaces, updating them in place,
/// inserting the new ones with chosen rowids.
///
/// A replaced place keeps its rowid; it moves to the bucket its new position gives it, like every place
/// of the import.
struct PlaceRowWriter {
    /// A row an import replaces, as it is before the import.
    struct Existing {
        var rowid: Int64
        var name: String
        var bucket: Int64
        var category: PlaceCategory?
    }

    let database: SQLiteDatabase
    private let insert: SQLiteStatement
    private let update: SQLiteStatement

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        insert = try database.prepare(
            """
            INSERT INTO places (rowid, kind, name, lat, lon, details, bucket, category, rank, id, keywords)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        update = try database.prepare(
            """
            UPDATE places SET kind = ?2, name = ?3, lat = ?4, lon = ?5, details = ?6, bucket = ?7, category = ?8,
            rank = ?9, keywords = ?11 WHERE rowid = ?1
            """)
    }

    /// The rows holding these ids, by id, in one query.
    func existing(ids: [String]) throws -> [String: Existing] {
        guard !ids.isEmpty else { return [:] }
        let find = try database.prepare(
            "SELECT id, rowid, name, bucket, category FROM places WHERE id IN (SELECT value FROM json_each(?1))")
        return try database.withLock {
            defer { find.reset() }
            try find.bind(1, Self.jsonArray(ids))
            var rows: [String: Existing] = [:]
            while try find.step() {
                rows[find.text(0)] = Existing(
                    rowid: find.int64(1), name: find.text(2), bucket: find.int64(3),
                    category: PlaceCategory(code: UInt8(clamping: find.int(4))))
            }
            return rows
        }
    }

    /// Writes `place` into the row `rowid`: an update of the row it replaces, or a new row.
    func write(_ place: Place, rowid: Int64, bucket: Int, replacing: Bool) throws {
        let statement = replacing ? update : insert
        try database.withLock {
            statement.reset()
            try statement.bind(1, rowid)
            try statement.bind(2, place.kind.rawValue)
            try statement.bind(3, place.name)
            try statement.bind(4, place.coordinate.lat)
            try statement.bind(5, place.coordinate.lon)
            if let details = PlaceDetailsCoding.encode(place.details) {
                try statement.bind(6, details)
            } else {
                try statement.bindNull(6)
            }
            try statement.bind(7, bucket)
            let category = PlaceCategory.of(place)
            try statement.bind(8, Int(category.code))
            try statement.bind(9, Int(PlaceImportance.rank(place)))
            if !replacing { try statement.bind(10, place.id) }
            try statement.bind(11, PlaceKeywords.stored(place))
            _ = try statement.step()
            statement.reset()
        }
    }

    /// `numbers` as a JSON array of integers (for `json_each`).
    static func jsonArray(_ numbers: [Int64]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }

    /// `strings` as a JSON array (for `json_each`): quotes, backslashes and control characters escaped.
    static func jsonArray(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        let hex = Array("0123456789abcdef".utf8)
        for (n, string) in strings.enumerated() {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    bytes += [UInt8(ascii: "\\"), byte]
                case 0..<0x20:
                    bytes += [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
                    ]
                default:
                    bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
