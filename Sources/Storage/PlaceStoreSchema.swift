import Places

/// The layout of a place store file, version `PlaceStoreSchema.version`.
///
/// - `places`: one row per place, the source of truth. `rowid` is internal; `id` is the stable place id
///   ("rr:16273", "ap:KSFO", "osm:node/123"), unique (index `places_by_id`); `kind` is `PlaceKind.rawValue`; `lat`/`lon` are
///   degrees (WGS84, doubles); `details` is the compact JSON of `PlaceDetailsCoding`, NULL when there are
///   none; `bucket` is the `PlaceBucket` the place belongs to (index `places_by_bucket`).
/// - `places_rtree`: an R*Tree with one row per bucket: its bounding box (float32, rounded outward) and
///   the auxiliary column `+entries`, the `PlaceBucket` blob with id, kind, name and exact coordinate of
///   each of its places. A viewport query reads this table alone.
/// - `places_fts`: FTS5 over `name`, an external-content index of `places` (diacritics folded), kept in
///   step by triggers (the first bulk import drops the insert trigger and rebuilds the index in one go).
///
/// Buckets are maintained by `PlaceStore` (not by triggers): a bulk import cuts the places, sorted by
/// `HilbertKey`, into buckets of `PlaceBucket.capacity`; later imports and deletes repack the buckets
/// they touch and put new places into new buckets.
///
/// The file is marked with `PRAGMA application_id = applicationID` and `PRAGMA user_version = version`.
/// Any change to the layout, to `PlaceBucket`'s blob or to `PlaceDetailsCoding` must bump `version`:
/// stores of another version are refused when opened (`PlaceStoreError.schemaMismatch`), and
/// `PlaceDatabase` rebuilds them.
public enum PlaceStoreSchema {
    /// The current schema version, stored in `PRAGMA user_version`.
    public static let version = 1
    /// `PRAGMA application_id` of a place store: "MTPL" in ASCII.
    public static let applicationID: Int32 = 0x4D54_504C

    /// The tables and the triggers.
    static let create = """
        CREATE TABLE places (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            lat REAL NOT NULL,
            lon REAL NOT NULL,
            details TEXT,
            bucket INTEGER NOT NULL
        );
        \(indexes)
        CREATE VIRTUAL TABLE places_rtree USING rtree(bucket, min_lon, max_lon, min_lat, max_lat, +entries);
        CREATE VIRTUAL TABLE places_fts USING fts5(
            name, content='places', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        );
        \(insertTrigger)
        CREATE TRIGGER places_after_delete AFTER DELETE ON places BEGIN
            INSERT INTO places_fts (places_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
        END;
        CREATE TRIGGER places_after_update AFTER UPDATE OF name ON places BEGIN
            INSERT INTO places_fts (places_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
            INSERT INTO places_fts (rowid, name) VALUES (new.rowid, new.name);
        END;
        """

    /// The indexes of `places`: ids are unique.
    static let indexes = """
        CREATE UNIQUE INDEX places_by_id ON places (id);
        CREATE INDEX places_by_bucket ON places (bucket);
        """

    /// Drops the indexes of `places` (bulk import: building them afterwards by sorting is faster than
    /// inserting a million random ids one by one).
    static let dropIndexes = "DROP INDEX places_by_id; DROP INDEX places_by_bucket"

    /// Indexes the name of every new row.
    static let insertTrigger = """
        CREATE TRIGGER places_after_insert AFTER INSERT ON places BEGIN
            INSERT INTO places_fts (rowid, name) VALUES (new.rowid, new.name);
        END;
        """

    /// Drops the insert trigger (bulk import).
    static let dropInsertTrigger = "DROP TRIGGER places_after_insert"

    /// Rebuilds the full-text index from `places` (bulk import).
    static let rebuildFTS = "INSERT INTO places_fts (places_fts) VALUES ('rebuild')"

    /// The tables every place store has (checked on open).
    static let requiredTables = ["places", "places_rtree", "places_fts"]

    // MARK: Kind codes

    /// The byte standing for `kind` in a `PlaceBucket` blob. Codes are stable: a new kind gets a new code.
    static func kindCode(_ kind: PlaceKind) -> UInt8 {
        switch kind {
        case .restroom: return 1
        case .airport: return 2
        }
    }

    /// The kind of a `PlaceBucket` code; nil for codes this build does not know.
    static func kind(code: UInt8) -> PlaceKind? {
        switch code {
        case 1: return .restroom
        case 2: return .airport
        default: return nil
        }
    }
}
