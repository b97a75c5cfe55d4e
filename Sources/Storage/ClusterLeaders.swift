import Places

/// The walk both place stores (SQLite and PostGIS) take through a stored cluster hierarchy to find a
/// cluster's most important places: best first, a node's rank bounding every place under it, so only
/// the rows of the clusters opened are read.
package enum ClusterLeaders {
    /// One stored cluster row: its rank, counts per category slot and children.
    package typealias Row = (rank: UInt8, counts: [Int], children: [ClusterRecord.Child])

    /// Rank and rowid of up to `limit` places (at least; ties at the cut are all kept) under `cluster`
    /// whose category slot is in `slotMask`, by falling rank; `row` reads a cluster row by node (nil
    /// when there is none).
    package static func walk(
        _ cluster: ClusterRef, slotMask: UInt16, limit: Int, row: (Int64) throws -> Row?
    ) throws -> [(rank: UInt8, rowid: Int64)] {
        guard let root = try row(cluster.node) else { return [] }
        var buckets = [[ClusterRecord.Child]](repeating: [], count: 256)
        buckets[Int(root.rank)].append(ClusterRecord.Child(isPlace: false, ref: cluster.node, rank: root.rank))
        var found: [(rank: UInt8, rowid: Int64)] = []
        var top = 255
        while top >= 0 {
            guard let next = buckets[top].popLast() else {
                if found.count >= limit { break }
                top -= 1
                continue
            }
            if next.isPlace {
                if let category = next.category, slotMask & (1 << cluster.group.slot(of: category)) != 0 {
                    found.append((next.rank, next.ref))
                }
            } else if let node = next.ref == cluster.node ? root : try row(next.ref),
                zip(node.counts.indices, node.counts).contains(where: { slotMask & (1 << $0) != 0 && $1 > 0 })
            {
                for child in node.children { buckets[Int(child.rank)].append(child) }
            }
        }
        return found
    }
}
