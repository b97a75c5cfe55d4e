/// Position along a Hilbert curve over the longitude/latitude rectangle, for inserting places in
/// spatial order (neighbours on the curve are neighbours on the map, so R*Tree inserts touch few nodes
/// and places near each other get nearby rowids).
///
/// The rectangle -180...180 × -90...90 is cut into 2^16 × 2^16 cells (about 0.0055° × 0.0027°);
/// the key is the cell's index along the curve, 0..<2^32.
package enum HilbertKey {
    /// Cells per side: 2^16.
    static let side: UInt32 = 1 << 16

    /// The key of a position in degrees; coordinates outside the valid ranges are clamped.
    package static func key(lat: Double, lon: Double) -> UInt32 {
        let maxCell = Double(side - 1)
        // checked: min(maxCell, NaN) is maxCell: always a whole number in 0...maxCell
        let x = UInt32(max(0, min(maxCell, ((lon + 180) / 360 * Double(side)).rounded(.down))))
        // checked: min(maxCell, NaN) is maxCell: always a whole number in 0...maxCell
        let y = UInt32(max(0, min(maxCell, ((lat + 90) / 180 * Double(side)).rounded(.down))))
        return key(x: x, y: y)
    }

    /// The Hilbert index of cell (x, y), both in 0..<side (the classic xy2d walk).
    static func key(x: UInt32, y: UInt32) -> UInt32 {
        var x = x
        var y = y
        var d: UInt32 = 0
        var s = side >> 1
        while s > 0 {
            let rx: UInt32 = (x & s) > 0 ? 1 : 0
            let ry: UInt32 = (y & s) > 0 ? 1 : 0
            d &+= s &* s &* ((3 &* rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = side &- 1 &- x
                    y = side &- 1 &- y
                }
                swap(&x, &y)
            }
            s >>= 1
        }
        return d
    }
}
