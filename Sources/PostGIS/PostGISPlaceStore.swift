import GeoCore
import Places
import Storage
import TextSafety

/// The places of a PostGIS database (layout: `PostGISSchema`) as a `PlaceSource` and a `SearchSource`,
/// with the same answers as the embedded SQLite store for the same places.
///
/// - `places(in:filter:limit:)`: a bounding-box query on the GiST index of `mapterm_places` per part of
///   the region (two across the antimeridian), the categories the filter allows bound as an array,
///   ranked in `PlaceRanking` order; when the region holds far more matches than `limit`, windows
///   around the centre grow until the answer is exact (`PlaceStoreWindow`). Places come with details.
/// - `markers(in:zoom:filter:)`: the cluster hierarchies precomputed at import, one `&&&` lookup on the
///   n-D GiST index of `mapterm_markers` per part of the region.
/// - `mostImportant(in:filter:limit:)`: best first through the stored clusters, as the SQLite store does.
///
/// Every query binds its values as parameters; table names are fixed. Text read from the server
/// (names, details) is sanitised. Failures are `PlaceSourceError`: `.transport` when the connection is
/// refused or lost (the next query reconnects), `.unavailable` otherwise.
public final class PostGISPlaceStore: PlaceSource, SearchSource {
    /// The database, for messages: its URL without the password.
    public let url: PostgresURL
    let connection: PostgresConnection

    /// Connects to `url` and checks that it holds mapterm places: PostGIS installed, every table with
    /// its columns.
    /// - Throws: `PostGISError` naming what is missing.
    public convenience init(url text: String) throws {
        let url = try PostgresURL(text)
        try self.init(connection: try PostgresConnection(url, statementTimeout: Self.statementTimeout))
        try checkPostGIS(install: false)
        try checkTables()
    }

    init(connection: PostgresConnection) throws {
        self.connection = connection
        url = connection.url
    }

    /// The longest a query of the map may run, in milliseconds, before the server cancels it (a failure
    /// the map shows and retries).
    static let statementTimeout = 10_000

    // MARK: Checks

    /// Throws `.noPostGIS` unless the extension is installed (or, with `install`, could be installed now).
    func checkPostGIS(install: Bool) throws {
        let installed = try connection.query("SELECT 1 FROM pg_extension WHERE extname = 'postgis'") { $0.count > 0 }
        guard !installed else { return }
        guard install else {
            throw PostGISError.noPostGIS(
                url.redacted, reason: "the extension is not installed in this database (CREATE EXTENSION postgis)")
        }
        let available = try connection.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'") {
            $0.count > 0
        }
        guard available else {
            throw PostGISError.noPostGIS(url.redacted, reason: "the server has no PostGIS to install")
        }
        do {
            try connection.execute("CREATE EXTENSION IF NOT EXISTS postgis")
        } catch let failure as PostgresFailure {
            throw PostGISError.noPostGIS(url.redacted, reason: "it cannot be installed: \(failure.message)")
        }
    }

    /// Throws `.schema` naming the first table that is missing or lacks columns.
    func checkTables() throws {
        let names = PostGISSchema.requiredColumns.map(\.table)
        let found = try connection.query(
            """
            SELECT table_name::text, column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ANY($1::text[])
            """, [PostgresArray.text(names)]
        ) { rows in (0..<rows.count).map { (rows.text($0, 0), rows.text($0, 1)) } }
        for (table, columns) in PostGISSchema.requiredColumns {
            let have = Set(found.filter { $0.0 == table }.map(\.1))
            guard !have.isEmpty else {
                throw PostGISError.schema(
                    url.redacted, reason: "table \(table) is missing (mapterm import FILE --to URL creates it)")
            }
            let missing = columns.filter { !have.contains($0) }
            guard missing.isEmpty else {
                throw PostGISError.schema(
                    url.redacted, reason: "table \(table) lacks the columns \(missing.joined(separator: ", "))")
            }
        }
    }

    // MARK: Counting

    /// The number of places stored.
    public func count() throws -> Int {
        try connection.query("SELECT count(*) FROM mapterm_places") { $0.int(0, 0) }
    }

    // MARK: Viewport (PlaceSource)

    /// The places passing `filter` inside `region`, nearest to its centre first, at most `limit`.
    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        try Task.checkCancellation()
        return try Self.asSourceError { try query(region, filter: filter, limit: limit) }
    }

    /// The synchronous form of `places(in:filter:limit:)`.
    public func query(_ region: GeoBounds, filter: PlaceFilter, limit: Int) throws -> [Place] {
        let categories = PlaceCategory.all.filter(filter.allows).map { Int($0.code) }
        guard limit > 0, !categories.isEmpty, region.south <= region.north else { return [] }
        let budget = max(4 * limit, 4096)
        if let found = try collect(region, categories: categories, budget: budget) {
            return PlaceRanking.select(found, in: region, filter: filter, limit: limit)
        }
        return try PlaceStoreWindow.search(region, limit: limit) { window in
            let found = try collect(window, categories: categories, budget: nil) ?? []
            return PlaceRanking.select(found, in: region, filter: filter, limit: limit)
        }
    }

    /// The places of `categories` in the boxes of `box`'s parts; nil when there are more than `budget`.
    private func collect(_ box: GeoBounds, categories: [Int], budget: Int?) throws -> [Place]? {
        var found: [Place] = []
        for part in box.parts {
            let rows = try connection.query(
                """
                SELECT id, kind, name, lat, lon, details FROM mapterm_places
                WHERE geom && ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326)
                AND category = ANY($5::smallint[]) LIMIT $6::bigint
                """,
                [
                    "\(part.west)", "\(part.south)", "\(part.east)", "\(part.north)", PostgresArray.ints(categories),
                    budget.map { "\($0 + 1 - found.count)" } ?? "\(Int64.max)",
                ]
            ) { rows in (0..<rows.count).compactMap { try? Self.place(rows, $0) } }
            found += rows
            if let budget, found.count > budget { return nil }
        }
        return found
    }

    /// The place of row `row` of columns id, kind, name, lat, lon, details; nil for an unknown kind or
    /// unreadable details. Sanitised.
    static func place(_ rows: PostgresConnection.Rows, _ row: Int) throws -> Place? {
        guard let kind = PlaceKind(rawValue: rows.text(row, 1)) else { return nil }
        let details = try PlaceDetailsCoding.decode(
            rows.isNull(row, 5) ? nil : rows.text(row, 5), kind: kind, path: "PostGIS")
        let coordinate = LatLon(lat: rows.double(row, 3), lon: rows.double(row, 4))
        guard coordinate.isValid else { return nil }
        return Place(
            id: rows.text(row, 0), kind: kind, name: rows.text(row, 2), coordinate: coordinate, details: details
        ).sanitized()
    }

    /// The stored place with this id, details included; nil when there is none.
    public func place(id: String) throws -> Place? {
        try connection.query(
            "SELECT id, kind, name, lat, lon, details FROM mapterm_places WHERE id = $1", [id]
        ) { rows in rows.count > 0 ? try Self.place(rows, 0) : nil }
    }

    /// `place` with its details as stored under its id (markers carry none); unchanged when not stored.
    public func details(for place: Place) async throws -> Place {
        try Self.asSourceError { try self.place(id: place.id) ?? place }
    }

    // MARK: Markers (PlaceSource)

    /// The markers at whole zoom `zoom` whose position lies in `region`, of places passing `filter`.
    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        try Task.checkCancellation()
        return MarkerBatch(markers: try Self.asSourceError { try markerQuery(region, zoom: zoom, filter: filter) })
    }

    /// The synchronous form of `markers(in:zoom:filter:)`.
    public func markerQuery(_ region: GeoBounds, zoom: Int, filter: PlaceFilter) throws -> [PlaceMarker] {
        let level = min(max(zoom, 0), ClusterTree.pointLevel)
        let mask = filter.categoryMask
        guard region.south <= region.north, mask != 0 else { return [] }
        var result: [PlaceMarker] = []
        for part in region.parts {
            try connection.query(
                """
                SELECT bucket, entries FROM mapterm_markers
                WHERE extent &&& ST_MakeLine(ST_MakePoint($1::float8, $2::float8, $5::float8),
                                             ST_MakePoint($3::float8, $4::float8, $5::float8))
                AND min_z <= $5::smallint AND max_z >= $5::smallint
                """, ["\(part.west)", "\(part.south)", "\(part.east)", "\(part.north)", "\(level)"]
            ) { rows in
                for row in 0..<rows.count {
                    let bucket = Int64(rows.int(row, 0))
                    guard let group = ClusterGroup(rawValue: UInt8(clamping: bucket >> 40)) else { continue }
                    let slotMask = PlaceClusters.slotMask(mask, group)
                    guard slotMask != 0 else { continue }
                    guard let bytes = rows.bytes(row, 1),
                        MarkerBucket.unpack(
                            bytes, group: group, zoom: level, slotMask: slotMask, into: &result,
                            where: {
                                $0.lat >= part.south && $0.lat <= part.north && $0.lon >= part.west
                                    && $0.lon <= part.east
                            })
                    else { throw PostGISError.query("a damaged marker row (bucket \(bucket))") }
                }
            }
        }
        for index in result.indices {
            guard case .place(var place) = result[index].content else { continue }
            place.id = TextSanitizer.clean(place.id)
            place.name = TextSanitizer.clean(place.name)
            result[index].content = .place(place)
        }
        return result
    }

    // MARK: A cluster's most important places

    /// Up to `limit` places of a stored cluster passing `filter`, most important first (ties by id).
    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        try Self.asSourceError { try leaders(of: cluster, filter: filter, limit: limit) }
    }

    /// The synchronous form of `mostImportant(in:filter:limit:)`: best first through the stored tree (a
    /// node's rank bounds every place under it), one `mapterm_clusters` row per cluster opened.
    public func leaders(of cluster: ClusterRef, filter: PlaceFilter, limit: Int) throws -> [Place] {
        guard limit > 0 else { return [] }
        let slotMask = PlaceClusters.slotMask(filter.categoryMask, cluster.group)
        let base = PlaceStoreSchema.firstID(of: cluster.group)
        let row = { (node: Int64) throws -> ClusterLeaders.Row? in
            try self.connection.query(
                "SELECT rank, counts, children FROM mapterm_clusters WHERE id = $1::bigint", ["\(base + node)"]
            ) { rows in
                guard rows.count > 0 else { return nil }
                guard let counts = rows.bytes(0, 1).flatMap(ClusterRecord.counts),
                    let children = rows.bytes(0, 2).flatMap(ClusterRecord.children)
                else { throw PostGISError.query("a damaged cluster row") }
                return (UInt8(clamping: rows.int(0, 0)), counts, children)
            }
        }
        let found = try ClusterLeaders.walk(cluster, slotMask: slotMask, limit: limit, row: row)
        let ranks = Dictionary(found.map { ($0.rowid, $0.rank) }, uniquingKeysWith: max)
        let places = try connection.query(
            "SELECT id, kind, name, lat, lon, details, rowid FROM mapterm_places WHERE rowid = ANY($1::bigint[])",
            [PostgresArray.ints(found.map { Int($0.rowid) })]
        ) { rows in
            try (0..<rows.count).compactMap { index in
                try Self.place(rows, index).map { (ranks[Int64(rows.int(index, 6))] ?? 0, $0) }
            }
        }
        return places.sorted { a, b in a.0 != b.0 ? a.0 > b.0 : a.1.id < b.1.id }.prefix(limit).map(\.1)
    }

    /// Runs `body`, turning a `PostGISError` or a refused statement into the `PlaceSourceError` the
    /// `PlaceSource` rules ask for.
    static func asSourceError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostGISError {
            throw error.sourceError
        } catch let error as PostgresFailure {
            throw PlaceSourceError.unavailable(error.description)
        } catch let error as PlaceStoreError {
            throw PlaceSourceError.unavailable(error.description)
        }
    }
}

/// PostgreSQL array literals of values this module makes (numbers, fixed table names), bound as text.
enum PostgresArray {
    static func ints(_ values: [Int]) -> String { "{" + values.map(String.init).joined(separator: ",") + "}" }

    /// Names made only of letters, digits and `_` (no quoting needed).
    static func text(_ values: [String]) -> String { "{" + values.joined(separator: ",") + "}" }
}
