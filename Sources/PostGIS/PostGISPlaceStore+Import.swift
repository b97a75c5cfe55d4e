import Blocking
import GeoCore
import Places
import Storage

extension PostGISPlaceStore {
    /// Connects to `url` for an import: the schema need not exist yet (`import` creates it).
    /// - Throws: `PostGISError.badURL`, `.cannotConnect`.
    public static func forImport(url text: String) throws -> PostGISPlaceStore {
        try PostGISPlaceStore(connection: try PostgresConnection(try PostgresURL(text)))
    }

    /// Adds or replaces (by `id`) `places` in one transaction; returns how many distinct places were
    /// written. Places with an invalid coordinate are skipped; of several with one id the last wins.
    /// Pass sanitised places (`PlaceImporter` makes them).
    ///
    /// The transaction holds an advisory lock (`PostGISSchema.importLock`), so imports at once run one
    /// after the other and lose nothing. It installs PostGIS when missing (where the user may) and
    /// creates the tables. Rows go in by `COPY`, in Hilbert order (as the SQLite store's, so both
    /// build the same cluster hierarchies from the same places): into empty tables straight, with the
    /// indexes built afterwards; otherwise through a temporary table, replacing rows of the same id in
    /// place. The cluster hierarchies of every group are rebuilt from the whole table in Swift
    /// (`ClusterTree`; for a load into empty tables on the second core while the server writes the rows
    /// and builds the indexes) and written as `mapterm_markers` and `mapterm_clusters` rows.
    /// - Throws: `PostGISError` (the database is unchanged then).
    @discardableResult
    public func `import`(_ places: [Place]) throws -> Int {
        let order = PlaceStore.spatialOrder(places, PlaceStore.lastOfEachID(places))
        do {
            return try connection.transaction {
                try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", ["\(PostGISSchema.importLock)"])
                try checkPostGIS(install: true)
                try connection.script(PostGISSchema.tables)
                try checkTables()
                let empty = try connection.query("SELECT NOT EXISTS (SELECT 1 FROM mapterm_places)") {
                    $0.text(0, 0) == "t"
                }
                let hierarchies: [ClusterRows]
                if empty {
                    let build = ForkedWork {
                        Self.hierarchies(ClusterInput.of(order.enumerated().map { (Int64($0 + 1), places[$1]) }))
                    }
                    try connection.script(PostGISSchema.dropIndexes)
                    let rowids = order.indices.map { Int64($0 + 1) }
                    try copyPlaces(places, order: order, rowids: rowids, into: "mapterm_places")
                    try copyWords(places, order: order, rowids: rowids)
                    try connection.script(PostGISSchema.indexes)
                    hierarchies = build.join()
                } else {
                    try connection.script(PostGISSchema.indexes)
                    let rowids = try assignRowids(places, order: order)
                    try replaceRows(places, order: order, rowids: rowids)
                    hierarchies = Self.hierarchies(try storedInputs())
                }
                try writeClusters(hierarchies)
                try connection.script("ANALYZE mapterm_places; ANALYZE mapterm_place_words; ANALYZE mapterm_markers")
                return order.count
            }
        } catch let failure as PostgresFailure {
            throw PostGISError.query(failure.message)
        }
    }

    // MARK: Rows

    /// Sends the places of `order` with their `rowids` to `table` by COPY.
    private func copyPlaces(_ places: [Place], order: [Int], rowids: [Int64], into table: String) throws {
        try connection.copyIn(
            "COPY \(table) (rowid, id, kind, name, lat, lon, details, category, rank, keywords) FROM STDIN"
        ) { sink in
            for (position, index) in order.enumerated() {
                let place = places[index]
                sink.line.number(rowids[position])
                sink.line.text(place.id)
                sink.line.text(place.kind.rawValue)
                sink.line.text(place.name)
                sink.line.number(place.coordinate.lat)
                sink.line.number(place.coordinate.lon)
                sink.line.text(PlaceDetailsCoding.encode(place.details))
                sink.line.number(PlaceCategory.of(place).code)
                sink.line.number(PlaceImportance.rank(place))
                sink.line.text(PlaceKeywords.stored(place))
                try sink.end()
            }
        }
    }

    /// Sends the search words of the places of `order` by COPY.
    private func copyWords(_ places: [Place], order: [Int], rowids: [Int64]) throws {
        try connection.copyIn("COPY mapterm_place_words (word, rowid) FROM STDIN") { sink in
            var words: [String] = []
            for (position, index) in order.enumerated() {
                PlaceWordWriter.words(of: places[index], into: &words)
                for word in words {
                    sink.line.text(word)
                    sink.line.number(rowids[position])
                    try sink.end()
                }
            }
        }
    }

    /// The rowid each place of `order` gets: that of the stored place of its id, or a new one after every
    /// stored rowid (in order).
    private func assignRowids(_ places: [Place], order: [Int]) throws -> [Int64] {
        try connection.script("CREATE TEMPORARY TABLE mapterm_import_ids (seq bigint, id text) ON COMMIT DROP")
        try connection.copyIn("COPY mapterm_import_ids (seq, id) FROM STDIN") { sink in
            for (position, index) in order.enumerated() {
                sink.line.number(position)
                sink.line.text(places[index].id)
                try sink.end()
            }
        }
        var rowids = [Int64](repeating: 0, count: order.count)
        try connection.query(
            "SELECT s.seq, p.rowid FROM mapterm_import_ids s JOIN mapterm_places p ON p.id = s.id"
        ) { rows in
            for row in 0..<rows.count { rowids[rows.int(row, 0)] = Int64(rows.int(row, 1)) }
        }
        var next = Int64(try connection.query("SELECT coalesce(max(rowid), 0) FROM mapterm_places") { $0.int(0, 0) })
        for position in rowids.indices where rowids[position] == 0 {
            next += 1
            rowids[position] = next
        }
        return rowids
    }

    /// Writes the places of `order` through a temporary table: rows of the same rowid (the same id) are
    /// replaced in place, and their words (the old words found from the old rows' text, so the word
    /// table needs no index by rowid).
    private func replaceRows(_ places: [Place], order: [Int], rowids: [Int64]) throws {
        try connection.script(
            """
            CREATE TEMPORARY TABLE mapterm_import (LIKE mapterm_places INCLUDING DEFAULTS) ON COMMIT DROP;
            ALTER TABLE mapterm_import DROP COLUMN geom;
            """)
        try copyPlaces(places, order: order, rowids: rowids, into: "mapterm_import")
        let old = try connection.query(
            "SELECT p.rowid, p.name, p.keywords FROM mapterm_places p JOIN mapterm_import i ON i.rowid = p.rowid"
        ) { rows in (0..<rows.count).map { (rows.int($0, 0), rows.text($0, 1), rows.text($0, 2)) } }
        try connection.script("CREATE TEMPORARY TABLE mapterm_import_words (word text, rowid bigint) ON COMMIT DROP")
        try connection.copyIn("COPY mapterm_import_words (word, rowid) FROM STDIN") { sink in
            var words: [String] = []
            for (rowid, name, keywords) in old {
                PlaceWordWriter.words(name: name, storedKeywords: keywords, into: &words)
                for word in words {
                    sink.line.text(word)
                    sink.line.number(rowid)
                    try sink.end()
                }
            }
        }
        try connection.script(
            """
            DELETE FROM mapterm_place_words w USING mapterm_import_words o
            WHERE w.word = o.word COLLATE "C" AND w.rowid = o.rowid;
            INSERT INTO mapterm_places (rowid, id, kind, name, lat, lon, details, category, rank, keywords)
            SELECT rowid, id, kind, name, lat, lon, details, category, rank, keywords FROM mapterm_import
            ON CONFLICT (rowid) DO UPDATE SET id = EXCLUDED.id, kind = EXCLUDED.kind, name = EXCLUDED.name,
                lat = EXCLUDED.lat, lon = EXCLUDED.lon, details = EXCLUDED.details, category = EXCLUDED.category,
                rank = EXCLUDED.rank, keywords = EXCLUDED.keywords;
            """)
        try copyWords(places, order: order, rowids: rowids)
    }

    /// Every stored place, by rowid, as the hierarchies are built from (read through a cursor).
    private func storedInputs() throws -> [ClusterInput] {
        var inputs = [ClusterInput](repeating: ClusterInput(), count: ClusterGroup.allCases.count)
        try connection.script(
            """
            DECLARE mapterm_scan NO SCROLL CURSOR FOR
            SELECT rowid, id, name, lat, lon, category, rank FROM mapterm_places ORDER BY rowid
            """)
        while true {
            let count = try connection.query("FETCH 50000 FROM mapterm_scan") { rows in
                for row in 0..<rows.count {
                    guard let category = PlaceCategory(code: UInt8(clamping: rows.int(row, 5))) else { continue }
                    inputs[Int(category.group.rawValue)].append(
                        rowid: Int64(rows.int(row, 0)), id: rows.text(row, 1), name: rows.text(row, 2),
                        coordinate: LatLon(lat: rows.double(row, 3), lon: rows.double(row, 4)), category: category,
                        rank: UInt8(clamping: rows.int(row, 6)))
                }
                return rows.count
            }
            if count == 0 { break }
        }
        try connection.script("CLOSE mapterm_scan")
        return inputs
    }

    // MARK: Clusters

    /// The hierarchy of every group with places, packed (computation only).
    private static func hierarchies(_ inputs: [ClusterInput]) -> [ClusterRows] {
        var all: [ClusterRows] = []
        for group in ClusterGroup.allCases {
            let input = inputs[Int(group.rawValue)]
            guard !input.points.isEmpty else { continue }
            let tree = ClusterTree(group: group, points: input.points)
            all.append(
                ClusterRows(
                    tree,
                    place: { node in
                        let i = Int(node)
                        return .place(
                            id: input.ids[i], name: input.names[i], coordinate: input.coordinates[i],
                            category: input.points[i].category, rank: input.points[i].rank)
                    },
                    point: { point in (input.rowids[Int(point)], input.points[Int(point)].category) }))
        }
        return all
    }

    /// Replaces the stored markers and clusters with `all`.
    private func writeClusters(_ all: [ClusterRows]) throws {
        try connection.script("DELETE FROM mapterm_markers; DELETE FROM mapterm_clusters")
        try connection.copyIn(
            "COPY mapterm_markers (bucket, min_lon, max_lon, min_lat, max_lat, min_z, max_z, entries) FROM STDIN"
        ) { sink in
            for rows in all {
                for bucket in rows.buckets {
                    sink.line.number(bucket.id)
                    sink.line.number(bucket.box.minLon)
                    sink.line.number(bucket.box.maxLon)
                    sink.line.number(bucket.box.minLat)
                    sink.line.number(bucket.box.maxLat)
                    sink.line.number(bucket.zoom.min)
                    sink.line.number(bucket.zoom.max)
                    sink.line.blob(bucket.bytes)
                    try sink.end()
                }
            }
        }
        try connection.copyIn("COPY mapterm_clusters (id, rank, counts, children) FROM STDIN") { sink in
            for rows in all {
                for cluster in rows.clusters {
                    sink.line.number(cluster.id)
                    sink.line.number(cluster.rank)
                    sink.line.blob(cluster.counts)
                    sink.line.blob(cluster.children)
                    try sink.end()
                }
            }
        }
        try connection.script(PostGISSchema.markerIndex)
    }
}

extension ClusterInput {
    /// The inputs of every group of `places` (in rowid order).
    static func of(_ places: [(rowid: Int64, place: Place)]) -> [ClusterInput] {
        var inputs = [ClusterInput](repeating: ClusterInput(), count: ClusterGroup.allCases.count)
        for (rowid, place) in places {
            let category = PlaceCategory.of(place)
            inputs[Int(category.group.rawValue)].append(
                rowid: rowid, id: place.id, name: place.name, coordinate: place.coordinate, category: category,
                rank: PlaceImportance.rank(place))
        }
        return inputs
    }
}
