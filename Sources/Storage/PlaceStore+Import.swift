import Foundation
import GeoCore
import Places

extension PlaceStore {
    /// The steps of `import(_:progress:)`, reported as each one starts.
    public enum ImportPhase: String, Sendable, CaseIterable {
        /// Dropping invalid coordinates and repeated ids, sorting by Hilbert key.
        case prepare
        /// Updating the rows being replaced in place, then inserting the new rows of `places` (with their
        /// details JSON and, except in a bulk import, their index entries), while the cluster hierarchies
        /// are built on another thread.
        case table
        /// Bulk import only: building the indexes of `places` (ids, buckets) by sorting.
        case indexes
        /// Packing the new buckets and writing them to the R*Tree; repacking the buckets that lost places.
        case rtree
        /// Writing the search words of every place written, folded and sorted on another thread during
        /// `indexes` and `rtree` (`PlaceWordWriter`).
        case words
        /// Writing the rebuilt cluster hierarchies of the groups whose places changed.
        case clusters
        /// Committing the transaction.
        case commit
    }

    /// Adds or replaces (by `id`) `places` in one transaction; returns how many distinct places were
    /// written. Places with an invalid coordinate are skipped; of several places with one id the last
    /// wins. Text is stored as given: pass sanitised places (`PlaceImporter`, the DTOs and
    /// `Place.sanitized()` produce them).
    ///
    /// The places are taken in Hilbert order and cut into new buckets of `PlaceBucket.capacity`; a
    /// replaced place keeps its row (updated in place) and moves to its new bucket, and old buckets that
    /// lost places are repacked. Into an empty store this is a bulk load: the indexes are
    /// dropped and built in one pass each afterwards. Every import runs with a 256 MiB page cache. The
    /// cluster hierarchies of every group that gained or lost a place are rebuilt (`ClusterBuild`), and
    /// the search words of every place written are folded and sorted (`PlaceWordWriter`), on other
    /// threads while the rows are written.
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
                // (Only for a bulk load: a map opening a store in rollback mode while it is written could
                // not switch it back to WAL.)
                try? database.execute("PRAGMA journal_mode = DELETE")
            }
            // Every import touches indexes all over the file: with the default 2 MiB page cache, pages of
            // the id index are read and written again and again.
            try database.execute("PRAGMA cache_size = -262144")
            defer {
                try? database.execute("PRAGMA cache_size = -2000")
                if bulk { try? database.execute("PRAGMA journal_mode = WAL") }
            }
            try database.transaction { try write(places, order: order, bulk: bulk, progress: progress) }
            return order.count
        } catch let error as SQLiteError {
            throw storeError(error)
        }
    }

    /// The body of an import's transaction: `places[i]` for every `i` of `order` replace their namesakes
    /// (in place) or are added (with rowids after every existing one), `PlaceBucket.capacity` to a new
    /// bucket in that order.
    private func write(
        _ places: [Place], order: [Int], bulk: Bool, progress: (ImportPhase) throws -> Void
    ) throws {
        try progress(.table)
        let rows = try PlaceRowWriter(database)
        let found = bulk ? [:] : try rows.existing(ids: order.map { places[$0].id })
        // The row each place of `order` replaces, by position in `order`.
        let existing =
            found.isEmpty
            ? [PlaceRowWriter.Existing?](repeating: nil, count: order.count) : order.map { found[places[$0].id] }
        let firstBucket = try database.pragmaInt(query: "SELECT coalesce(max(bucket), 0) FROM places") + 1
        let firstRowID = Int64(try database.pragmaInt(query: "SELECT coalesce(max(rowid), 0) FROM places") + 1)
        if bulk { try database.execute(PlaceStoreSchema.dropIndexes) }
        try updateReplaced(places, order: order, existing: existing, firstBucket: firstBucket, rows: rows)
        // The groups' new hierarchies are built on another thread while the new rows are written, the
        // search words while the indexes are (two builds beside the writes would share the second core).
        let words = PlaceWordWriter(database, places: places)
        for (position, index) in order.enumerated() {
            if let old = existing[position] { words.add(placeAt: index, rowid: old.rowid) }
        }
        let lost = Set(found.values.compactMap { $0.category?.group })
        let clusters = try ClusterBuild(lost.union(order.map { PlaceCategory.of(places[$0]).group }), from: database)
        var added: [(index: Int, position: Int)] = []
        for (position, index) in order.enumerated() where existing[position] == nil {
            clusters.add(places[index], rowid: firstRowID + Int64(added.count))
            words.add(placeAt: index, rowid: firstRowID + Int64(added.count))
            added.append((index, position))
        }
        clusters.start()
        defer {
            clusters.wait()
            words.wait()
        }
        for (n, item) in added.enumerated() {
            try rows.write(
                places[item.index], rowid: firstRowID + Int64(n),
                bucket: firstBucket + item.position / PlaceBucket.capacity, replacing: false)
        }
        words.start()
        try progress(.indexes)
        if bulk { try database.execute(PlaceStoreSchema.indexes) }
        try progress(.rtree)
        try writeBuckets(places, order: order, firstBucket: firstBucket, emptied: Set(found.values.map(\.bucket)))
        try progress(.words)
        try words.write()
        try progress(.clusters)
        try clusters.write(to: database)
        try progress(.commit)
    }

    /// Updates the rows of the replaced places in place (`existing[k]` is the row that `places[order[k]]`
    /// replaces).
    private func updateReplaced(
        _ places: [Place], order: [Int], existing: [PlaceRowWriter.Existing?], firstBucket: Int,
        rows: PlaceRowWriter
    ) throws {
        for (position, index) in order.enumerated() {
            guard let old = existing[position] else { continue }
            try rows.write(
                places[index], rowid: old.rowid, bucket: firstBucket + position / PlaceBucket.capacity, replacing: true)
        }
    }

    /// Writes the R*Tree rows of the new buckets (`places[i]` for `i` of `order`, `PlaceBucket.capacity` to
    /// a bucket from `firstBucket`) and repacks the old buckets that lost places.
    private func writeBuckets(_ places: [Place], order: [Int], firstBucket: Int, emptied: Set<Int64>) throws {
        let buckets = try BucketStatements(database)
        var emptied = emptied
        var bucket = firstBucket
        for start in stride(from: 0, to: order.count, by: PlaceBucket.capacity) {
            let chunk = order[start..<min(start + PlaceBucket.capacity, order.count)]
            try buckets.write(bucket, entries: chunk.lazy.map { PlaceBucket.Entry(places[$0]) })
            emptied.remove(Int64(bucket))
            bucket += 1
        }
        for old in emptied.sorted() { try buckets.repack(old) }
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

    /// Deletes the rows with these ids (missing ones are ignored), in one statement.
    private func removeRows(ids: [String]) throws -> RemovedRows {
        guard !ids.isEmpty else { return RemovedRows() }
        let list = PlaceRowWriter.jsonArray(ids)
        let matching = "FROM places WHERE id IN (SELECT value FROM json_each(?1))"
        let find = try database.prepare("SELECT bucket, category \(matching)")
        let remove = try database.prepare("DELETE \(matching)")
        var removed = RemovedRows()
        try database.withLock {
            defer {
                find.reset()
                remove.reset()
            }
            try find.bind(1, list)
            while try find.step() {
                removed.buckets.insert(find.int64(0))
                if let category = PlaceCategory(code: UInt8(clamping: find.int(1))) {
                    removed.groups.insert(category.group)
                }
                removed.count += 1
            }
            try remove.bind(1, list)
            _ = try remove.step()
        }
        return removed
    }

    // MARK: Ordering

    /// Indices of the places to write: valid coordinates only, and of several places with one id only
    /// the last; in input order.
    package static func lastOfEachID(_ places: [Place]) -> [Int] {
        var seen = Set<String>(minimumCapacity: places.count)
        var kept: [Int] = []
        kept.reserveCapacity(places.count)
        for index in places.indices.reversed() where places[index].coordinate.isValid {
            if seen.insert(places[index].id).inserted { kept.append(index) }
        }
        return kept.reversed()
    }

    /// `indices` sorted by the Hilbert key of their places' coordinates, ties in input order.
    package static func spatialOrder(_ places: [Place], _ indices: [Int]) -> [Int] {
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
