import GeoCore
import TestSupport
import Testing
import VectorTiles

/// PMTiles tile ids (zoom-by-zoom Hilbert numbering) against an independent construction of the
/// curve, the spec's table and values computed with the reference Python package.
@Suite struct PMTilesTileIDTests {
    /// The cells of the curve of `zoom` in curve order, built the textbook way: the curve of
    /// zoom z is four copies of zoom z-1 — transposed in the north-west quadrant, shifted into the
    /// south-west and south-east ones, mirrored across the anti-diagonal in the north-east one.
    static func curve(zoom: Int) -> [(x: Int, y: Int)] {
        guard zoom > 0 else { return [(0, 0)] }
        let previous = curve(zoom: zoom - 1)
        let h = 1 << (zoom - 1)
        return previous.map { ($0.y, $0.x) } + previous.map { ($0.x, $0.y + h) }
            + previous.map { ($0.x + h, $0.y + h) } + previous.map { (2 * h - 1 - $0.y, h - 1 - $0.x) }
    }

    /// The curve position of (x, y) at `zoom`, by descending the same construction quadrant by
    /// quadrant (works at any zoom, without listing the curve).
    static func curveIndex(zoom: Int, x: UInt64, y: UInt64) -> UInt64 {
        guard zoom > 0 else { return 0 }
        let h: UInt64 = 1 << UInt64(zoom - 1)
        let cells = h * h
        switch (x >= h, y >= h) {
        case (false, false): return curveIndex(zoom: zoom - 1, x: y, y: x)
        case (false, true): return cells + curveIndex(zoom: zoom - 1, x: x, y: y - h)
        case (true, true): return 2 * cells + curveIndex(zoom: zoom - 1, x: x - h, y: y - h)
        case (true, false): return 3 * cells + curveIndex(zoom: zoom - 1, x: h - 1 - y, y: 2 * h - 1 - x)
        }
    }

    /// Tiles of all zooms below `zoom`, counted.
    static func firstID(zoom: Int) -> UInt64 { (0..<zoom).reduce(0) { $0 + 1 << (2 * UInt64($1)) } }

    @Test func specTable() {
        let table: [(Int, Int, Int, UInt64)] = [
            (0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4), (2, 0, 0, 5),
            (12, 3423, 1763, 19_078_479),
        ]
        for (z, x, y, id) in table {
            #expect(TileID(z: z, x: x, y: y).pmtilesID == id)
            #expect(TileID(pmtilesID: id) == TileID(z: z, x: x, y: y))
        }
    }

    @Test func everyTileOfZooms0To6FollowsTheCurve() {
        var expected: UInt64 = 0
        for zoom in 0...6 {
            let cells = Self.curve(zoom: zoom)
            #expect(cells.count == 1 << (2 * zoom))
            #expect(Set(cells.map { $0.y << 8 | $0.x }).count == cells.count, "every cell once")
            for (i, cell) in cells.enumerated() {
                let tile = TileID(z: zoom, x: cell.x, y: cell.y)
                if i > 0 { #expect(abs(cell.x - cells[i - 1].x) + abs(cell.y - cells[i - 1].y) == 1, "a step") }
                #expect(tile.pmtilesID == expected, "\(tile)")
                #expect(TileID(pmtilesID: expected) == tile)
                expected += 1
            }
        }
    }

    @Test func randomDeepTilesMatchTheConstruction() {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<5_000 {
            let zoom = Int.random(in: 7...31, using: &generator)
            let x = UInt64.random(in: 0..<(1 << UInt64(zoom)), using: &generator)
            let y = UInt64.random(in: 0..<(1 << UInt64(zoom)), using: &generator)
            let tile = TileID(z: zoom, x: Int(x), y: Int(y))
            let id = Self.firstID(zoom: zoom) + Self.curveIndex(zoom: zoom, x: x, y: y)
            #expect(tile.pmtilesID == id, "\(tile)")
            #expect(TileID(pmtilesID: id) == tile)
        }
    }

    /// `pmtiles.tile.zxy_to_tileid` of PyPI `pmtiles` 3.8.1, for random tiles.
    @Test func referenceValues() {
        let values: [(Int, Int, Int, UInt64)] = [
            (7, 82, 38, 19591), (9, 404, 49, 336_392), (12, 593, 771, 6_187_257),
            (14, 11982, 1900, 339_681_795), (16, 28140, 4914, 1_823_715_505),
            (18, 45061, 227_355, 47_877_979_851), (20, 876_970, 146_497, 1_430_469_921_724),
            (22, 2_018_827, 760_955, 7_630_149_653_727), (24, 14_244_500, 1_983_419, 360_719_113_445_834),
            (26, 16_616_417, 29_962_626, 2_351_338_285_699_426),
            (28, 33_211_934, 212_966_210, 46_988_327_096_086_861),
            (30, 106_492_238, 474_769_608, 664_694_935_848_433_129),
            (31, 200_071_088, 571_981_485, 2_574_180_175_059_017_902),
        ]
        for (z, x, y, id) in values {
            #expect(TileID(z: z, x: x, y: y).pmtilesID == id)
            #expect(TileID(pmtilesID: id) == TileID(z: z, x: x, y: y))
        }
    }

    @Test func cornersAndLimits() {
        for zoom in 0...31 {
            let last = (1 << zoom) - 1
            for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
                let tile = TileID(z: zoom, x: x, y: y)
                #expect(tile.pmtilesID.flatMap(TileID.init(pmtilesID:)) == tile)
            }
            #expect(TileID(z: zoom, x: last + 1, y: 0).pmtilesID == nil)
            #expect(TileID(z: zoom, x: 0, y: -1).pmtilesID == nil)
        }
        // The curve ends at the north-east corner; the next id is the next zoom's first tile.
        #expect(TileID(z: 3, x: 7, y: 0).pmtilesID == Self.firstID(zoom: 4) - 1)
        #expect(TileID(z: 32, x: 0, y: 0).pmtilesID == nil)
        #expect(TileID(z: -1, x: 0, y: 0).pmtilesID == nil)
        #expect(TileID(pmtilesID: Self.firstID(zoom: 32) - 1) == TileID(z: 31, x: (1 << 31) - 1, y: 0))
        #expect(TileID(pmtilesID: Self.firstID(zoom: 32)) == nil)
        #expect(TileID(pmtilesID: .max) == nil)
    }
}
