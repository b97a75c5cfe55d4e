import CSQLite

/// A value to bind to a statement parameter.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A compiled statement. Parameter indices start at 1 (`?1`, or the order of `?`);
/// column indices start at 0. Keeps its database alive; finalized on deinit.
///
/// Every call takes the database lock. Wrap a bind/step/read sequence on a statement shared
/// between threads in `database.withLock { }`.
// @unchecked: wraps a sqlite3_stmt (a C handle), used only under its database's lock.
package final class SQLiteStatement: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The database this statement belongs to.
    package let database: SQLiteDatabase
    /// The SQL text it was compiled from.
    package let sql: String

    init(database: SQLiteDatabase, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds a 64-bit integer to parameter `index` (1-based).
    package func bind(_ index: Int32, _ value: Int64) throws {
        try check(database.withLock { sqlite3_bind_int64(handle, index, value) })
    }

    /// Binds an integer to parameter `index` (1-based).
    package func bind(_ index: Int32, _ value: Int) throws {
        try bind(index, Int64(value))
    }

    /// Binds a double to parameter `index` (1-based).
    package func bind(_ index: Int32, _ value: Double) throws {
        try check(database.withLock { sqlite3_bind_double(handle, index, value) })
    }

    /// Binds UTF-8 text to parameter `index` (1-based); SQLite copies it.
    package func bind(_ index: Int32, _ value: String) throws {
        var text = value
        let rc = text.withUTF8 { utf8 -> Int32 in
            database.withLock {
                guard let base = utf8.baseAddress, !utf8.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, mt_sqlite_transient())
                }
                return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_bind_text64(
                        handle, index, $0, UInt64(utf8.count), mt_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        }
        try check(rc)
    }

    /// Binds a blob to parameter `index` (1-based); SQLite copies it. An empty array binds an
    /// empty blob, not NULL.
    package func bind(_ index: Int32, _ value: [UInt8]) throws {
        let rc = value.withUnsafeBytes { bytes -> Int32 in
            database.withLock {
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), mt_sqlite_transient())
            }
        }
        try check(rc)
    }

    /// Binds NULL to parameter `index` (1-based).
    package func bindNull(_ index: Int32) throws {
        try check(database.withLock { sqlite3_bind_null(handle, index) })
    }

    /// Binds any value (`.null` for NULL) to parameter `index` (1-based).
    package func bind(_ index: Int32, _ value: SQLiteValue) throws {
        switch value {
        case .null: try bindNull(index)
        case .integer(let v): try bind(index, v)
        case .real(let v): try bind(index, v)
        case .text(let v): try bind(index, v)
        case .blob(let v): try bind(index, v)
        }
    }

    /// The 1-based index of a named parameter such as `:name` or `?2`, or nil.
    package func parameterIndex(_ name: String) -> Int32? {
        let index = database.withLock { sqlite3_bind_parameter_index(handle, name) }
        return index == 0 ? nil : index
    }

    // MARK: Stepping

    /// Advances to the next row: true when a row is available, false when done.
    package func step() throws -> Bool {
        try database.withLock {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let rc: throw SQLiteError(code: rc, message: database.currentMessage, sql: sql)
            }
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    package func reset() {
        database.withLock { _ = sqlite3_reset(handle) }
    }

    // MARK: Columns (0-based)

    /// Number of columns in the result.
    package var columnCount: Int32 { database.withLock { sqlite3_column_count(handle) } }

    /// The name of column `index`.
    package func columnName(_ index: Int32) -> String {
        database.withLock { sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "" }
    }

    /// True when column `index` of the current row is NULL.
    package func isNull(_ index: Int32) -> Bool {
        database.withLock { sqlite3_column_type(handle, index) == SQLITE_NULL }
    }

    /// Column `index` as a 64-bit integer (NULL reads as 0).
    package func int64(_ index: Int32) -> Int64 {
        database.withLock { sqlite3_column_int64(handle, index) }
    }

    /// Column `index` as an integer (NULL reads as 0).
    package func int(_ index: Int32) -> Int { Int(int64(index)) }

    /// Column `index` as a double (NULL reads as 0).
    package func double(_ index: Int32) -> Double {
        database.withLock { sqlite3_column_double(handle, index) }
    }

    /// Column `index` as UTF-8 text (NULL reads as ""; invalid UTF-8 is repaired).
    package func text(_ index: Int32) -> String {
        database.withLock {
            guard let text = sqlite3_column_text(handle, index) else { return "" }
            let count = Int(sqlite3_column_bytes(handle, index))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }
    }

    /// Column `index` as bytes (NULL reads as []).
    package func blob(_ index: Int32) -> [UInt8] {
        database.withLock {
            guard let blob = sqlite3_column_blob(handle, index) else { return [] }
            let count = Int(sqlite3_column_bytes(handle, index))
            return [UInt8](UnsafeRawBufferPointer(start: blob, count: count))
        }
    }

    // MARK: Private

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else {
            let message = database.withLock { database.currentMessage }
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }
}
