/// The size of the map area: terminal cells, each holding a braille pattern of 2 × 4 dots.
public struct Viewport: Hashable, Sendable {
    /// Braille dots per cell horizontally.
    public static let dotsPerColumn = 2
    /// Braille dots per cell vertically.
    public static let dotsPerRow = 4

    public var cols: Int
    public var rows: Int

    public init(cols: Int, rows: Int) {
        self.cols = max(cols, 0)
        self.rows = max(rows, 0)
    }

    /// Width in braille dots.
    public var dotsWide: Int { cols * Viewport.dotsPerColumn }
    /// Height in braille dots.
    public var dotsHigh: Int { rows * Viewport.dotsPerRow }
    /// True when nothing can be drawn.
    public var isEmpty: Bool { cols == 0 || rows == 0 }
}
