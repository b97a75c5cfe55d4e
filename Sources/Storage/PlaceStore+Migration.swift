import Foundation
import GeoCore
import Places

extension PlaceStore {
    /// Upgrades a store of schema version 1 (before place categories and clusters) to version 2 in one
    /// transaction, keeping every place (imported ones included): adds the `category`
    /// and `rank` columns, gives heliports, seaplane bases and balloon ports their own kinds, rewrites
    /// the place buckets with categories and builds the cluster hierarchies. An interruption leaves the
    /// store at version 1, to be upgraded on the next open.
    static func upgradeFromVersion1(_ database: SQLiteDatabase, path: String) throws {
        try database.transaction {
            try database.execute(
                """
                ALTER TABLE places ADD COLUMN category INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE places ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;
                \(PlaceStoreSchema.clusterTables)
                """)
            try classifyRows(database, path: path)
            let buckets = try BucketStatements(database)
            let list = try database.prepare("SELECT DISTINCT bucket FROM places ORDER BY bucket")
            let numbers: [Int64] = try database.withLock {
                var numbers: [Int64] = []
                while try list.step() { numbers.append(list.int64(0)) }
                list.reset()
                return numbers
            }
            for bucket in numbers { try buckets.repack(bucket) }
            try rebuildClusters(Set(ClusterGroup.allCases), in: database)
            try database.execute("PRAGMA user_version = 2")
        }
    }

    /// Upgrades a store of schema version 2 (without search keywords) to version 3 in one transaction,
    /// keeping every place: adds the `keywords` column and fills it from each row's details
    /// (`PlaceKeywords`); `upgradeFromVersion3` then builds the search index. An interruption leaves the
    /// store at version 2.
    static func upgradeFromVersion2(_ database: SQLiteDatabase, path: String) throws {
        try database.transaction {
            try database.execute("ALTER TABLE places ADD COLUMN keywords TEXT NOT NULL DEFAULT ''")
            let read = try database.prepare("SELECT rowid, kind, name, details FROM places")
            var rows: [(rowid: Int64, kind: String, name: String, details: String?)] = []
            try database.withLock {
                while try read.step() {
                    rows.append((read.int64(0), read.text(1), read.text(2), read.isNull(3) ? nil : read.text(3)))
                }
                read.reset()
            }
            let write = try database.prepare("UPDATE places SET keywords = ?2 WHERE rowid = ?1")
            for row in rows {
                let kind = PlaceKind(rawValue: row.kind) ?? .restroom
                let details = try PlaceDetailsCoding.decode(row.details, kind: kind, path: path)
                let place = Place(
                    id: "", kind: kind, name: row.name, coordinate: LatLon(lat: 0, lon: 0), details: details)
                try database.withLock {
                    write.reset()
                    try write.bind(1, row.rowid)
                    try write.bind(2, PlaceKeywords.stored(place))
                    _ = try write.step()
                    write.reset()
                }
            }
            try database.execute("PRAGMA user_version = 3")
        }
    }

    /// Upgrades a store of schema version 3 (a row per word and place in `place_words`) to version 4 in
    /// one transaction, keeping every place: rebuilds `place_words` in blocks of rowids from each row's
    /// name and keywords. An interruption leaves the store at version 3.
    static func upgradeFromVersion3(_ database: SQLiteDatabase) throws {
        try database.transaction {
            try database.execute("DROP TABLE IF EXISTS place_words; \(PlaceStoreSchema.wordTable)")
            let read = try database.prepare("SELECT rowid, name, keywords FROM places")
            let words = PlaceWordWriter(database)
            try database.withLock {
                while try read.step() {
                    words.add(name: read.text(1), storedKeywords: read.text(2), rowid: read.int64(0))
                }
                read.reset()
            }
            try words.write()
            try database.execute("PRAGMA user_version = 4")
        }
    }

    /// Upgrades a store of schema version 4 to version 5 in one transaction: drops the FTS5 name index
    /// `places_fts` (nothing reads it; searches use `place_words`) and its triggers. An interruption
    /// leaves the store at version 4.
    static func upgradeFromVersion4(_ database: SQLiteDatabase) throws {
        try database.transaction {
            try database.execute(PlaceStoreSchema.dropNameIndex)
            try database.execute("PRAGMA user_version = 5")
        }
    }

    /// Upgrades a store of schema version 5 to version 6 in one transaction: adds the table of fetch
    /// times `place_fetches`, empty. An interruption leaves the store at version 5.
    static func upgradeFromVersion5(_ database: SQLiteDatabase) throws {
        try database.transaction {
            try database.execute(PlaceStoreSchema.fetchTable)
            try database.execute("PRAGMA user_version = 6")
        }
    }

    /// Sets kind, category and rank of every row from its stored kind and details.
    private static func classifyRows(_ database: SQLiteDatabase, path: String) throws {
        let read = try database.prepare("SELECT rowid, kind, details FROM places")
        let write = try database.prepare("UPDATE places SET kind = ?2, category = ?3, rank = ?4 WHERE rowid = ?1")
        var rows: [(rowid: Int64, kind: String, details: String?)] = []
        try database.withLock {
            while try read.step() { rows.append((read.int64(0), read.text(1), read.isNull(2) ? nil : read.text(2))) }
            read.reset()
        }
        for row in rows {
            let stored = PlaceKind(rawValue: row.kind) ?? .restroom
            let details = try PlaceDetailsCoding.decode(row.details, kind: stored, path: path)
            var place = Place(id: "", kind: stored, name: "", coordinate: LatLon(lat: 0, lon: 0), details: details)
            if let airport = place.airport { place.kind = PlaceKind.ofAirportType(airport.type) }
            try database.withLock {
                write.reset()
                try write.bind(1, row.rowid)
                try write.bind(2, place.kind.rawValue)
                try write.bind(3, Int(PlaceCategory.of(place).code))
                try write.bind(4, Int(PlaceImportance.rank(place)))
                _ = try write.step()
                write.reset()
            }
        }
    }
}
