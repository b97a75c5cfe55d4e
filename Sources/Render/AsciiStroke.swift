/// Turns a cell's braille dot pattern into one ASCII character that follows the stroke's direction,
/// for terminals and fonts without braille.
public enum AsciiStroke {
    /// The character for a braille bit mask (bit layout of U+2800).
    public static func character(for mask: UInt8) -> Unicode.Scalar { table[Int(mask)] }

    static let table: [Unicode.Scalar] = (0..<256).map { classify(UInt8($0)) }

    static func classify(_ mask: UInt8) -> Unicode.Scalar {
        if mask == 0 { return " " }
        var points: [(Double, Double)] = []
        for dy in 0..<4 {
            for dx in 0..<2 where mask & DotPen.bit(x: dx, y: dy) != 0 { points.append((Double(dx), Double(dy))) }
        }
        if points.count == 1 { return "." }
        let mx = points.map(\.0).reduce(0, +) / Double(points.count)
        let my = points.map(\.1).reduce(0, +) / Double(points.count)
        let rows = Set(points.map(\.1)).count
        let columns = Set(points.map(\.0)).count
        if columns == 1 { return rows >= 2 ? "|" : "." }
        if rows <= 1 { return my >= 2.5 ? "_" : "-" }
        let covariance = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        if covariance > 0.25 { return "\\" }
        if covariance < -0.25 { return "/" }
        return rows >= 3 ? "|" : "+"
    }
}
