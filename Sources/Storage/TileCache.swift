import Blocking
import Foundation
import GeoCore
import Synchronization

/// Downloaded tiles of one remote source, kept in an MBTiles file (so the cache is itself a standard
/// file other tools can open) with a size limit and least-recently-used eviction.
///
/// Besides the standard `tiles` and `metadata` tables, `tile_state` holds one row per cached tile:
/// its size, when it expires (the server's max-age, or the default) and when it was last used. A tile
/// the server has not got (404) is a `tile_state` row without a `tiles` row, so it is not asked for
/// again until it expires. Times are seconds since 1970 from the injected clock.
///
/// Two maps may share the file: it is in WAL mode, every change is a short transaction, and the size
/// is summed again from the file before evicting. Thread-safe. Reads (`entry`, `contains`) have a
/// connection of their own, so that a frame reading tiles never waits for a write or an eviction
/// (WAL lets them run side by side); the last-use times reads note are written by a task of the
/// executor of blocking work, or by the next `store`, whichever comes first.
public final class TileCache: Sendable {
    /// A cached tile: its bytes (nil: the server has no such tile) and whether it is past its max-age.
    public struct Entry: Equatable, Sendable {
        public var bytes: [UInt8]?
        public var isStale: Bool

        public init(bytes: [UInt8]?, isStale: Bool) {
            self.bytes = bytes
            self.isStale = isStale
        }
    }

    /// The file's path.
    public let path: String
    /// Most bytes the cached tiles may take (tile bytes plus `rowOverhead` per tile).
    public let limitBytes: Int
    private let clock: @Sendable () -> Double
    private let database: SQLiteDatabase
    private let reader: SQLiteDatabase
    private let read: SQLiteStatement
    private let touch: SQLiteStatement
    /// Last-use times noted by reads and not yet written, and whether a task will write them.
    private let uses = Mutex(NotedUses())
    private let total: Mutex<Int>

    private struct NotedUses {
        var times: [TileID: Double] = [:]
        var writeScheduled = false
    }

    /// Bytes counted per cached tile on top of its data (its rows and index entries).
    public static let rowOverhead = 96
    /// Seconds between two updates of a tile's last-use time (reads stay reads most of the time).
    public static let touchInterval = 600.0
    /// Share of the limit eviction brings the cache down to, so that it does not evict on every store.
    static let evictionTarget = 0.9

    /// Opens or creates the cache file at `path` (its folder must exist). Throws `SQLiteError` when the
    /// file cannot be opened or written (a read-only or full folder: the map then goes without a cache).
    public init(
        path: String, limitBytes: Int, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws {
        self.path = path
        self.limitBytes = max(limitBytes, 0)
        self.clock = clock
        database = try SQLiteDatabase(path: path, readOnly: false)
        guard database.isWritable else { throw SQLiteError(code: 8, message: "the cache file is read-only") }
        try database.execute(
            """
            PRAGMA auto_vacuum = INCREMENTAL;
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS metadata (name TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE IF NOT EXISTS tiles (
                zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB,
                PRIMARY KEY (zoom_level, tile_column, tile_row));
            CREATE TABLE IF NOT EXISTS tile_state (
                zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER,
                bytes INTEGER NOT NULL, expires REAL NOT NULL, used REAL NOT NULL,
                PRIMARY KEY (zoom_level, tile_column, tile_row));
            CREATE INDEX IF NOT EXISTS tile_state_used ON tile_state (used);
            INSERT OR IGNORE INTO metadata VALUES ('format', 'pbf');
            """)
        reader = try SQLiteDatabase(path: path, readOnly: true)
        read = try reader.prepare(
            """
            SELECT t.tile_data, s.expires, s.used FROM tile_state s LEFT JOIN tiles t
            ON t.zoom_level = s.zoom_level AND t.tile_column = s.tile_column AND t.tile_row = s.tile_row
            WHERE s.zoom_level = ?1 AND s.tile_column = ?2 AND s.tile_row = ?3
            """)
        touch = try database.prepare(
            "UPDATE tile_state SET used = ?4 WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        total = Mutex(try Self.storedBytes(database))
    }

    /// Bytes the cached tiles take now, as counted against the limit.
    public var totalBytes: Int { total.withLock { $0 } }

    /// The cached tile `id` (XYZ), or nil when the cache has nothing for it (or cannot be read). Marks
    /// the tile used (at most once per `touchInterval`).
    public func entry(_ id: TileID) -> Entry? {
        guard id.isValidRow, id.z >= 0, id.z <= 30 else { return nil }
        let now = clock()
        let found = try? reader.withLock { () -> (Entry, used: Double)? in
            read.reset()
            defer { read.reset() }
            try bindTile(read, id)
            guard try read.step() else { return nil }
            let bytes = read.isNull(0) ? nil : read.blob(0)
            return (Entry(bytes: bytes, isStale: read.double(1) <= now), read.double(2))
        }
        guard let found else { return nil }
        if now - found.used >= Self.touchInterval { noteUse(id, at: now) }
        return found.0
    }

    /// Notes a tile's last-use time, to be written off the caller's thread.
    private func noteUse(_ id: TileID, at now: Double) {
        let schedule = uses.withLock { uses in
            uses.times[id] = now
            defer { uses.writeScheduled = true }
            return !uses.writeScheduled
        }
        if schedule { Task(executorPreference: BlockingExecutor.shared) { [self] in writeUses() } }
    }

    /// Writes the last-use times noted so far. Takes them under the connection's lock, so a `store`
    /// that writes them too finds those a task took already written.
    private func writeUses() {
        database.withLock {
            let times = uses.withLock { uses in
                defer { uses = NotedUses() }
                return uses.times
            }
            for (id, time) in times { try? writeUse(id, at: time) }
        }
    }

    /// Writes one tile's last-use time. Under the connection's lock.
    private func writeUse(_ id: TileID, at time: Double) throws {
        touch.reset()
        defer { touch.reset() }
        try bindTile(touch, id)
        try touch.bind(4, time)
        _ = try touch.step()
    }

    /// True when the cache has an entry for tile `id` (a tile, or the fact that the server has none);
    /// does not count as a use.
    public func contains(_ id: TileID) -> Bool {
        guard id.isValidRow, id.z >= 0, id.z <= 30 else { return false }
        return
            (try? reader.withLock {
                let statement = try reader.prepare(
                    "SELECT 1 FROM tile_state WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
                try bindTile(statement, id)
                return try statement.step()
            }) ?? false
    }

    /// Stores tile `id` (nil bytes: the server has no such tile), valid for `maxAge` seconds, then
    /// evicts the least recently used tiles while the cache is over its limit. A tile that alone takes
    /// more than the limit is not stored (an older copy of it goes) and evicts nothing. Throws
    /// `SQLiteError` when the file cannot be written (full disk, read-only).
    public func store(_ id: TileID, bytes: [UInt8]?, maxAge: Double) throws {
        guard id.isValidRow, id.z >= 0, id.z <= 30 else { return }
        let now = clock()
        let size = (bytes?.count ?? 0) + Self.rowOverhead
        writeUses()  // the uses noted so far count for the eviction below
        try database.transaction {
            let row = id.tmsRow
            guard size <= limitBytes else {
                try delete([(id.z, id.x, row)])
                let stored = try Self.storedBytes(database)
                total.withLock { $0 = stored }
                return
            }
            let state = try database.prepare(
                "INSERT OR REPLACE INTO tile_state VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            try state.bind(1, id.z)
            try state.bind(2, id.x)
            try state.bind(3, row)
            try state.bind(4, size)
            try state.bind(5, now + max(0, maxAge))
            try state.bind(6, now)
            _ = try state.step()
            if let bytes {
                let tile = try database.prepare("INSERT OR REPLACE INTO tiles VALUES (?1, ?2, ?3, ?4)")
                try bindTile(tile, id)
                try tile.bind(4, bytes)
                _ = try tile.step()
            } else {
                let gone = try database.prepare(
                    "DELETE FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
                try bindTile(gone, id)
                _ = try gone.step()
            }
            let stored = try Self.storedBytes(database)
            total.withLock { $0 = stored }
            if stored > limitBytes { try evict(from: stored) }
        }
    }

    /// Reads a `metadata` value.
    public func metadata(_ name: String) -> String? {
        try? database.withLock {
            let statement = try database.prepare("SELECT value FROM metadata WHERE name = ?1")
            try statement.bind(1, name)
            return try statement.step() && !statement.isNull(0) ? statement.text(0) : nil
        }
    }

    /// Writes `metadata` values (name, format, bounds, attribution, the source's TileJSON...).
    public func setMetadata(_ values: [String: String]) throws {
        try database.transaction {
            let statement = try database.prepare("INSERT OR REPLACE INTO metadata VALUES (?1, ?2)")
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                statement.reset()
                try statement.bind(1, name)
                try statement.bind(2, value)
                _ = try statement.step()
            }
        }
    }

    /// Bytes of the file on disk (pages in use and free), for tests and the status of the cache.
    public var fileBytes: Int {
        (try? database.withLock {
            let statement = try database.prepare(
                "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")
            return try statement.step() ? statement.int(0) : 0
        }) ?? 0
    }

    // MARK: Private

    /// Deletes least recently used tiles until the cache is at `evictionTarget` of its limit, then gives
    /// the freed pages back to the file system. Runs inside `store`'s transaction.
    private func evict(from stored: Int) throws {
        // checked: a non-negative Int times 0.9 stays inside Int
        let target = Int(Double(limitBytes) * Self.evictionTarget)
        let oldest = try database.prepare(
            "SELECT zoom_level, tile_column, tile_row, bytes FROM tile_state ORDER BY used LIMIT 256")
        var remaining = stored
        while remaining > target {
            var victims: [(Int, Int, Int)] = []
            oldest.reset()
            while remaining > target, try oldest.step() {
                victims.append((oldest.int(0), oldest.int(1), oldest.int(2)))
                remaining -= oldest.int(3)
            }
            oldest.reset()
            guard !victims.isEmpty else { break }
            try delete(victims)
        }
        total.withLock { $0 = max(remaining, 0) }
        try database.execute("PRAGMA incremental_vacuum")
    }

    /// Deletes the tiles (zoom, column, TMS row) and their state rows. Runs inside a transaction.
    private func delete(_ tiles: [(Int, Int, Int)]) throws {
        for table in ["tiles", "tile_state"] {
            let delete = try database.prepare(
                "DELETE FROM \(table) WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
            for (z, x, row) in tiles {
                delete.reset()
                try delete.bind(1, z)
                try delete.bind(2, x)
                try delete.bind(3, row)
                _ = try delete.step()
            }
        }
    }

    /// Binds z, x and the TMS row of `id` to parameters 1–3.
    private func bindTile(_ statement: SQLiteStatement, _ id: TileID) throws {
        try statement.bind(1, id.z)
        try statement.bind(2, id.x)
        try statement.bind(3, id.tmsRow)
    }

    private static func storedBytes(_ database: SQLiteDatabase) throws -> Int {
        try database.withLock {
            let statement = try database.prepare("SELECT coalesce(sum(bytes), 0) FROM tile_state")
            return try statement.step() ? statement.int(0) : 0
        }
    }
}
