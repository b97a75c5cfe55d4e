import Foundation
import GeoCore
import Places

extension PlaceStore {
    /// The steps of `import(_:progress:)`, reported as each one starts.
    public enum ImportPhase: String, Sendable, CaseIterable {
        /// Dropping invalid coordinates and repeated ids, sorting by Hilbert key.
        case prepare
        /// Removing the rows being replaced, then inserting the rows of `places` (with their details
        /// JSON and, except in a bulk import, their index and FTS5 entries).
        case table
        /// Bulk import only: building the indexes of `places` (ids, buckets) by sorting.
        case indexes
        /// Packing the new buckets and writing them to the R*Tree; repacking the buckets that lost places.
        case rtree
        /// Bulk import only: building the FTS5 name index in one pass (otherwise nothing to do).
        case fts
        /// Rebuilding the cluster hierarchies of the groups whose places changed.
        case clusters
        /// Committing the transaction.
        case commit
    }

    /// Adds or replaces (by `id`) `places` in one transaction; returns how many distinct places were
    /// written. Places with an invalid coordinate are skipped; of several places with one id the last
    /// wins. Text is stored as given: pass sanitised places (`PlaceImporter`, the DTOs and
    /// `Place.sanitized()` produce them).
    ///
    /// New and replaced places are inserted in Hilbert order and cut into new buckets of
    /// `PlaceBucket.capacity`; buckets that lost a replaced place are repacked. Into an empty store this
    /// is a bulk load: the indexes and the FTS5 insert trigger are dropped and the indexes built in one
    /// pass each afterwards, with a 256 MiB page cache. Last, the cluster hierarchies of every group that
    /// gained or lost a place are rebuilt (`rebuildClusters`).
    ///
    /// `progress` is called as each phase starts; when it throws, the import rolls back and rethrows.
    /// - Throws: `PlaceStoreError`, or what `progress` throws; the store is unchanged then.
    @discardableResult
    public func `import`(_ places: [Place], progress: (ImportPhase) throws -> Void = { _ in }) throws -> Int {
        try progress(.prepare)
        let order = Self.spatialOrder(places, Self.lastOfEachID(places))
        do {
            let bulk = try database.pragmaInt(query: "SELECT NOT EXISTS (SELECT 1 FROM places)") == 1
            if bulk {
                // Pages appended to a rollback-journal database are written once; WAL would write them
                // twice (log, then checkpoint). Needs the only connection; when others are open, WAL stays.
                try? database.execute("PRAGMA journal_mode = DELETE")
                try database.execute("PRAGMA cache_size = -262144")
            }
            defer {
                if bulk {
                    try? database.execute("PRAGMA cache_size = -2000")
                    try? database.execute("PRAGMA journal_mode = WAL")
                }
            }
            try database.transaction {
                try progress(.table)
                let removed = bulk ? RemovedRows() : try removeRows(ids: order.map { places[$0].id })
                var emptied = removed.buckets
                if bulk {
                    try database.execute(PlaceStoreSchema.dropInsertTrigger)
                    try database.execute(PlaceStoreSchema.dropIndexes)
                }
                let firstBucket = try database.pragmaInt(query: "SELECT coalesce(max(bucket), 0) FROM places") + 1
                try insertRows(places, order: order, firstBucket: firstBucket)
                try progress(.indexes)
                if bulk { try database.execute(PlaceStoreSchema.indexes) }
                try progress(.rtree)
                let buckets = try BucketStatements(database)
                var bucket = firstBucket
                for start in stride(from: 0, to: order.count, by: PlaceBucket.capacity) {
                    let chunk = order[start..<min(start + PlaceBucket.capacity, order.count)]
                    try buckets.write(bucket, entries: chunk.lazy.map { PlaceBucket.Entry(places[$0]) })
                    emptied.remove(Int64(bucket))
                    bucket += 1
                }
                for old in emptied.sorted() { try buckets.repack(old) }
                try progress(.fts)
                if bulk {
                    try database.execute(PlaceStoreSchema.rebuildFTS)
                    try database.execute(PlaceStoreSchema.insertTrigger)
                }
                try progress(.clusters)
                try rebuildClusters(removed.groups.union(order.map { PlaceCategory.of(places[$0]).group }))
                try progress(.commit)
            }
            return order.count
        } catch let error as SQLiteError {
            throw storeError(error)
        }
    }

    /// Removes the places with these ids; returns how many there were.
    @discardableResult
    public func delete(ids: [String]) throws -> Int {
        do {
            return try database.transaction {
                let removed = try removeRows(ids: ids)
                let buckets = try BucketStatements(database)
                for bucket in removed.buckets.sorted() { try buckets.repack(bucket) }
                try rebuildClusters(removed.groups)
                return removed.count
            }
        } catch {
            throw storeError(error)
        }
    }

    // MARK: Rows

    /// What `removeRows` deleted: the buckets to repack, the groups whose clusters change, how many rows.
    private struct RemovedRows {
        var buckets = Set<Int64>()
        var groups = Set<ClusterGroup>()
        var count = 0
    }

    /// Deletes the rows with these ids (missing ones are ignored).
    private func removeRows(ids: [String]) throws -> RemovedRows {
        let find = try database.prepare("SELECT rowid, bucket, category FROM places WHERE id = ?1")
        let remove = try database.prepare("DELETE FROM places WHERE rowid = ?1")
        var removed = RemovedRows()
        try database.withLock {
            for id in ids {
                find.reset()
                try find.bind(1, id)
                guard try find.step() else { continue }
                let rowid = find.int64(0)
                removed.buckets.insert(find.int64(1))
                if let category = PlaceCategory(code: UInt8(clamping: find.int(2))) {
                    removed.groups.insert(category.group)
                }
                find.reset()
                remove.reset()
                try remove.bind(1, rowid)
                _ = try remove.step()
                removed.count += 1
            }
            find.reset()
            remove.reset()
        }
        return removed
    }

    /// Inserts `places[i]` for every `i` of `order`, in that order, `PlaceBucket.capacity` to a bucket
    /// numbered from `firstBucket`.
    private func insertRows(_ places: [Place], order: [Int], firstBucket: Int) throws {
        let insert = try database.prepare(
            """
            INSERT INTO places (id, kind, name, lat, lon, details, bucket, category, rank)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        try database.withLock {
            for (position, index) in order.enumerated() {
                let place = places[index]
                insert.reset()
                try insert.bind(1, place.id)
                try insert.bind(2, place.kind.rawValue)
                try insert.bind(3, place.name)
                try insert.bind(4, place.coordinate.lat)
                try insert.bind(5, place.coordinate.lon)
                if let details = PlaceDetailsCoding.encode(place.details) {
                    try insert.bind(6, details)
                } else {
                    try insert.bindNull(6)
                }
                try insert.bind(7, firstBucket + position / PlaceBucket.capacity)
                try insert.bind(8, Int(PlaceCategory.of(place).code))
                try insert.bind(9, Int(PlaceImportance.rank(place)))
                _ = try insert.step()
            }
            insert.reset()
        }
    }

    // MARK: Ordering

    /// Indices of the places to write: valid coordinates only, and of several places with one id only
    /// the last; in input order.
    private static func lastOfEachID(_ places: [Place]) -> [Int] {
        var seen = Set<String>(minimumCapacity: places.count)
        var kept: [Int] = []
        kept.reserveCapacity(places.count)
        for index in places.indices.reversed() where places[index].coordinate.isValid {
            if seen.insert(places[index].id).inserted { kept.append(index) }
        }
        return kept.reversed()
    }

    /// `indices` sorted by the Hilbert key of their places' coordinates, ties in input order.
    private static func spatialOrder(_ places: [Place], _ indices: [Int]) -> [Int] {
        var keys = indices.map { index -> UInt64 in
            let c = places[index].coordinate
            return UInt64(HilbertKey.key(lat: c.lat, lon: c.lon)) << 32 | UInt64(index)
        }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }
}

/// The statements that write the R*Tree rows of buckets, prepared once per import or delete.
struct BucketStatements {
    let database: SQLiteDatabase
    let write: SQLiteStatement
    let read: SQLiteStatement
    let remove: SQLiteStatement

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        write = try database.prepare(
            """
            INSERT OR REPLACE INTO places_rtree (bucket, min_lon, max_lon, min_lat, max_lat, entries)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        read = try database.prepare("SELECT id, category, name, lat, lon FROM places WHERE bucket = ?1 ORDER BY rowid")
        remove = try database.prepare("DELETE FROM places_rtree WHERE bucket = ?1")
    }

    /// Writes (or replaces) the R*Tree row of `bucket` holding `entries`.
    func write(_ bucket: Int, entries: some Sequence<PlaceBucket.Entry>) throws {
        let (bytes, box) = PlaceBucket.pack(entries)
        try database.withLock {
            write.reset()
            try write.bind(1, bucket)
            try write.bind(2, box.minLon)
            try write.bind(3, box.maxLon)
            try write.bind(4, box.minLat)
            try write.bind(5, box.maxLat)
            try write.bind(6, bytes)
            _ = try write.step()
            write.reset()
        }
    }

    /// Rebuilds the R*Tree row of `bucket` from its rows in `places`, or deletes it when none are left.
    func repack(_ bucket: Int64) throws {
        let members: [PlaceBucket.Entry] = try database.withLock {
            read.reset()
            defer { read.reset() }
            try read.bind(1, bucket)
            var members: [PlaceBucket.Entry] = []
            while try read.step() {
                guard let category = PlaceCategory(code: UInt8(clamping: read.int(1))) else { continue }
                members.append(
                    PlaceBucket.Entry(
                        id: read.text(0), category: category, name: read.text(2),
                        coordinate: LatLon(lat: read.double(3), lon: read.double(4))))
            }
            return members
        }
        if members.isEmpty {
            try database.withLock {
                remove.reset()
                try remove.bind(1, bucket)
                _ = try remove.step()
                remove.reset()
            }
        } else {
            try write(Int(bucket), entries: members)
        }
    }
}
