import GeoCore

/// Places held in memory with their cluster hierarchies: what the fixture source and the sources that
/// only list places (an HTTP API) answer markers from. Build once; queries read a k-d index of the
/// markers of each level.
public struct PlaceClusters: Sendable {
    /// The places, as given (invalid coordinates and repeated ids left out).
    public let places: [Place]
    private let groups: [Group]

    /// One group's hierarchy, which place each of its points is, and the markers of each level indexed.
    private struct Group: Sendable {
        var tree: ClusterTree
        var placeOfPoint: [Int32]
        var levels: [PointIndex]
    }

    public init(places given: [Place]) {
        var seen = Set<String>()
        let places = given.filter { $0.coordinate.isValid && seen.insert($0.id).inserted }
        self.places = places
        var members = [[Int32]](repeating: [], count: ClusterGroup.allCases.count)
        var points = [[ClusterTree.Point]](repeating: [], count: ClusterGroup.allCases.count)
        for (i, place) in places.enumerated() {
            let point = ClusterTree.Point(place)
            let g = Int(point.category.group.rawValue)
            members[g].append(Int32(i))
            points[g].append(point)
        }
        groups = ClusterGroup.allCases.map { group in
            let tree = ClusterTree(group: group, points: points[Int(group.rawValue)])
            return Group(tree: tree, placeOfPoint: members[Int(group.rawValue)], levels: Self.levelIndexes(tree))
        }
    }

    /// A k-d index of the markers of every level 0…18.
    private static func levelIndexes(_ tree: ClusterTree) -> [PointIndex] {
        var ids = [[Int32]](repeating: [], count: ClusterTree.pointLevel + 1)
        for node in 0..<tree.nodeCount {
            for level in Int(tree.minZoom[node])...Int(tree.maxZoom[node]) { ids[level].append(Int32(node)) }
        }
        return ids.map { list in
            PointIndex(ids: list, xs: list.map { tree.x[Int($0)] }, ys: list.map { tree.y[Int($0)] })
        }
    }

    /// The markers at whole zoom `zoom` (clamped to 0…18) whose position lies inside `region` (edges
    /// included, as `GeoBounds.contains`), of places passing `filter`, in no particular order. The index is
    /// searched in a box a little larger than the region, then positions are checked exactly.
    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) -> [PlaceMarker] {
        let level = min(max(zoom, 0), ClusterTree.pointLevel)
        let mask = filter.categoryMask
        var result: [PlaceMarker] = []
        for group in groups where level >= group.tree.group.minZoom {
            let slotMask = Self.slotMask(mask, group.tree.group)
            guard slotMask != 0 else { continue }
            for box in Self.worldBoxes(region) {
                group.levels[level].forEach(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) { node in
                    if let marker = self.marker(node, in: group, slotMask: slotMask, level: level),
                        region.contains(marker.coordinate)
                    {
                        result.append(marker)
                    }
                }
            }
        }
        return result
    }

    /// Up to `limit` places of a cluster passing `filter`, most important first (ties by id); [] for a
    /// cluster this value does not have.
    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) -> [Place] {
        let group = groups[Int(cluster.group.rawValue)]
        guard cluster.node >= 0, cluster.node < group.tree.nodeCount, limit > 0 else { return [] }
        let slotMask = Self.slotMask(filter.categoryMask, cluster.group)
        let found = ClusterLeaders.find(in: group.tree, from: Int32(cluster.node), slotMask: slotMask, limit: limit) {
            places[Int(group.placeOfPoint[Int($0)])].id
        }
        return found.map { places[Int(group.placeOfPoint[Int($0)])] }
    }

    private func marker(_ node: Int32, in group: Group, slotMask: UInt16, level: Int) -> PlaceMarker? {
        let tree = group.tree
        if tree.isPoint(node) {
            let place = places[Int(group.placeOfPoint[Int(node)])]
            let category = PlaceCategory.of(place)
            guard slotMask & (1 << tree.group.slot(of: category)) != 0 else { return nil }
            return .single(place, rank: tree.rank[Int(node)], zoom: level)
        }
        return Self.clusterMarker(
            tree, node, slotMask: slotMask, ref: ClusterRef(group: tree.group, node: Int64(node)))
    }

    /// The marker of a cluster node, nil when no place of it passes `slotMask`.
    static func clusterMarker(_ tree: ClusterTree, _ node: Int32, slotMask: UInt16, ref: ClusterRef) -> PlaceMarker? {
        var counts = KindCounts()
        var total = 0
        for (slot, category) in tree.group.categories.enumerated() where slotMask & (1 << slot) != 0 {
            let n = tree.count(of: node, slot: slot)
            counts[category.kind] += n
            total += n
        }
        guard total > 0 else { return nil }
        let position = Mercator.unproject(WorldPoint(x: tree.x[Int(node)], y: tree.y[Int(node)])).normalized
        return PlaceMarker(
            content: .cluster(ref), coordinate: position, count: total, kindCounts: counts, rank: tree.rank[Int(node)],
            expansionZoom: min(Int(tree.maxZoom[Int(node)]) + 1, ClusterTree.pointLevel))
    }

    /// The bits of a group's slots that pass a category mask (bit per category code).
    public static func slotMask(_ categoryMask: UInt32, _ group: ClusterGroup) -> UInt16 {
        let first = group.categories[0].code
        return UInt16(truncatingIfNeeded: (categoryMask >> first) & UInt32((1 << group.categories.count) - 1))
    }

    /// A region as boxes in world units that do not wrap, grown by a hair so that rounding never leaves
    /// out a marker on an edge (callers check positions exactly).
    static func worldBoxes(_ region: GeoBounds) -> [(minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        guard region.south <= region.north else { return [] }
        let hair = 1e-9
        return region.parts.map { part in
            (
                (part.west + 180) / 360 - hair, Mercator.project(LatLon(lat: part.north, lon: 0)).y - hair,
                (part.east + 180) / 360 + hair, Mercator.project(LatLon(lat: part.south, lon: 0)).y + hair
            )
        }
    }
}

/// Finds the most important places of a cluster passing a filter: best first through the tree, a node's
/// rank (the highest of its places) bounding everything below it. Nodes wait in one bucket per rank;
/// once the bucket of rank r is empty, every place of rank r or more has been found.
enum ClusterLeaders {
    /// Up to `limit` points under `node` whose slot passes `slotMask`, by rank (highest first) then by
    /// `id(point)`.
    static func find(
        in tree: ClusterTree, from node: Int32, slotMask: UInt16, limit: Int, id: (Int32) -> String
    ) -> [Int32] {
        var buckets = [[Int32]](repeating: [], count: 256)
        buckets[Int(tree.rank[Int(node)])].append(node)
        var found: [(rank: UInt8, point: Int32)] = []
        var top = 255
        while top >= 0 {
            guard let next = buckets[top].popLast() else {
                // Every place ranked `top` or higher has been found: enough when they fill the limit.
                if found.count >= limit { break }
                top -= 1
                continue
            }
            if tree.isPoint(next) {
                if tree.count(of: next, slotMask: slotMask) > 0 { found.append((tree.rank[Int(next)], next)) }
            } else if tree.count(of: next, slotMask: slotMask) > 0 {
                for child in tree.children(of: next) { buckets[Int(tree.rank[Int(child)])].append(child) }
            }
        }
        return found.sorted { a, b in a.rank != b.rank ? a.rank > b.rank : id(a.point) < id(b.point) }
            .prefix(limit).map(\.point)
    }
}
