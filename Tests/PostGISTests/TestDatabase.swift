import CPostgres
import Foundation
import Testing

/// A fresh database on the private test server (`Tests/services/postgres.sh`, whose URL `make test`
/// puts in `MAPTERM_TEST_POSTGRES`), dropped by `drop()`. Administration runs through libpq directly,
/// as the server's superuser; the names made here are fixed patterns, never outside text.
struct TestDatabase {
    /// The test server's URL; nil when no server runs (the PostGIS tests are then skipped).
    static let serverURL = ProcessInfo.processInfo.environment["MAPTERM_TEST_POSTGRES"]
    /// True when the PostGIS tests can run.
    static let available = serverURL != nil
    /// Why they are skipped otherwise.
    static let skipReason: Comment =
        "no PostgreSQL with PostGIS: MAPTERM_TEST_POSTGRES is unset (make test starts one when postgresql-15-postgis-3 is installed)"

    private static let counter = Counter()

    /// The database's name.
    let name: String
    /// Its URL, as the server's superuser.
    let url: String

    /// A new, empty database (no PostGIS installed yet).
    init() throws {
        let server = try #require(Self.serverURL, "MAPTERM_TEST_POSTGRES is unset")
        name = "mapterm_t\(getpid())_\(Self.counter.next())"
        try Self.admin("CREATE DATABASE \(name)")
        url = Self.replacingDatabase(of: server, with: name)
    }

    /// The URL of this database with `user` and `password` instead of the superuser.
    func url(user: String, password: String? = nil) -> String {
        let credentials = password.map { "\(user):\($0)" } ?? user
        return url.replacingOccurrences(of: "://mapterm@", with: "://\(credentials)@")
    }

    /// Runs `sql` in this database as the superuser.
    func run(_ sql: String) throws { try Self.run(sql, url: url) }

    /// Ends the server sessions of this database except the admin's own.
    func terminateSessions() throws {
        try run(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    }

    /// Drops the database (ending its sessions).
    func drop() {
        try? Self.admin("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs `sql` in the server's own database.
    static func admin(_ sql: String) throws {
        try run(sql, url: try #require(serverURL))
    }

    static func run(_ sql: String, url: String) throws {
        let connection = try #require(PQconnectdb(url))
        defer { PQfinish(connection) }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        try #require(PQstatus(connection) == CONNECTION_OK, "\(String(cString: PQerrorMessage(connection)))")
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        try #require(
            status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, "\(String(cString: PQerrorMessage(connection)))")
    }

    private static func replacingDatabase(of url: String, with name: String) -> String {
        guard let slash = url.lastIndex(of: "/") else { return url }
        return String(url[...slash]) + name
    }

    /// Numbers the databases of one test process.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
