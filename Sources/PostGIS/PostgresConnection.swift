import CPostgres
import Foundation
import TextSafety

/// One libpq connection: statements with bound parameters only (`query`, `execute`), row streams
/// into `COPY … FROM STDIN` (`copyIn`), and transactions. Values travel as text.
///
/// A connection that broke (the server restarted, an administrator ended the session) is reset once
/// before the next statement, so a map whose server comes back goes on without a restart.
///
/// Thread safety: libpq connections are not thread-safe; every call holds one recursive lock, and a
/// sequence that must not interleave (a transaction) runs inside `withLock`.
// @unchecked: wraps a PGconn (a C handle), used only under `lock`.
final class PostgresConnection: @unchecked Sendable {
    /// libpq, opened at the first connection (`PostgresLibrary`); every connection is made after it.
    fileprivate static var pq: PostgresLibrary {
        guard let library = PostgresLibrary.shared else { preconditionFailure("libpq is checked before connecting") }
        return library
    }
    /// The PGconn; only touched under `lock`.
    private let handle: OpaquePointer
    private let lock = NSRecursiveLock()
    let url: PostgresURL
    /// The longest a statement may run, in milliseconds (the server cancels it), set on every session;
    /// nil for none (an import's index builds take minutes).
    private let statementTimeout: Int?

    /// Connects to `url` (UTF-8 text; 10 s to connect; data unacknowledged for 10 s ends the
    /// connection, so a server that vanished is noticed), with `statementTimeout` milliseconds per
    /// statement when given.
    /// - Throws: `PostGISError.cannotConnect` with libpq's reason.
    init(_ url: PostgresURL, statementTimeout: Int? = nil) throws {
        self.url = url
        self.statementTimeout = statementTimeout
        guard PostgresLibrary.shared != nil else {
            throw PostGISError.cannotConnect(url.redacted, reason: "libpq (Debian package libpq5) is not installed")
        }
        let keywords = ["dbname", "connect_timeout", "tcp_user_timeout", "client_encoding", "application_name"]
        let values = [url.text, "10", "10000", "UTF8", "mapterm"]
        let connection = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { vals in Self.pq.connectdbParams(keys, vals, 1) }
        }
        guard let connection else { throw PostGISError.cannotConnect(url.redacted, reason: "out of memory") }
        guard Self.pq.status(connection) == CONNECTION_OK else {
            let reason = Self.message(Self.pq.errorMessage(connection), url: url)
            Self.pq.finish(connection)
            throw PostGISError.cannotConnect(url.redacted, reason: reason)
        }
        // The server's notices ("index … does not exist, skipping") are not for the user's terminal.
        _ = Self.pq.setNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        try setUp()
    }

    /// Sets up a new or reset session: the statement timeout.
    private func setUp() throws {
        guard let statementTimeout else { return }
        let result = Self.pq.exec(handle, "SET statement_timeout = \(statementTimeout)")
        defer { Self.pq.clear(result) }
        try check(result)
    }

    deinit { Self.pq.finish(handle) }

    /// Runs `body` holding the connection's lock (for a sequence of statements, a transaction).
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A statement's rows, as text; `nil` for SQL NULL.
    struct Rows {
        private static var pq: PostgresLibrary { PostgresConnection.pq }
        fileprivate let result: OpaquePointer
        let count: Int
        let columns: Int

        func isNull(_ row: Int, _ column: Int) -> Bool { Self.pq.getisnull(result, Int32(row), Int32(column)) == 1 }

        func text(_ row: Int, _ column: Int) -> String {
            Self.pq.getvalue(result, Int32(row), Int32(column)).map { String(cString: $0) } ?? ""
        }

        func double(_ row: Int, _ column: Int) -> Double { Double(text(row, column)) ?? .nan }

        func int(_ row: Int, _ column: Int) -> Int { Int(text(row, column)) ?? 0 }

        /// A `bytea` column in its hex text form (`\x0a1b…`) as bytes; nil when it is not that form.
        func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
            guard let value = Self.pq.getvalue(result, Int32(row), Int32(column)) else { return nil }
            let length = Int(Self.pq.getlength(result, Int32(row), Int32(column)))
            return HexBytes.decode(UnsafeRawBufferPointer(start: value, count: length))
        }
    }

    /// Runs `sql` with `parameters` bound as text ($1, $2, …; nil is NULL) and hands its rows to `read`.
    /// - Throws: `PostGISError.connectionLost` when the connection broke, `.query` for other failures.
    func query<T>(_ sql: String, _ parameters: [String?] = [], read: (Rows) throws -> T) throws -> T {
        try withLock {
            try reconnectIfBroken()
            let result = Self.withOptionalCStrings(parameters) { values in
                Self.pq.execParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
            defer { Self.pq.clear(result) }
            try check(result)
            guard let result else { throw PostGISError.query("no result") }
            return try read(
                Rows(result: result, count: Int(Self.pq.ntuples(result)), columns: Int(Self.pq.nfields(result))))
        }
    }

    /// Runs a script of statements without parameters (fixed text of this module only: schema, indexes).
    func script(_ sql: String) throws {
        try withLock {
            try reconnectIfBroken()
            let result = Self.pq.exec(handle, sql)
            defer { Self.pq.clear(result) }
            try check(result)
        }
    }

    /// Runs `sql` (with bound `parameters`) for its effect.
    func execute(_ sql: String, _ parameters: [String?] = []) throws {
        try query(sql, parameters) { _ in () }
    }

    /// Runs `COPY … FROM STDIN` (text format) with the rows `write` puts into the sink it is given.
    func copyIn(_ sql: String, write: (CopySink) throws -> Void) throws {
        try withLock {
            try reconnectIfBroken()
            let start = Self.pq.exec(handle, sql)
            if Self.pq.resultStatus(start) != PGRES_COPY_IN {
                defer { Self.pq.clear(start) }
                try check(start)
                throw PostGISError.query("COPY did not start")
            }
            Self.pq.clear(start)
            var failure: (any Error)?
            do {
                let sink = CopySink(self)
                try write(sink)
                try send(sink.line.bytes)
            } catch {
                failure = error
            }
            _ = Self.pq.putCopyEnd(handle, failure == nil ? nil : "the client stopped")
            var first: (any Error)?
            while let result = Self.pq.getResult(handle) {
                do { try check(result) } catch { first = first ?? error }
                Self.pq.clear(result)
            }
            if let failure { throw failure }
            if let first { throw first }
        }
    }

    /// Where `copyIn`'s rows go: lines are built in `line` and sent whenever 1 MiB has gathered.
    final class CopySink {
        var line = CopyLine()
        private let connection: PostgresConnection

        fileprivate init(_ connection: PostgresConnection) { self.connection = connection }

        /// Ends the current line, sending the buffer when it is full.
        func end() throws {
            line.end()
            guard line.bytes.count >= 1 << 20 else { return }
            try connection.send(line.bytes)
            line.bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Sends bytes of whole lines into a running COPY.
    private func send(_ buffer: [UInt8]) throws {
        guard !buffer.isEmpty else { return }
        let sent = buffer.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { Self.pq.putCopyData(handle, $0.baseAddress, Int32($0.count)) }
        }
        guard sent == 1 else { throw lostOrFailed() }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try withLock {
            try execute("BEGIN")
            do {
                let value = try body()
                try execute("COMMIT")
                return value
            } catch {
                if Self.pq.status(handle) == CONNECTION_OK { _ = try? execute("ROLLBACK") }
                throw error
            }
        }
    }

    // MARK: Errors

    /// Resets a connection that broke since the last statement.
    private func reconnectIfBroken() throws {
        guard Self.pq.status(handle) != CONNECTION_OK else { return }
        Self.pq.reset(handle)
        guard Self.pq.status(handle) == CONNECTION_OK else { throw PostGISError.connectionLost(url.redacted) }
        try setUp()
    }

    /// Throws for a failed result: `.connectionLost` when the connection broke, else `.query` with the
    /// server's first line.
    private func check(_ result: OpaquePointer?) throws {
        let status = result.map { Self.pq.resultStatus($0) } ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_COPY_IN else { return }
        if Self.pq.status(handle) != CONNECTION_OK { throw PostGISError.connectionLost(url.redacted) }
        let text = result.map { Self.pq.resultErrorMessage($0) } ?? Self.pq.errorMessage(handle)
        let state = result.flatMap { Self.pq.resultErrorField($0, Int32(UInt8(ascii: "C"))) }.map {
            String(cString: $0)
        }
        throw PostgresFailure(state: state ?? "", message: Self.message(text, url: url))
    }

    private func lostOrFailed() -> PostGISError {
        Self.pq.status(handle) != CONNECTION_OK
            ? .connectionLost(url.redacted) : .query(Self.message(Self.pq.errorMessage(handle), url: url))
    }

    /// The first line of a libpq message, sanitised, with the URL's password never in it.
    static func message(_ text: UnsafePointer<CChar>?, url: PostgresURL) -> String {
        let full = text.map { String(cString: $0) } ?? ""
        var line = full.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no reason given"
        if line.hasPrefix("ERROR:  ") { line.removeFirst(8) }
        if line.hasPrefix("FATAL:  ") { line.removeFirst(8) }
        if let password = URLComponents(string: url.text)?.password, !password.isEmpty {
            line = line.replacingOccurrences(of: password, with: "***")
        }
        return TextSanitizer.clean(line, maxLength: 300)
    }

    // MARK: C strings

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        withOptionalCStrings(strings + [nil]) { body($0) }
    }

    private static func withOptionalCStrings<T>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}

/// A statement the server refused: its SQLSTATE ("42P01": no such table) and first line.
struct PostgresFailure: Error, CustomStringConvertible {
    var state: String
    var message: String
    var description: String { "PostgreSQL error: \(message)" }
}
