import Blocking
import GeoCore
import Places

/// One rebuild of the stored cluster hierarchies of some groups: the places of each group, gathered in
/// `rowid` order, their `ClusterTree`s built and packed (`ClusterRows`) on the cooperative pool (a
/// `ForkedWork`), then written.
///
/// An import gathers the rows that stay (`init`), adds the rows it is about to insert (`add`) with the
/// rowids they will get, and starts the build before it writes them, so the trees are built on the
/// second core while SQLite inserts and indexes the rows; `write` waits for the trees. The places of a
/// group are the same, in the same order, as a scan of the finished table would give.
final class ClusterBuild {
    let groups: Set<ClusterGroup>
    // Written before `start`, handed to the build by `start`.
    private var inputs: [ClusterInput]
    /// The build, from `start` until `wait` takes its rows.
    private var build: ForkedWork<[ClusterRows]>?
    private var rows: [ClusterRows]
    private var started = false

    /// Gathers the places of `groups` now in the `places` table, by rowid.
    init(_ groups: Set<ClusterGroup>, from database: SQLiteDatabase) throws {
        self.groups = groups
        inputs = [ClusterInput](repeating: ClusterInput(), count: ClusterGroup.allCases.count)
        rows = [ClusterRows](repeating: ClusterRows(), count: ClusterGroup.allCases.count)
        guard !groups.isEmpty else { return }
        let scan = try database.prepare("SELECT rowid, id, name, lat, lon, category, rank FROM places ORDER BY rowid")
        try database.withLock {
            defer { scan.reset() }
            while try scan.step() {
                guard let category = PlaceCategory(code: UInt8(clamping: scan.int(5))), groups.contains(category.group)
                else { continue }
                inputs[Int(category.group.rawValue)].append(
                    rowid: scan.int64(0), id: scan.text(1), name: scan.text(2),
                    coordinate: LatLon(lat: scan.double(3), lon: scan.double(4)), category: category,
                    rank: UInt8(clamping: scan.int(6)))
            }
        }
    }

    /// Adds a place that will be inserted with `rowid` (after every row gathered so far). Before `start`.
    func add(_ place: Place, rowid: Int64) {
        precondition(!started, "a place added after the build started")
        let category = PlaceCategory.of(place)
        guard groups.contains(category.group) else { return }
        inputs[Int(category.group.rawValue)].append(
            rowid: rowid, id: place.id, name: place.name, coordinate: place.coordinate, category: category,
            rank: PlaceImportance.rank(place))
    }

    /// Starts building the trees, and packing their rows, on the cooperative pool (computation only:
    /// the caller goes on writing to SQLite meanwhile).
    func start() {
        precondition(!started, "started twice")
        started = true
        let (groups, inputs, empty) = (self.groups, self.inputs, self.rows)
        build = ForkedWork {
            var rows = empty
            for group in groups {
                rows[Int(group.rawValue)] = ClusterBuild.rows(of: inputs[Int(group.rawValue)], group)
            }
            return rows
        }
    }

    /// The hierarchy of one group's places, packed.
    private static func rows(of input: ClusterInput, _ group: ClusterGroup) -> ClusterRows {
        let tree = ClusterTree(group: group, points: input.points)
        return ClusterRows(
            tree,
            place: { node in
                let i = Int(node)
                return .place(
                    id: input.ids[i], name: input.names[i], coordinate: input.coordinates[i],
                    category: input.points[i].category, rank: input.points[i].rank)
            },
            point: { point in (input.rowids[Int(point)], input.points[Int(point)].category) })
    }

    /// Waits for the trees, blocking the caller (at most once; later calls return at once).
    func wait() {
        guard let build else { return }
        self.build = nil
        rows = build.join()
    }

    /// Waits for the trees, then replaces the stored markers and clusters of every group with them.
    func write(to database: SQLiteDatabase) throws {
        wait()
        let writer = try ClusterWriter(database)
        for group in groups.sorted() { try writer.replace(group, with: rows[Int(group.rawValue)]) }
    }
}

/// The places of one cluster group as its hierarchy is built from them, in rowid order (the SQLite
/// store's `ClusterBuild` and the PostGIS import).
package struct ClusterInput: Sendable {
    package var points: [ClusterTree.Point] = []
    package var rowids: [Int64] = []
    package var ids: [String] = []
    package var names: [String] = []
    package var coordinates: [LatLon] = []

    package init() {}

    package mutating func append(
        rowid: Int64, id: String, name: String, coordinate: LatLon, category: PlaceCategory, rank: UInt8
    ) {
        let world = Mercator.project(coordinate.normalized)
        points.append(ClusterTree.Point(x: min(max(world.x, 0), 1), y: world.y, category: category, rank: rank))
        rowids.append(rowid)
        ids.append(id)
        names.append(name)
        coordinates.append(coordinate)
    }
}
