import CSQLite
import Foundation
import GeoCore

// MARK: - Errors

/// A failure reported by SQLite: the result code (`SQLITE_*`, primary or extended) and
/// SQLite's own message, plus the SQL text when a statement was involved.
package struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The SQLite result code, e.g. 26 (`SQLITE_NOTADB`) or 19 (`SQLITE_CONSTRAINT`).
    package var code: Int32
    /// SQLite's message, e.g. "file is not a database".
    package var message: String
    /// The statement that failed, when there was one.
    package var sql: String?

    /// An error with SQLite result `code`, its `message`, and the failing `sql` when known.
    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of an extended code).
    package var primaryCode: Int32 { code & 0xFF }

    /// One line: "SQLite error 26: file is not a database (in: SELECT …)".
    package var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        return text
    }
}

// MARK: - Database

/// One SQLite connection.
///
/// Thread safety: the connection is opened with `SQLITE_OPEN_FULLMUTEX` and every call of this
/// class and of its statements also takes one recursive lock, so single calls are safe from any
/// thread. A *sequence* of calls that must not interleave with other threads (bind, step, read
/// columns, reset) belongs inside `withLock { }`; `transaction { }` holds the lock throughout.
// @unchecked: wraps a sqlite3 connection (a C handle), used only under `lock`.
package final class SQLiteDatabase: @unchecked Sendable {
    /// The raw connection; only touched under `lock`.
    private let handle: OpaquePointer
    private let lock = NSRecursiveLock()
    private var savepointDepth = 0

    /// The path the database was opened with.
    package let path: String
    /// True when opened read-only.
    package let isReadOnly: Bool

    /// Opens (and, unless `readOnly`, creates when missing) the database at `path`.
    /// `":memory:"` opens a private in-memory database. Waits up to `busyTimeout` seconds for
    /// locks held by other processes.
    package init(path: String, readOnly: Bool, immutable: Bool = false, busyTimeout: Double = 5) throws {
        var flags = SQLITE_OPEN_FULLMUTEX
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var db: OpaquePointer?
        let rc: Int32
        if immutable {
            // `immutable=1`: no locks, no journal, no -shm file: a file that nothing changes, readable in a
            // folder nobody may write to.
            let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
                .replacingOccurrences(of: "#", with: "%23")
            rc = sqlite3_open_v2("file:\(escaped)?immutable=1", &db, flags | SQLITE_OPEN_URI, nil)
        } else {
            rc = sqlite3_open_v2(path, &db, flags, nil)
        }
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(clamping: (busyTimeout * 1000).clampedInt(in: 0...Int(Int32.max)) ?? 0))
        self.handle = db
        self.path = path
        self.isReadOnly = readOnly
    }

    deinit {
        // Statements keep their database alive, so none are left to finalize here.
        sqlite3_close_v2(handle)
    }

    /// True when the connection can change the main database (SQLite opens a file it may not write
    /// read-only even when asked for read-write).
    package var isWritable: Bool { withLock { sqlite3_db_readonly(handle, "main") == 0 } }

    /// Two numbers that together differ whenever the database may have changed since they were read:
    /// the rows this connection changed (`sqlite3_total_changes64`) and SQLite's count of commits by
    /// other connections (`PRAGMA data_version`).
    package struct ChangeStamp: Equatable, Sendable {
        let ownChanges: Int64
        let otherCommits: Int64
    }

    /// The database's `ChangeStamp` now.
    package func changeStamp() throws -> ChangeStamp {
        let version = try prepare("PRAGMA data_version")
        return try withLock {
            defer { version.reset() }
            _ = try version.step()
            return ChangeStamp(ownChanges: sqlite3_total_changes64(handle), otherCommits: version.int64(0))
        }
    }

    /// Runs `body` while holding the connection lock (re-entrant). Use it to keep a
    /// bind/step/read sequence on a shared statement from interleaving with other threads.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs one or more `;`-separated statements, discarding any rows they return.
    package func execute(_ sql: String) throws {
        try withLock {
            var errorMessage: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
            if rc != SQLITE_OK {
                let message = errorMessage.map { String(cString: $0) } ?? currentMessage
                sqlite3_free(errorMessage)
                throw SQLiteError(code: rc, message: message, sql: sql)
            }
        }
    }

    /// Compiles one statement. Throws when `sql` is empty or holds more than one statement.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try withLock {
            var statement: OpaquePointer?
            var extra = false
            let rc = sql.withCString { text -> Int32 in
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
                guard rc == SQLITE_OK, let tail, tail.pointee != 0 else { return rc }
                // Anything after the first statement must be whitespace or comments.
                var next: OpaquePointer?
                if sqlite3_prepare_v2(handle, tail, -1, &next, nil) == SQLITE_OK, next != nil {
                    extra = true
                }
                sqlite3_finalize(next)
                return rc
            }
            guard rc == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw SQLiteError(code: rc, message: currentMessage, sql: sql)
            }
            guard let statement else {
                throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in SQL text", sql: sql)
            }
            if extra {
                sqlite3_finalize(statement)
                throw SQLiteError(code: SQLITE_MISUSE, message: "more than one statement; use execute", sql: sql)
            }
            return SQLiteStatement(database: self, handle: statement, sql: sql)
        }
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    /// Nested calls become savepoints. The connection lock is held throughout, so other
    /// threads using this connection wait. Writable databases use `BEGIN IMMEDIATE`.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try withLock {
            let depth = savepointDepth
            let name = "mt_sp_\(depth)"
            if depth == 0 {
                try execute(isReadOnly ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE")
            } else {
                try execute("SAVEPOINT \(name)")
            }
            savepointDepth += 1
            defer { savepointDepth -= 1 }
            let result: T
            do {
                result = try body()
            } catch {
                if depth == 0 {
                    try? execute("ROLLBACK")
                } else {
                    try? execute("ROLLBACK TO \(name); RELEASE \(name)")
                }
                throw error
            }
            try execute(depth == 0 ? "COMMIT" : "RELEASE \(name)")
            return result
        }
    }

    /// The rowid of the most recent successful INSERT on this connection.
    package var lastInsertRowID: Int64 { withLock { sqlite3_last_insert_rowid(handle) } }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int { withLock { Int(sqlite3_changes(handle)) } }

    /// True when a table or view with this name exists in the main schema.
    package func hasTableOrView(_ name: String) throws -> Bool {
        let statement = try prepare(
            "SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE")
        return try withLock {
            try statement.bind(1, name)
            return try statement.step()
        }
    }

    // MARK: Internal

    /// SQLite's latest message on this connection (call under the lock).
    var currentMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
