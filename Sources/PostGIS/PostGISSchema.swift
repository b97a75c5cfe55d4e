/// The tables of a PostGIS places database. The names are fixed (never taken from user text):
///
/// - `mapterm_places`: one row per place. `rowid` is internal (assigned in Hilbert order by a bulk
///   import, like the SQLite store's); `id` is the stable place id ("rr:16273"), unique; `kind` is
///   `PlaceKind.rawValue`; `lat`/`lon` are degrees (WGS84); `details` the compact JSON of
///   `PlaceDetailsCoding` (NULL for none); `category` its `PlaceCategory.code`, `rank` its
///   `PlaceImportance.rank`, `keywords` its `PlaceKeywords.stored` form; `geom` a point generated from
///   `lon`/`lat` (SRID 4326) with a GiST index, which the viewport query reads.
/// - `mapterm_place_words`: the search index, one row per (folded word, place rowid), ordered by word
///   (`COLLATE "C"`, so a prefix is one range read in code point order, as in the SQLite store).
/// - `mapterm_markers`: the cluster hierarchies (`ClusterTree`, one per `ClusterGroup`) as rows of up to
///   32 markers sharing their zoom range exactly (`MarkerBucket` blobs, the SQLite store's format); `extent`
///   is a 3-D line from (min lon, min lat, min zoom) to (max lon, max lat, max zoom) with an n-D GiST
///   index, so a viewport query at zoom z is one `&&&` lookup. Bucket numbers are `group << 40 | n`.
/// - `mapterm_clusters`: one row per cluster node (`ClusterRecord`), for a cluster's most important places.
enum PostGISSchema {
    /// The tables, created when missing (indexes apart, see `indexes`).
    static let tables = """
        CREATE TABLE IF NOT EXISTS mapterm_places (
            rowid bigint PRIMARY KEY,
            id text NOT NULL,
            kind text NOT NULL,
            name text NOT NULL,
            lat double precision NOT NULL,
            lon double precision NOT NULL,
            details text,
            category smallint NOT NULL,
            rank smallint NOT NULL,
            keywords text NOT NULL DEFAULT '',
            geom geometry(Point, 4326) GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(lon, lat), 4326)) STORED
        );
        CREATE TABLE IF NOT EXISTS mapterm_place_words (word text COLLATE "C" NOT NULL, rowid bigint NOT NULL);
        CREATE TABLE IF NOT EXISTS mapterm_markers (
            bucket bigint PRIMARY KEY,
            min_lon double precision NOT NULL,
            max_lon double precision NOT NULL,
            min_lat double precision NOT NULL,
            max_lat double precision NOT NULL,
            min_z smallint NOT NULL,
            max_z smallint NOT NULL,
            entries bytea NOT NULL,
            extent geometry GENERATED ALWAYS AS
                (ST_MakeLine(ST_MakePoint(min_lon, min_lat, min_z), ST_MakePoint(max_lon, max_lat, max_z))) STORED
        );
        CREATE TABLE IF NOT EXISTS mapterm_clusters (
            id bigint PRIMARY KEY, rank smallint NOT NULL, counts bytea NOT NULL, children bytea NOT NULL
        );
        """

    /// The indexes of places and words: made after a bulk load (faster than growing them row by row).
    static let indexes = """
        CREATE UNIQUE INDEX IF NOT EXISTS mapterm_places_by_id ON mapterm_places (id);
        CREATE INDEX IF NOT EXISTS mapterm_places_geom ON mapterm_places USING gist (geom);
        CREATE INDEX IF NOT EXISTS mapterm_place_words_by_word ON mapterm_place_words (word, rowid);
        """

    /// Drops the indexes of `indexes` (before a bulk load into empty tables).
    static let dropIndexes = """
        DROP INDEX IF EXISTS mapterm_places_by_id; DROP INDEX IF EXISTS mapterm_places_geom;
        DROP INDEX IF EXISTS mapterm_place_words_by_word;
        """

    /// The index of the markers, made after they are written.
    static let markerIndex = """
        CREATE INDEX IF NOT EXISTS mapterm_markers_extent ON mapterm_markers USING gist (extent gist_geometry_ops_nd)
        """

    /// The columns each table must have, checked when a database is opened.
    static let requiredColumns: [(table: String, columns: [String])] = [
        (
            "mapterm_places",
            ["rowid", "id", "kind", "name", "lat", "lon", "details", "category", "rank", "keywords", "geom"]
        ),
        ("mapterm_place_words", ["word", "rowid"]),
        (
            "mapterm_markers",
            ["bucket", "min_lon", "max_lon", "min_lat", "max_lat", "min_z", "max_z", "entries", "extent"]
        ),
        ("mapterm_clusters", ["id", "rank", "counts", "children"]),
    ]

    /// The key of the advisory lock imports hold for their transaction ("MTPG").
    static let importLock = 0x4D54_5047
}
