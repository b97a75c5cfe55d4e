import Foundation
import GeoCore
import Places
import PostGIS
import TestSupport
import Testing

/// Bad URLs, servers that refuse, databases without PostGIS or without the tables: one line naming what
/// is missing, never the password. A connection broken mid-session is a `PlaceSourceError` and the next
/// query reconnects.
@Suite struct PostGISFailureTests {
    @Test(arguments: [
        ("mysql://u:pw@host/db", "does not start with postgresql://"),
        ("postgresql://u:pw@127.0.0.1:5432", "names no database"),
        ("postgresql://u:pw@127.0.0.1:/db", "its port is empty"),
        ("postgres://u:pw@[::1/db", "not a valid URL"),
    ])
    func badURLsSayWhatIsWrong(url: String, reason: String) throws {
        let error = try #require(throws: PostGISError.self) { try PostGISPlaceStore(url: url) }
        #expect(error.description.contains(reason))
        #expect(!error.description.contains("pw"))
        #expect(!error.description.contains("\n"))
    }

    @Test func passwordsAreRedacted() {
        #expect(
            PostgresURL.redact("postgresql://ann:s3cr%40t@db.example:5432/places")
                == "postgresql://ann:***@db.example:5432/places")
        #expect(
            PostgresURL.redact("postgres://ann@db/places?password=hunter2&sslmode=require")
                == "postgres://ann@db/places?password=***&sslmode=require")
        #expect(PostgresURL.redact("postgresql://ann:a:b@c@db/x") == "postgresql://ann:***@db/x")
        #expect(PostgresURL.redact("postgresql://db/places") == "postgresql://db/places")
        #expect(PostgresURL.redact("postgresql://ann:pw@db/x\u{1b}[2J") == "postgresql://ann:***@db/x")
    }

    /// Port 1 on loopback: nothing listens.
    @Test func aRefusedConnectionIsOneLineWithoutThePassword() throws {
        let error = try #require(throws: PostGISError.self) {
            try PostGISPlaceStore(url: "postgresql://ann:TopSecret99@127.0.0.1:1/places")
        }
        #expect(error.description.hasPrefix("cannot connect to postgresql://ann:***@127.0.0.1:1/places: "))
        #expect(error.description.contains("refused"))
        #expect(!error.description.contains("TopSecret99"))
        #expect(!error.description.contains("\n"))
        #expect(error.sourceError == .transport(error.description))
    }
}

/// The failures that need the test server.
// Skipped when no test server runs (`make test` starts one where postgresql-15-postgis-3 is installed).
@Suite(.enabled(if: TestDatabase.available, TestDatabase.skipReason), .serialized)
struct PostGISServerFailureTests {
    @Test func aDatabaseWithoutPostGISIsNamed() throws {
        let database = try TestDatabase()
        defer { database.drop() }
        let error = try #require(throws: PostGISError.self) { try PostGISPlaceStore(url: database.url) }
        #expect(error.description.contains("has no PostGIS extension"))
        #expect(error.description.contains("not installed"))
    }

    /// A user who may not install PostGIS: the import says so, and creates nothing.
    @Test func anImportWherePostGISCannotBeInstalledSaysSo() throws {
        let database = try TestDatabase()
        defer {
            database.drop()
            try? TestDatabase.admin("DROP ROLE IF EXISTS mapterm_plain")
        }
        try TestDatabase.admin("DROP ROLE IF EXISTS mapterm_plain")
        try TestDatabase.admin("CREATE ROLE mapterm_plain LOGIN PASSWORD 'PlainPass77'")
        try database.run("GRANT ALL ON SCHEMA public TO mapterm_plain")
        let url = database.url(user: "mapterm_plain", password: "PlainPass77")
        let error = try #require(throws: PostGISError.self) {
            try PostGISPlaceStore.forImport(url: url).import(PlacesContract.places)
        }
        #expect(error.description.contains("has no PostGIS extension: it cannot be installed"))
        #expect(!error.description.contains("PlainPass77"))
        #expect(error.description.contains("mapterm_plain:***@"))
    }

    @Test func missingTablesAndColumnsAreNamed() throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try database.run("CREATE EXTENSION postgis")
        let missing = try #require(throws: PostGISError.self) { try PostGISPlaceStore(url: database.url) }
        #expect(missing.description.contains("table mapterm_places is missing"))
        try database.run("CREATE TABLE mapterm_places (id text, name text, lat float8, lon float8)")
        let lacking = try #require(throws: PostGISError.self) { try PostGISPlaceStore(url: database.url) }
        #expect(
            lacking.description.hasSuffix(
                "table mapterm_places lacks the columns rowid, kind, details, category, rank, keywords, geom"))
        let importing = try #require(throws: PostGISError.self) {
            try PostGISPlaceStore.forImport(url: database.url).import(PlacesContract.places)
        }
        #expect(importing.description.contains("lacks the columns rowid, kind"))
    }

    /// The server ends the session (an administrator, a restart): the next query is a transport
    /// failure, which the map shows and retries; the one after reconnects and answers.
    @Test func aBrokenConnectionIsASourceErrorAndTheNextQueryReconnects() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try PostGISPlaceStore.forImport(url: database.url(user: "mapterm", password: "Hidden42")).import(
            PlacesContract.places)
        let store = try PostGISPlaceStore(url: database.url(user: "mapterm", password: "Hidden42"))
        let before = try await store.markers(in: .world, zoom: 3, filter: .standard)
        try database.terminateSessions()
        let error = try await #require(throws: PlaceSourceError.self) {
            try await store.markers(in: .world, zoom: 3, filter: .standard)
        }
        var transport: String?
        if case .transport(let reason) = error { transport = reason }
        let reason = try #require(transport, "a transport error, not \(error)")
        #expect(reason.contains("was lost"))
        #expect(!reason.contains("Hidden42"))
        #expect(try await store.markers(in: .world, zoom: 3, filter: .standard) == before)
    }

    /// Two imports at once (two connections, as two processes would be) lose nothing: the advisory lock
    /// runs them one after the other, and the second sees the first's places.
    @Test func twoImportsAtOnceLoseNothing() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        let first = PlacesRandom.places(count: 20_000, seed: 1)
        let second = PlacesRandom.places(count: 20_000, seed: 2).map { place in
            var copy = place
            copy.id = "b" + place.id
            return copy
        }
        let url = database.url
        async let a: Int = Task.detached { try PostGISPlaceStore.forImport(url: url).import(first) }.value
        async let b: Int = Task.detached { try PostGISPlaceStore.forImport(url: url).import(second) }.value
        #expect(try await a + b == 40_000)
        let store = try PostGISPlaceStore(url: database.url)
        #expect(try store.count() == 40_000)
        let world = try await store.markers(in: .world, zoom: 0, filter: PlaceFilter(includeClosed: true)).markers
        let shown = (first + second).filter { PlaceCategory.of($0).group.minZoom == 0 }.count
        #expect(world.reduce(0) { $0 + $1.count } == shown)
        #expect(try store.place(id: "brr:0") != nil && store.place(id: "rr:0") != nil)
    }
}
