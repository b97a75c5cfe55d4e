/// Decodes MVT 2.1 geometry command streams (MoveTo = 1, LineTo = 2, ClosePath = 7, each
/// `id | count << 3`, parameters zigzag-encoded deltas from the previous cursor position).
///
/// Output conventions (`TileGeometry`):
/// - points: one part per point (a multi-point has several parts);
/// - lines: one part per MoveTo; parts with fewer than 2 vertices are dropped; a ClosePath on a
///   line (not allowed by the spec, tolerated) appends the part's first vertex again;
/// - polygons: one part per ring, in stream order (exterior rings are clockwise in tile
///   coordinates with y down, interior rings counter-clockwise); rings are implicitly closed and
///   the first vertex is NOT repeated (an explicit closing vertex in the data is removed);
///   rings with fewer than 3 distinct vertices are dropped.
enum GeometryDecoder {
    /// Decodes `commands` for a feature of `type` (which must not be `.unknown`) into `geometry`,
    /// emptied first (its storage is reused). `layer` is only used in error messages.
    static func decode(
        _ commands: [UInt32], type: GeometryType, layer: String, into geometry: inout TileGeometry
    ) throws(VectorTileError) {
        // The arrays taken out of `geometry`, so they have one owner and grow in place.
        var points = geometry.points
        var partStarts = geometry.partStarts
        geometry = TileGeometry()
        if !points.isEmpty { points.removeAll(keepingCapacity: true) }
        if !partStarts.isEmpty { partStarts.removeAll(keepingCapacity: true) }
        defer { geometry = TileGeometry(points: points, partStarts: partStarts) }
        points.reserveCapacity(commands.count / 2)
        var x: Int64 = 0
        var y: Int64 = 0
        var i = 0
        let n = commands.count

        while i < n {
            let command = commands[i]
            i += 1
            let id = command & 7
            let count = Int(command >> 3)
            switch id {
            case 1, 2:  // MoveTo, LineTo
                guard count <= (n - i) / 2 else {
                    throw .invalidGeometry(
                        layer: layer, reason: "command count \(count) exceeds the remaining \(n - i) parameters")
                }
                if id == 2 {
                    guard type != .point else {
                        throw .invalidGeometry(layer: layer, reason: "LineTo in a point geometry")
                    }
                    guard !partStarts.isEmpty else {
                        throw .invalidGeometry(layer: layer, reason: "LineTo before MoveTo")
                    }
                }
                for _ in 0..<count {
                    x &+= zigzag(commands[i])
                    y &+= zigzag(commands[i + 1])
                    i += 2
                    if id == 1 {
                        finishPart(&points, &partStarts, type: type)
                        partStarts.append(points.count)
                    }
                    points.append(SIMD2(Float(x), Float(y)))
                }
            case 7:  // ClosePath
                switch type {
                case .point, .unknown:
                    throw .invalidGeometry(layer: layer, reason: "ClosePath in a point geometry")
                case .lineString:
                    guard let start = partStarts.last else {
                        throw .invalidGeometry(layer: layer, reason: "ClosePath before MoveTo")
                    }
                    points.append(points[start])
                case .polygon:
                    guard !partStarts.isEmpty else {
                        throw .invalidGeometry(layer: layer, reason: "ClosePath before MoveTo")
                    }
                }
            default:
                throw .invalidGeometry(layer: layer, reason: "unknown command id \(id)")
            }
        }
        finishPart(&points, &partStarts, type: type)
    }

    /// Checks the part that is being built (the last of `partStarts`) and removes it when degenerate.
    private static func finishPart(_ points: inout [SIMD2<Float>], _ partStarts: inout [Int], type: GeometryType) {
        guard let start = partStarts.last else { return }
        switch type {
        case .lineString:
            if points.count - start < 2 {
                points.removeSubrange(start...)
                partStarts.removeLast()
            }
        case .polygon:
            if points.count - start > 1, points[points.count - 1] == points[start] {
                points.removeLast()
            }
            if points.count - start < 3 {
                points.removeSubrange(start...)
                partStarts.removeLast()
            }
        case .point, .unknown:
            break
        }
    }

    @inline(__always)
    private static func zigzag(_ value: UInt32) -> Int64 {
        Int64(Int32(bitPattern: value >> 1) ^ -Int32(bitPattern: value & 1))
    }
}
