import GeoCore

/// PMTiles v3 tile ids: tiles are numbered zoom by zoom (all 4^z tiles of zoom z come after
/// those of lower zooms), and within a zoom along a Hilbert curve that starts at the north-west
/// tile (0, 0), steps south first (0, 1), and ends at the north-east tile (2^z - 1, 0).
/// Zooms 0...31 fit in 64 bits.
extension TileID {
    /// The deepest zoom with PMTiles ids.
    public static let maxPMTilesZoom = 31

    /// The PMTiles tile id, or nil for zooms outside 0...31 and for x or y outside 0..<2^z
    /// (no wrapping here).
    public var pmtilesID: UInt64? {
        guard (0...Self.maxPMTilesZoom).contains(z), (0..<size).contains(x), (0..<size).contains(y) else {
            return nil
        }
        return Self.firstPMTilesID(atZoom: z) + Self.hilbertIndex(x: UInt64(x), y: UInt64(y), zoom: z)
    }

    /// The tile with PMTiles id `pmtilesID`, or nil past zoom 31.
    public init?(pmtilesID: UInt64) {
        var zoom = 0
        while zoom < Self.maxPMTilesZoom, pmtilesID >= Self.firstPMTilesID(atZoom: zoom + 1) { zoom += 1 }
        let index = pmtilesID - Self.firstPMTilesID(atZoom: zoom)
        guard index < 1 << (2 * UInt64(zoom)) else { return nil }
        let (x, y) = Self.hilbertCell(index: index, zoom: zoom)
        self.init(z: zoom, x: Int(x), y: Int(y))
    }

    // MARK: - Private

    /// The id of tile (z, 0, 0): the number of tiles of all lower zooms, (4^z - 1) / 3.
    private static func firstPMTilesID(atZoom zoom: Int) -> UInt64 {
        ((1 << (2 * UInt64(zoom))) - 1) / 3
    }

    /// Position of cell (x, y) along the zoom's curve, from the largest quadrant down: each step
    /// adds the quadrant's rank times its cell count, then maps the point into the quadrant's frame.
    private static func hilbertIndex(x: UInt64, y: UInt64, zoom: Int) -> UInt64 {
        var x = x
        var y = y
        var index: UInt64 = 0
        var side: UInt64 = zoom == 0 ? 0 : 1 << UInt64(zoom - 1)
        while side > 0 {
            let east: UInt64 = x & side == 0 ? 0 : 1
            let south: UInt64 = y & side == 0 ? 0 : 1
            index += side * side * ((3 * east) ^ south)
            (x, y) = quadrantFrame(x: x, y: y, side: side, east: east, south: south)
            side >>= 1
        }
        return index
    }

    /// The cell at `index` along the zoom's curve, built from the smallest quadrant up.
    private static func hilbertCell(index: UInt64, zoom: Int) -> (x: UInt64, y: UInt64) {
        var x: UInt64 = 0
        var y: UInt64 = 0
        var rest = index
        var side: UInt64 = 1
        for _ in 0..<zoom {
            let east = (rest >> 1) & 1
            let south = (rest ^ east) & 1
            (x, y) = quadrantFrame(x: x, y: y, side: side, east: east, south: south)
            x += side * east
            y += side * south
            rest >>= 2
            side <<= 1
        }
        return (x, y)
    }

    /// The northern quadrants hold the curve turned: the north-west one transposed, the
    /// north-east one mirrored across the anti-diagonal; the southern ones are plain copies.
    /// Only the bits below `side` of the result matter.
    @inline(__always)
    private static func quadrantFrame(
        x: UInt64, y: UInt64, side: UInt64, east: UInt64, south: UInt64
    ) -> (UInt64, UInt64) {
        guard south == 0 else { return (x, y) }
        if east == 1 { return (side &- 1 &- y, side &- 1 &- x) }
        return (y, x)
    }
}
