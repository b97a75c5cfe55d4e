/// A slippy-map tile: zoom `z`, column `x` from the west, row `y` from the north (XYZ, not TMS).
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Number of tiles along one side of the world at this zoom.
    public var size: Int { 1 << z }

    /// The same tile with `x` wrapped into 0..<size (copies of the world east and west map here).
    public var wrapped: TileID {
        let n = size
        return TileID(z: z, x: ((x % n) + n) % n, y: y)
    }

    /// True when the row exists at this zoom (columns wrap, rows do not).
    public var isValidRow: Bool { z >= 0 && y >= 0 && y < size }

    /// The ancestor at zoom `zoom` (<= z), with the offset of this tile inside it in ancestor units (0..<1).
    public func ancestor(at zoom: Int) -> TileID {
        let shift = z - zoom
        return TileID(z: zoom, x: x >> shift, y: y >> shift)
    }

    /// The TMS row used by MBTiles files: rows counted from the south.
    public var tmsRow: Int { size - 1 - y }

    /// West/north corner of the tile in world units.
    public var origin: WorldPoint {
        let scale = 1 / Double(size)
        return WorldPoint(x: Double(x) * scale, y: Double(y) * scale)
    }

    public var description: String { "\(z)/\(x)/\(y)" }
}
