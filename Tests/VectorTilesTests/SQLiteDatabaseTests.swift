import Foundation
import Storage
import Testing

@Suite struct SQLiteDatabaseTests {
    private func withTemporaryDatabase(_ body: (SQLiteDatabase, String) throws -> Void) throws {
        let dir = try TestFiles.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("test.sqlite").path
        try body(try SQLiteDatabase(path: path, readOnly: false), path)
    }

    @Test func bindStepAndRead() throws {
        try withTemporaryDatabase { db, _ in
            try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB); CREATE INDEX ti ON t (i);")
            let insert = try db.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(1, Int64(1) << 40)
            try insert.bind(2, 2.5)
            try insert.bind(3, "Zürich ☕")
            try insert.bind(4, [0, 1, 2, 255] as [UInt8])
            #expect(try insert.step() == false)
            #expect(db.lastInsertRowID == 1)
            insert.reset()
            try insert.bind(1, .null)
            try insert.bindNull(2)
            try insert.bind(3, "")
            try insert.bind(4, [UInt8]())
            _ = try insert.step()
            #expect(db.changes == 1)

            let select = try db.prepare("SELECT i, d, s, b FROM t ORDER BY rowid")
            #expect(select.columnCount == 4)
            #expect(select.columnName(2) == "s")
            #expect(try select.step())
            #expect(select.int64(0) == Int64(1) << 40)
            #expect(select.double(1) == 2.5)
            #expect(select.text(2) == "Zürich ☕")
            #expect(select.blob(3) == [0, 1, 2, 255])
            #expect(!select.isNull(0))
            #expect(try select.step())
            #expect(select.isNull(0) && select.isNull(1))
            #expect(select.text(2) == "" && !select.isNull(2))
            #expect(select.blob(3) == [] && !select.isNull(3))
            #expect(try select.step() == false)
            select.reset()
            #expect(try select.step())
        }
    }

    @Test func namedParameters() throws {
        let db = try SQLiteDatabase(path: ":memory:", readOnly: false)
        let statement = try db.prepare("SELECT :a + :b")
        let a = try #require(statement.parameterIndex(":a"))
        let b = try #require(statement.parameterIndex(":b"))
        try statement.bind(a, 40)
        try statement.bind(b, 2)
        #expect(try statement.step())
        #expect(statement.int(0) == 42)
        #expect(statement.parameterIndex(":c") == nil)
    }

    @Test func errorsCarryCodeAndMessage() throws {
        let db = try SQLiteDatabase(path: ":memory:", readOnly: false)
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) { try db.prepare("SELEKT 1") }
        do {
            try db.execute("INSERT INTO t VALUES ('a'); INSERT INTO t VALUES ('a');")
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.primaryCode == 19)  // SQLITE_CONSTRAINT
            #expect(error.message.contains("UNIQUE"))
            #expect(error.description.hasPrefix("SQLite error"))
        }
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
        #expect(throws: SQLiteError.self) { try db.prepare("  ") }
        // Trailing comments and semicolons are fine.
        _ = try db.prepare("SELECT 1; -- done")
    }

    @Test func transactionsCommitRollBackAndNest() throws {
        try withTemporaryDatabase { db, _ in
            try db.execute("CREATE TABLE t (v INTEGER)")
            try db.transaction { try db.execute("INSERT INTO t VALUES (1)") }
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (3)")
                #expect(throws: Boom.self) {
                    try db.transaction {
                        try db.execute("INSERT INTO t VALUES (4)")
                        throw Boom()
                    }
                }
                try db.transaction { try db.execute("INSERT INTO t VALUES (5)") }
            }
            let select = try db.prepare("SELECT group_concat(v) FROM (SELECT v FROM t ORDER BY v)")
            #expect(try select.step())
            #expect(select.text(0) == "1,3,5")
        }
    }

    @Test func readOnlyRefusesWrites() throws {
        try withTemporaryDatabase { db, path in
            try db.execute("CREATE TABLE t (v INTEGER)")
            let reader = try SQLiteDatabase(path: path, readOnly: true)
            #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
            #expect(try reader.hasTableOrView("t"))
            #expect(try reader.hasTableOrView("nope") == false)
        }
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: "/nonexistent/dir/x.db", readOnly: false) }
    }

    @Test func concurrentUse() throws {
        try withTemporaryDatabase { db, _ in
            try db.execute("CREATE TABLE t (v INTEGER)")
            let insert = try db.prepare("INSERT INTO t VALUES (?1)")
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for i in 0..<50 {
                    try? db.transaction {
                        try db.withLock {
                            insert.reset()
                            try insert.bind(1, worker * 1000 + i)
                            _ = try insert.step()
                        }
                    }
                }
            }
            let count = try db.prepare("SELECT count(DISTINCT v) FROM t")
            #expect(try count.step())
            #expect(count.int(0) == 400)
        }
    }
}
