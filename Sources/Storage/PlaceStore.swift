import Foundation
import GeoCore
import Places
import Synchronization

/// The embedded place database: one SQLite file with an R*Tree for viewport queries and a word index
/// for search (layout: `PlaceStoreSchema`).
///
/// - `places(in:filter:limit:)` answers from the R*Tree alone (its rows are `PlaceBucket`s carrying
///   what the map draws: id, category, name, exact coordinate) and returns places with `details = .none`;
/// - `markers(in:zoom:filter:)` answers from the stored cluster hierarchies (`PlaceStore+Clusters`), and
///   `mostImportant(in:filter:limit:)` lists a cluster's leading places;
///   `details(for:)` adds the details with one lookup by id; `detailed` is a `PlaceSource` returning
///   full places; `candidates(for:typos:limit:)` looks words up in `place_words` (`PlaceStore+Search`).
/// - `import(_:)` upserts places by id in one transaction; into an empty store it takes a bulk path
///   (Hilbert order, buckets packed in memory, a large cache).
///
/// Thread safety: all state is the connection and its prepared statements; every statement sequence
/// runs under the connection's lock (`SQLiteDatabase.withLock`), so one store may be used from any
/// thread or task. Queries are short (well under a millisecond for a screenful) and block the calling
/// thread while they run; an import blocks other users of the store until it commits.
public final class PlaceStore: PlaceSource {
    /// The path the store was opened from (":memory:" for a store in memory).
    public let path: String
    /// Set when `PlaceDatabase` could not simply open the user's store: it moved a damaged file aside
    /// and rebuilt it, or could only read it, or had to build it in memory. One sentence for an alert.
    public let notice: String?
    /// How the store was opened.
    public let mode: Mode

    /// How a store is opened.
    public enum Mode: Sendable, Equatable {
        /// Read and write; a store of an older version is upgraded, an empty file set up when `create`.
        case readWrite
        /// Only read (SQLite's `immutable`): for a store in a folder or on a disk that cannot be written.
        case readOnly
        /// Read and write, but a store of an older version is refused (opening without the build lock).
        case readWriteNoUpgrade
    }

    /// True when changes reach a file (not read-only, not in memory).
    public var isPersistent: Bool { mode != .readOnly && path != ":memory:" }

    let database: SQLiteDatabase
    private let viewportQuery: SQLiteStatement
    private let detailsQuery: SQLiteStatement
    let markerQueryStatement: SQLiteStatement
    /// The places a search last read around its centre (`PlaceStore+Search`).
    let nearbyRows = Mutex(NearbyRowCache())

    // MARK: Opening

    /// Opens the store at `path`.
    ///
    /// A missing file (or an empty SQLite database) becomes a new, empty store when `create` is true.
    /// The connection is set up with `connectionPragmas`.
    /// - Throws: `PlaceStoreError.cannotOpen` (no such file and `create` is false, unreadable folder, …),
    ///   `.corrupt` (not an SQLite file), `.notAPlaceStore` (another application's database, or an empty
    ///   one when `create` is false), `.schemaMismatch` (another `PlaceStoreSchema.version`: nothing is
    ///   changed; `PlaceDatabase` rebuilds such files, other callers decide themselves). A store of version 1,
    ///   2, 3 or 4 is upgraded in place first (`upgradeFromVersion1` … `upgradeFromVersion4`), after
    ///   `notice` is told why the wait (not for 4, whose upgrade only drops a table).
    public convenience init(path: String, create: Bool = true, notice: (String) -> Void = { _ in }) throws {
        try self.init(path: path, create: create, mode: .readWrite, storeNotice: nil, notice: notice)
    }

    init(
        path: String, create: Bool, mode: Mode, storeNotice: String?, notice: (String) -> Void = { _ in }
    ) throws {
        self.path = path
        self.notice = storeNotice
        self.mode = mode
        if !create && path != ":memory:" && !FileManager.default.fileExists(atPath: path) {
            throw PlaceStoreError.cannotOpen(path: path, reason: "no such file")
        }
        do {
            try RegularFile.check(path)
        } catch let error as RegularFile.NotRegular {
            throw PlaceStoreError.cannotOpen(path: path, reason: "it is \(error.kind), not a regular file")
        }
        do {
            database = try SQLiteDatabase(path: path, readOnly: mode == .readOnly, immutable: mode == .readOnly)
        } catch let error as SQLiteError {
            throw Self.openError(error, path: path)
        }
        do {
            try Self.prepareSchema(
                database, path: path, create: create && mode != .readOnly, mode: mode, notice: notice)
            viewportQuery = try database.prepare(
                "SELECT entries FROM places_rtree WHERE min_lon <= ?2 AND max_lon >= ?1 AND min_lat <= ?4 AND max_lat >= ?3"
            )
            // A version 5 store opened read-only has no fetch times.
            let fetches = try database.hasTableOrView("place_fetches")
            detailsQuery = try database.prepare(
                fetches
                    ? """
                    SELECT p.id, p.kind, p.name, p.lat, p.lon, p.details, f.fetched_at
                    FROM places p LEFT JOIN place_fetches f ON f.id = p.id WHERE p.id = ?1
                    """
                    : "SELECT id, kind, name, lat, lon, details, NULL FROM places WHERE id = ?1")
            markerQueryStatement = try database.prepare(
                """
                SELECT bucket, entries FROM markers_rtree
                WHERE min_lon <= ?2 AND max_lon >= ?1 AND min_lat <= ?4 AND max_lat >= ?3 AND min_z <= ?5 AND max_z >= ?5
                """)
        } catch let error as SQLiteError {
            throw Self.openError(error, path: path)
        }
    }

    /// Checks the marks and tables of an existing store, or creates the schema in a new file.
    private static func prepareSchema(
        _ database: SQLiteDatabase, path: String, create: Bool, mode: Mode, notice: (String) -> Void
    ) throws {
        // The first read is where SQLite notices a file that is not a database.
        let applicationID = try database.pragmaInt("application_id")
        let version = try database.pragmaInt("user_version")
        let objects = try database.pragmaInt(query: "SELECT count(*) FROM sqlite_master")
        if applicationID == 0 && version == 0 && objects == 0 {
            guard create else { throw PlaceStoreError.notAPlaceStore(path: path, reason: "the database is empty") }
            try database.execute(Self.connectionPragmas)
            try database.transaction {
                try database.execute(PlaceStoreSchema.create)
                try database.execute("PRAGMA application_id = \(PlaceStoreSchema.applicationID)")
                try database.execute("PRAGMA user_version = \(PlaceStoreSchema.version)")
            }
            return
        }
        guard applicationID == Int(PlaceStoreSchema.applicationID) else {
            throw PlaceStoreError.notAPlaceStore(path: path, reason: "application_id is \(applicationID)")
        }
        if version == 1 && mode == .readWrite {
            notice("updating the places database to this version (place clusters)…")
            try database.execute(Self.connectionPragmas)
            try upgradeFromVersion1(database, path: path)
        }
        if try database.pragmaInt("user_version") == 2 && mode == .readWrite {
            if version == 2 { notice("updating the places database to this version (search keywords)…") }
            try database.execute(Self.connectionPragmas)
            try upgradeFromVersion2(database, path: path)
        }
        if try database.pragmaInt("user_version") == 3 && mode == .readWrite {
            if version == 3 { notice("updating the places database to this version (search index)…") }
            try database.execute(Self.connectionPragmas)
            try upgradeFromVersion3(database)
        }
        if try database.pragmaInt("user_version") == 4 && mode == .readWrite {
            try database.execute(Self.connectionPragmas)
            try upgradeFromVersion4(database)
        }
        if try database.pragmaInt("user_version") == 5 && mode == .readWrite {
            try database.execute(Self.connectionPragmas)
            try upgradeFromVersion5(database)
        }
        // Version 4 differs only by a table nothing reads, version 5 by one it lacks (no place has a fetch
        // time): read-only, they are used as they are.
        let current = try database.pragmaInt("user_version")
        guard current == PlaceStoreSchema.version || ((4...5).contains(current) && mode == .readOnly) else {
            throw PlaceStoreError.schemaMismatch(path: path, found: version, expected: PlaceStoreSchema.version)
        }
        for table in PlaceStoreSchema.requiredTables where try !database.hasTableOrView(table) {
            if table == "place_fetches" && current < 6 { continue }
            throw PlaceStoreError.notAPlaceStore(path: path, reason: "table \(table) is missing")
        }
        try database.execute(mode == .readOnly ? "PRAGMA mmap_size = 268435456" : Self.connectionPragmas)
    }

    /// Set on every connection: WAL (readers never wait for a writer), `synchronous=NORMAL` (durable
    /// at checkpoints, never corrupt), and reads through a 256 MiB memory map, which takes the page copy
    /// out of each R*Tree read (a viewport query drops from about 0.41 to 0.27 ms on 1 M places).
    static let connectionPragmas =
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA mmap_size = 268435456"

    private static func openError(_ error: SQLiteError, path: String) -> PlaceStoreError {
        switch error.primaryCode {
        case 11, 26: return .corrupt(path: path, reason: error.message)  // SQLITE_CORRUPT, SQLITE_NOTADB
        default: return .cannotOpen(path: path, reason: error.message)
        }
    }

    /// Maps an SQLite failure after opening: damage stays recognisable, the rest is `.sqlite`.
    func storeError(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.primaryCode {
        case 11, 26: return PlaceStoreError.corrupt(path: path, reason: error.message)
        default: return PlaceStoreError.sqlite(error.message)
        }
    }

    // MARK: Counting

    /// The number of places stored.
    public func count() throws -> Int {
        do {
            return try database.pragmaInt(query: "SELECT count(*) FROM places")
        } catch {
            throw storeError(error)
        }
    }

    // MARK: Viewport (PlaceSource)

    /// The places passing `filter` inside `region`, nearest to its centre first (`PlaceRanking`), at most
    /// `limit`, with `details = .none`. See `query(_:filter:limit:)`.
    /// - Throws: `CancellationError` when the task is cancelled before the query starts,
    ///   `PlaceSourceError.unavailable` when SQLite fails.
    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        try Task.checkCancellation()
        return try Self.asSourceError { try query(region, filter: filter, limit: limit) }
    }

    /// The synchronous form of `places(in:filter:limit:)`.
    ///
    /// The region's parts (two when it crosses the antimeridian) are looked up in the R*Tree of buckets;
    /// every place of a bucket found is checked against the exact coordinate (the R*Tree holds float32
    /// boxes rounded outward) and the filter; the matches are ranked and cut to `limit` in `PlaceRanking`
    /// order. When the region holds many more matches than `limit` (more than `max(4 × limit, 4096)`),
    /// the search continues in windows around the centre that grow until the `limit` nearest are provably
    /// inside (`PlaceStoreWindow`), so a world view with a small limit does not read every place.
    public func query(_ region: GeoBounds, filter: PlaceFilter = .standard, limit: Int) throws -> [Place] {
        let mask = filter.categoryMask
        guard limit > 0, mask != 0, region.south <= region.north else { return [] }
        let center = PlaceRanking.center(of: region)
        do {
            var candidates = PlaceCandidates()
            if try collect(region, within: region, mask: mask, budget: max(4 * limit, 4096), into: &candidates) {
                return PlaceStoreRanking.nearest(candidates, to: center, limit: limit)
            }
            return try PlaceStoreWindow.search(region, limit: limit) { window in
                var found = PlaceCandidates()
                _ = try collect(window, within: region, mask: mask, budget: .max, into: &found)
                return PlaceStoreRanking.nearest(found, to: center, limit: limit)
            }
        } catch {
            throw storeError(error)
        }
    }

    /// Appends the places whose category is in `mask` (bit per code) inside both `box` and `region`
    /// (exact coordinates) to `places`. Returns false, leaving `places` incomplete, as soon as more than
    /// `budget` have been found.
    private func collect(
        _ box: GeoBounds, within region: GeoBounds, mask: UInt32, budget: Int, into places: inout PlaceCandidates
    ) throws -> Bool {
        try database.withLock {
            for part in box.parts {
                viewportQuery.reset()
                defer { viewportQuery.reset() }
                try viewportQuery.bind(1, part.west)
                try viewportQuery.bind(2, part.east)
                try viewportQuery.bind(3, part.south)
                try viewportQuery.bind(4, part.north)
                while try viewportQuery.step() {
                    // Each part keeps only its own points, so the two parts never return one place twice.
                    let intact = places.add(viewportQuery.blob(0)) { coordinate, category in
                        mask & (1 << category.code) != 0 && part.containsExactly(coordinate)
                            && region.contains(coordinate)
                    }
                    guard intact else { throw PlaceStoreError.corrupt(path: path, reason: "a damaged place bucket") }
                    if places.count > budget { return false }
                }
            }
            return true
        }
    }

    // MARK: Details

    /// The stored place with this id, details included; nil when the store has none.
    public func place(id: String) throws -> Place? {
        do {
            return try database.withLock {
                detailsQuery.reset()
                defer { detailsQuery.reset() }
                try detailsQuery.bind(1, id)
                guard try detailsQuery.step(), let kind = PlaceKind(rawValue: detailsQuery.text(1)) else { return nil }
                let details = try PlaceDetailsCoding.decode(
                    detailsQuery.isNull(5) ? nil : detailsQuery.text(5), kind: kind, path: path)
                return Place(
                    id: detailsQuery.text(0), kind: kind, name: detailsQuery.text(2),
                    coordinate: LatLon(lat: detailsQuery.double(3), lon: detailsQuery.double(4)), details: details,
                    fetchedAt: detailsQuery.isNull(6) ? nil : detailsQuery.double(6))
            }
        } catch {
            throw storeError(error)
        }
    }

    /// `place` with its full details, as stored under its id (one lookup). A place the store does not
    /// hold (from another source) comes back unchanged.
    /// - Throws: `PlaceSourceError.unavailable` when SQLite fails.
    public func details(for place: Place) async throws -> Place {
        try Self.asSourceError { try self.place(id: place.id) ?? place }
    }

    /// Runs `body`, turning a `PlaceStoreError` into the `PlaceSourceError` the `PlaceSource` rules ask for.
    static func asSourceError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlaceStoreError {
            throw PlaceSourceError.unavailable(error.description)
        }
    }
}

// MARK: - Helpers

extension GeoBounds {
    /// True when `point` lies inside this box, which does not cross the antimeridian (a `parts` element).
    fileprivate func containsExactly(_ point: LatLon) -> Bool {
        point.lat >= south && point.lat <= north && point.lon >= west && point.lon <= east
    }
}

extension SQLiteDatabase {
    /// The integer value of `PRAGMA name`.
    func pragmaInt(_ name: String) throws -> Int {
        try pragmaInt(query: "PRAGMA \(name)")
    }

    /// The first column of the first row of `query` as an integer (0 when there is no row).
    func pragmaInt(query: String) throws -> Int {
        let statement = try prepare(query)
        return try withLock { try statement.step() ? statement.int(0) : 0 }
    }
}
