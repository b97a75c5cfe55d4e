import GeoCore
import Places

extension PlaceStore {
    // MARK: Building

    /// Rebuilds the stored hierarchies of `groups` from the `places` table: deletes their markers and
    /// clusters, builds each `ClusterTree` and writes it. Call inside a transaction.
    func rebuildClusters(_ groups: Set<ClusterGroup>) throws {
        try Self.rebuildClusters(groups, in: database)
    }

    /// `rebuildClusters(_:)` on a database connection (also used while upgrading an old store).
    static func rebuildClusters(_ groups: Set<ClusterGroup>, in database: SQLiteDatabase) throws {
        guard !groups.isEmpty else { return }
        let build = try ClusterBuild(groups, from: database)
        build.start()
        try build.write(to: database)
    }

    // MARK: Markers (PlaceSource)

    /// The markers at whole zoom `zoom` whose position lies in `region`, of places passing `filter`.
    /// From `Runway.drawnFromZoom` the airports come with their details (the runways the map draws).
    /// - Throws: `CancellationError`, `PlaceSourceError.unavailable` when SQLite fails.
    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        try Task.checkCancellation()
        return MarkerBatch(
            markers: try Self.asSourceError {
                var markers = try markerQuery(region, zoom: zoom, filter: filter)
                if zoom >= Runway.drawnFromZoom { try addAirportDetails(&markers) }
                return markers
            })
    }

    /// Gives each airport marker its stored details (one lookup by id each; a few per view at the
    /// zooms this is asked for).
    func addAirportDetails(_ markers: inout [PlaceMarker]) throws {
        for index in markers.indices {
            guard case .place(let place) = markers[index].content, place.kind == .airport,
                case .none = place.details, let full = try self.place(id: place.id)
            else { continue }
            markers[index].content = .place(full)
        }
    }

    /// The synchronous form of `markers(in:zoom:filter:)`: one lookup in `markers_rtree` per part of the
    /// region (two across the antimeridian), positions checked exactly.
    package func markerQuery(_ region: GeoBounds, zoom: Int, filter: PlaceFilter) throws -> [PlaceMarker] {
        let level = min(max(zoom, 0), ClusterTree.pointLevel)
        let mask = filter.categoryMask
        guard region.south <= region.north, mask != 0 else { return [] }
        var result: [PlaceMarker] = []
        do {
            try database.withLock {
                for part in region.parts {
                    markerQueryStatement.reset()
                    defer { markerQueryStatement.reset() }
                    try markerQueryStatement.bind(1, part.west)
                    try markerQueryStatement.bind(2, part.east)
                    try markerQueryStatement.bind(3, part.south)
                    try markerQueryStatement.bind(4, part.north)
                    try markerQueryStatement.bind(5, level)
                    while try markerQueryStatement.step() {
                        let bucket = markerQueryStatement.int64(0)
                        guard let group = ClusterGroup(rawValue: UInt8(clamping: bucket >> 40)) else { continue }
                        let slotMask = PlaceClusters.slotMask(mask, group)
                        guard slotMask != 0 else { continue }
                        let intact = MarkerBucket.unpack(
                            markerQueryStatement.blob(1), group: group, zoom: level, slotMask: slotMask, into: &result
                        ) { coordinate in
                            coordinate.lat >= part.south && coordinate.lat <= part.north
                                && coordinate.lon >= part.west && coordinate.lon <= part.east
                        }
                        guard intact else {
                            throw PlaceStoreError.corrupt(path: path, reason: "a damaged marker bucket")
                        }
                    }
                }
            }
        } catch {
            throw storeError(error)
        }
        return result
    }

    // MARK: A cluster's most important places

    /// Up to `limit` places of a stored cluster passing `filter`, most important first (ties by id), with
    /// their details; [] for a cluster the store does not have.
    /// - Throws: `PlaceSourceError.unavailable` when SQLite fails.
    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        try Self.asSourceError { try leaders(of: cluster, filter: filter, limit: limit) }
    }

    /// The synchronous form of `mostImportant(in:filter:limit:)`: best first through the stored tree (a
    /// node's rank bounds every place under it), reading one `clusters` row per cluster opened.
    public func leaders(of cluster: ClusterRef, filter: PlaceFilter, limit: Int) throws -> [Place] {
        guard limit > 0 else { return [] }
        let slotMask = PlaceClusters.slotMask(filter.categoryMask, cluster.group)
        let base = PlaceStoreSchema.firstID(of: cluster.group)
        do {
            let read = try database.prepare("SELECT rank, counts, children FROM clusters WHERE id = ?1")
            let row = { (node: Int64) throws -> ClusterLeaders.Row? in
                try self.database.withLock {
                    read.reset()
                    defer { read.reset() }
                    try read.bind(1, base + node)
                    guard try read.step() else { return nil }
                    guard let counts = ClusterRecord.counts(read.blob(1)),
                        let children = ClusterRecord.children(read.blob(2))
                    else { throw PlaceStoreError.corrupt(path: self.path, reason: "a damaged cluster row") }
                    return (UInt8(clamping: read.int(0)), counts, children)
                }
            }
            let found = try ClusterLeaders.walk(cluster, slotMask: slotMask, limit: limit, row: row)
            let places = try found.compactMap { entry in try place(rowid: entry.rowid).map { (entry.rank, $0) } }
            return places.sorted { a, b in a.0 != b.0 ? a.0 > b.0 : a.1.id < b.1.id }.prefix(limit).map(\.1)
        } catch {
            throw storeError(error)
        }
    }

    /// The stored place with this rowid, details included.
    func place(rowid: Int64) throws -> Place? {
        let read = try database.prepare("SELECT id FROM places WHERE rowid = ?1")
        let id: String? = try database.withLock {
            defer { read.reset() }
            try read.bind(1, rowid)
            return try read.step() ? read.text(0) : nil
        }
        return try id.flatMap { try place(id: $0) }
    }
}

/// The stored form of one hierarchy: its `markers_rtree` rows and its `clusters` rows, packed (pure
/// computation, so a `ClusterBuild` makes them on its background thread).
package struct ClusterRows: Sendable {
    /// One `markers_rtree` row: a bucket of markers sharing their zoom range.
    package struct Bucket: Sendable {
        package var id: Int64
        package var bytes: [UInt8]
        package var box: PlaceBucket.Box
        package var zoom: (min: Int, max: Int)
    }

    /// One `clusters` row.
    package struct Cluster: Sendable {
        package var id: Int64
        package var rank: UInt8
        package var counts: [UInt8]
        package var children: [UInt8]
    }

    package var buckets: [Bucket] = []
    package var clusters: [Cluster] = []

    /// No rows (a group without places).
    init() {}

    /// The rows of `tree`; `place(point)` gives a point's marker entry, `point(p)` its rowid and category.
    package init(_ tree: ClusterTree, place: (Int32) -> MarkerBucket.Entry, point: (Int32) -> (Int64, PlaceCategory)) {
        buckets = Self.buckets(tree, place: place)
        clusters = Self.clusters(tree, point: point)
    }

    /// Every node of `tree` as a marker, in buckets of nodes sharing their zoom range, Hilbert order inside.
    private static func buckets(_ tree: ClusterTree, place: (Int32) -> MarkerBucket.Entry) -> [Bucket] {
        var order: [(range: Int, hilbert: UInt32, node: Int32)] = []
        order.reserveCapacity(tree.nodeCount)
        for node in 0..<Int32(tree.nodeCount) {
            let range = Int(tree.minZoom[Int(node)]) << 8 | Int(tree.maxZoom[Int(node)])
            let position = position(tree, node)
            order.append((range, HilbertKey.key(lat: position.lat, lon: position.lon), node))
        }
        order.sort { ($0.range, $0.hilbert, $0.node) < ($1.range, $1.hilbert, $1.node) }
        var rows: [Bucket] = []
        var id = PlaceStoreSchema.firstID(of: tree.group)
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count && end - start < MarkerBucket.capacity && order[end].range == order[start].range {
                end += 1
            }
            let entries = order[start..<end].map { item -> MarkerBucket.Entry in
                if tree.isPoint(item.node) { return place(item.node) }
                let i = Int(item.node)
                return .cluster(
                    node: Int64(item.node), coordinate: position(tree, item.node), rank: tree.rank[i],
                    expansionZoom: UInt8(min(Int(tree.maxZoom[i]) + 1, ClusterTree.pointLevel)),
                    counts: Array(tree.slotCounts[i * tree.slots..<(i + 1) * tree.slots]))
            }
            let (bytes, box) = MarkerBucket.pack(entries)
            rows.append(
                Bucket(id: id, bytes: bytes, box: box, zoom: (order[start].range >> 8, order[start].range & 0xFF)))
            id += 1
            start = end
        }
        return rows
    }

    /// A `clusters` row per cluster of `tree`.
    private static func clusters(_ tree: ClusterTree, point: (Int32) -> (Int64, PlaceCategory)) -> [Cluster] {
        let base = PlaceStoreSchema.firstID(of: tree.group)
        return (Int32(tree.pointCount)..<Int32(tree.nodeCount)).map { node in
            let children = tree.children(of: node).map { child -> ClusterRecord.Child in
                if tree.isPoint(child) {
                    let (rowid, category) = point(child)
                    return ClusterRecord.Child(
                        isPlace: true, ref: rowid, rank: tree.rank[Int(child)], category: category)
                }
                return ClusterRecord.Child(isPlace: false, ref: Int64(child), rank: tree.rank[Int(child)])
            }
            let i = Int(node)
            return Cluster(
                id: base + Int64(node), rank: tree.rank[i],
                counts: ClusterRecord.packCounts(tree.slotCounts[i * tree.slots..<(i + 1) * tree.slots]),
                children: ClusterRecord.packChildren(children))
        }
    }

    static func position(_ tree: ClusterTree, _ node: Int32) -> LatLon {
        Mercator.unproject(WorldPoint(x: tree.x[Int(node)], y: tree.y[Int(node)])).normalized
    }
}

/// The statements that write the stored hierarchies, prepared once per rebuild.
struct ClusterWriter {
    let database: SQLiteDatabase
    let insertBucket: SQLiteStatement
    let insertCluster: SQLiteStatement
    let deleteBuckets: SQLiteStatement
    let deleteClusters: SQLiteStatement

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        insertBucket = try database.prepare(
            """
            INSERT INTO markers_rtree (bucket, min_lon, max_lon, min_lat, max_lat, min_z, max_z, entries)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        insertCluster = try database.prepare(
            "INSERT INTO clusters (id, rank, counts, children) VALUES (?1, ?2, ?3, ?4)")
        deleteBuckets = try database.prepare("DELETE FROM markers_rtree WHERE bucket >= ?1 AND bucket < ?2")
        deleteClusters = try database.prepare("DELETE FROM clusters WHERE id >= ?1 AND id < ?2")
    }

    /// Replaces the stored markers and clusters of `group` with `rows`.
    func replace(_ group: ClusterGroup, with rows: ClusterRows) throws {
        let first = PlaceStoreSchema.firstID(of: group), end = first + (1 << 40)
        try database.withLock {
            for statement in [deleteBuckets, deleteClusters] {
                statement.reset()
                try statement.bind(1, first)
                try statement.bind(2, end)
                _ = try statement.step()
                statement.reset()
            }
            for bucket in rows.buckets {
                insertBucket.reset()
                try insertBucket.bind(1, bucket.id)
                try insertBucket.bind(2, bucket.box.minLon)
                try insertBucket.bind(3, bucket.box.maxLon)
                try insertBucket.bind(4, bucket.box.minLat)
                try insertBucket.bind(5, bucket.box.maxLat)
                try insertBucket.bind(6, bucket.zoom.min)
                try insertBucket.bind(7, bucket.zoom.max)
                try insertBucket.bind(8, bucket.bytes)
                _ = try insertBucket.step()
            }
            insertBucket.reset()
            for cluster in rows.clusters {
                insertCluster.reset()
                try insertCluster.bind(1, cluster.id)
                try insertCluster.bind(2, Int(cluster.rank))
                try insertCluster.bind(3, cluster.counts)
                try insertCluster.bind(4, cluster.children)
                _ = try insertCluster.step()
            }
            insertCluster.reset()
        }
    }
}
