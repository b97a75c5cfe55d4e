/// The tiles of an area over a range of zooms, made one at a time as they are iterated: zoom by zoom,
/// part by part of the area (two parts across the antimeridian), rows from the north, columns from the
/// west. Nothing is held but the blocks of columns and rows, so the whole world at z0–22 (17 million
/// million tiles) costs what one zoom's ranges cost; `count` is arithmetic.
public struct AreaTiles: Sequence, Sendable {
    /// The tiles of one zoom whose columns and rows lie in these ranges.
    public struct Block: Sendable, Equatable {
        public var zoom: Int
        public var columns: ClosedRange<Int>
        public var rows: ClosedRange<Int>

        public init(zoom: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            self.zoom = zoom
            self.columns = columns
            self.rows = rows
        }

        /// Tiles in the block.
        public var count: Int { columns.count * rows.count }
    }

    /// The blocks, in the order their tiles come.
    public let blocks: [Block]

    /// The tiles meeting `area` at every zoom of `zooms` (each within 0...30). The two parts of an area
    /// across the antimeridian become one block where their columns overlap, so no tile comes twice.
    public init(_ area: GeoBounds, zooms: ClosedRange<Int>) {
        blocks = zooms.flatMap { z -> [Block] in
            let ranges = area.tileRanges(atZoom: z)
            if ranges.count == 2, ranges[0].columns.overlaps(ranges[1].columns) {
                let (east, west) = (ranges[0].columns, ranges[1].columns)
                let all = Swift.min(east.lowerBound, west.lowerBound)...Swift.max(east.upperBound, west.upperBound)
                return [Block(zoom: z, columns: all, rows: ranges[0].rows)]
            }
            return ranges.map { Block(zoom: z, columns: $0.columns, rows: $0.rows) }
        }
    }

    /// The tiles of `blocks`, in that order.
    public init(blocks: [Block]) {
        self.blocks = blocks
    }

    /// How many tiles there are, counted without making them.
    public var count: Int { blocks.reduce(0) { $0 + $1.count } }

    public func makeIterator() -> Iterator { Iterator(blocks: blocks) }

    /// Walks the blocks, holding only the position in the current one.
    public struct Iterator: IteratorProtocol, Sendable {
        private let blocks: [Block]
        private var index = 0
        private var x = 0
        private var y = 0

        init(blocks: [Block]) {
            self.blocks = blocks
            if let first = blocks.first { (x, y) = (first.columns.lowerBound, first.rows.lowerBound) }
        }

        public mutating func next() -> TileID? {
            guard index < blocks.count else { return nil }
            let block = blocks[index]
            let tile = TileID(z: block.zoom, x: x, y: y)
            if x < block.columns.upperBound {
                x += 1
            } else if y < block.rows.upperBound {
                (x, y) = (block.columns.lowerBound, y + 1)
            } else {
                index += 1
                if index < blocks.count { (x, y) = (blocks[index].columns.lowerBound, blocks[index].rows.lowerBound) }
            }
            return tile
        }
    }
}
