import Places

/// The layout of a place store file, version `PlaceStoreSchema.version`.
///
/// - `places`: one row per place, the source of truth. `rowid` is internal; `id` is the stable place id
///   ("rr:16273", "ap:KSFO", "osm:node/123"), unique (index `places_by_id`); `kind` is `PlaceKind.rawValue`;
///   `lat`/`lon` are degrees (WGS84, doubles); `details` is the compact JSON of `PlaceDetailsCoding`, NULL
///   when there are none; `bucket` is the `PlaceBucket` the place belongs to (index `places_by_bucket`);
///   `category` is its `PlaceCategory.code`, `rank` its `PlaceImportance.rank` and `keywords` its
///   `PlaceKeywords.stored` form (codes, a tab, city or street), all derived from the rest when the row
///   is written.
/// - `places_rtree`: an R*Tree with one row per bucket: its bounding box (float32, rounded outward) and
///   the auxiliary column `+entries`, the `PlaceBucket` blob with id, kind, name and exact coordinate of
///   each of its places. A viewport query reads this table alone.
/// - `place_words`: the search index (`PlaceStore+Search`): for each folded word (`SearchText`) of the
///   places' names, keywords and codes, one row per block of 64 consecutive rowids holding a place
///   with that word (`block = rowid >> 6`), whose `bits` has bit `rowid & 63` set for each of them
///   (`PlaceWordRows`). A B-tree ordered by word then block, so the places with a word starting with a
///   prefix are one range read in word then rowid order, however many there are; a block packs the
///   places of a common word that an import stored near each other into one row (a million places
///   have about seven million words but 2.8 million rows). Written by imports and upgrades
///   (`PlaceWordWriter`); bits of places deleted or renamed later are left behind and skipped by
///   searches, which check each place's current text.
///
/// - `markers_rtree`: the cluster hierarchies (`ClusterTree`, one per `ClusterGroup`) as an R*Tree in
///   three dimensions, longitude, latitude and zoom: one row per `MarkerBucket` of up to 32 markers that
///   share their zoom range exactly, so a query at zoom z reads only markers of z. Bucket numbers are
///   `group << 40 | n`.
/// - `clusters`: one row per cluster node, `id = group << 40 | node`: its rank, its counts per category
///   slot and its children (`ClusterRecord`), for the "most important places" of a cluster's pane.
///
/// - `place_fetches`: when each place fetched from a live source (the Refuge Restrooms API) was last
///   fetched: its `id` and `fetched_at` in seconds since 1970 (UTC). Written by `keep(_:fetchedAt:)`,
///   read with a place's details; places shipped or imported have no row.
///
/// Buckets are maintained by `PlaceStore` (not by triggers): a bulk import cuts the places, sorted by
/// `HilbertKey`, into buckets of `PlaceBucket.capacity`; later imports and deletes repack the buckets
/// they touch and put new places into new buckets.
///
/// The file is marked with `PRAGMA application_id = applicationID` and `PRAGMA user_version = version`.
/// Any change to the layout, to `PlaceBucket`'s blob or to `PlaceDetailsCoding` must bump `version`:
/// stores of an unknown version are refused when opened (`PlaceStoreError.schemaMismatch`), and
/// `PlaceDatabase` rebuilds them; stores of version 1 (before clusters), 2 (before search keywords)
/// 3 (before blocks of rowids in `place_words`) and 4 (with the unused FTS5 name index `places_fts` and
/// its triggers) are upgraded in place (`PlaceStore+Migration`), keeping every place; a store of version
/// 4 opened read-only is read as it is (its extra table is never read); a store of version 5 (before
/// `place_fetches`) is upgraded by adding the table.
package enum PlaceStoreSchema {
    /// The current schema version, stored in `PRAGMA user_version`.
    package static let version = 6
    /// `PRAGMA application_id` of a place store: "MTPL" in ASCII.
    package static let applicationID: Int32 = 0x4D54_504C

    /// The tables.
    static let create = """
        CREATE TABLE places (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            lat REAL NOT NULL,
            lon REAL NOT NULL,
            details TEXT,
            bucket INTEGER NOT NULL,
            category INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            keywords TEXT NOT NULL DEFAULT ''
        );
        \(indexes)
        \(wordTable)
        CREATE VIRTUAL TABLE places_rtree USING rtree(bucket, min_lon, max_lon, min_lat, max_lat, +entries);
        \(clusterTables)
        \(fetchTable)
        """

    /// When places from a live source were last fetched.
    static let fetchTable = """
        CREATE TABLE IF NOT EXISTS place_fetches (id TEXT PRIMARY KEY, fetched_at REAL NOT NULL) WITHOUT ROWID;
        """

    /// The search index: folded words and the blocks of rowids of the places that have them.
    static let wordTable = """
        CREATE TABLE place_words (
            word TEXT NOT NULL, block INTEGER NOT NULL, bits INTEGER NOT NULL, PRIMARY KEY (word, block)
        ) WITHOUT ROWID;
        """

    /// The tables of the cluster hierarchies.
    static let clusterTables = """
        CREATE VIRTUAL TABLE markers_rtree USING rtree(
            bucket, min_lon, max_lon, min_lat, max_lat, min_z, max_z, +entries
        );
        CREATE TABLE clusters (id INTEGER PRIMARY KEY, rank INTEGER NOT NULL, counts BLOB NOT NULL, children BLOB NOT NULL);
        """

    /// The indexes of `places`: ids are unique.
    static let indexes = """
        CREATE UNIQUE INDEX places_by_id ON places (id);
        CREATE INDEX places_by_bucket ON places (bucket);
        """

    /// Drops the indexes of `places` (bulk import: building them afterwards by sorting is faster than
    /// inserting a million random ids one by one).
    static let dropIndexes = "DROP INDEX places_by_id; DROP INDEX places_by_bucket"

    /// Drops the FTS5 name index of schema 4 and the triggers that kept it in step.
    static let dropNameIndex = """
        DROP TRIGGER IF EXISTS places_after_insert;
        DROP TRIGGER IF EXISTS places_after_update;
        DROP TRIGGER IF EXISTS places_after_delete;
        DROP TABLE IF EXISTS places_fts;
        """

    /// The tables every place store has (checked on open).
    static let requiredTables = [
        "places", "places_rtree", "markers_rtree", "clusters", "place_words", "place_fetches",
    ]

    /// The first bucket or cluster id of a group; its ids run below the next group's.
    package static func firstID(of group: ClusterGroup) -> Int64 { Int64(group.rawValue) << 40 }
}
