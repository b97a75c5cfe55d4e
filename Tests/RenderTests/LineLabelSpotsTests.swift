import Render
import Testing

/// Where a street's name goes: on a level street, beside a steep one, across it when both sides are
/// taken; points from the middle out; never off the canvas.
@Suite struct LineLabelSpotsTests {
    static let cols = 40, rows = 12

    func spots(_ points: [SIMD2<Double>], width: Int, dots: [UInt8]? = nil) -> [LineLabelSpots.Spot] {
        LineLabelSpots.spots(
            along: points, range: 0..<points.count, width: width, cols: Self.cols, rows: Self.rows,
            dots: dots ?? [UInt8](repeating: 0, count: Self.cols * Self.rows))
    }

    @Test func aLevelStreetCarriesItsNameOnItsRow() {
        // Row 5 (dots 20...23), cells 5...34.
        let found = spots([SIMD2(10, 21), SIMD2(70, 21)], width: 9)
        #expect(found.first == LineLabelSpots.Spot(col: 16, row: 5, rank: 0))  // centred on the middle, x 40
        #expect(found.allSatisfy { $0.row == 5 && $0.col >= 5 && $0.col + 9 <= 35 })
    }

    @Test func aSteepStreetHasItsNameBesideIt() {
        // x 21 is column 10; the name starts after one free cell.
        let found = spots([SIMD2(21, 2), SIMD2(21, 46)], width: 8)
        #expect(found.first == LineLabelSpots.Spot(col: 12, row: 6, rank: 0))
        // Near the right edge it goes to the left side, still one cell away.
        let right = spots([SIMD2(75, 2), SIMD2(75, 46)], width: 8)
        #expect(right.first == LineLabelSpots.Spot(col: 37 - 1 - 8, row: 6, rank: 0))
    }

    @Test func aNameGoesAcrossItsStreetWhenBothSidesAreTaken() {
        var dots = [UInt8](repeating: 0, count: Self.cols * Self.rows)
        for col in 0..<Self.cols { dots[6 * Self.cols + col] = 0x09 }  // a level line on row 6
        let found = spots([SIMD2(41, 2), SIMD2(41, 46)], width: 6, dots: dots)
        let middle = found.first { $0.row == 6 }
        #expect(middle?.col == 20 - 3)
        #expect(middle.map { $0.rank >= 4 } == true, "a spot across the line must rank after spots beside it")
    }

    @Test func pointsSpreadFromTheMiddleAndStayOnTheCanvas() {
        // A long level street, most of it off the canvas to the right.
        let found = spots([SIMD2(4, 30), SIMD2(1_000, 30)], width: 6)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.col >= 0 && $0.col + 6 <= Self.cols && $0.row == 7 })
        #expect(found.map(\.rank) == Array(0..<found.count))
        #expect(spots([SIMD2(-500, 30), SIMD2(-100, 30)], width: 6).isEmpty)
    }

    @Test func tinyOrDegenerateLinesGetNoSpotAndNeverTrap() {
        #expect(spots([SIMD2(10, 10), SIMD2(12, 10)], width: 5).isEmpty)
        #expect(spots([SIMD2(10, 10)], width: 5).isEmpty)
        #expect(spots([SIMD2(10, 10), SIMD2(60, 10)], width: 50).isEmpty)
        let huge = Double(Int32.max) * 1_000
        _ = spots([SIMD2(-huge, -huge), SIMD2(huge, huge), SIMD2(.nan, 3), SIMD2(20, .infinity)], width: 5)
        _ = spots([SIMD2(-huge, 20), SIMD2(huge, 21)], width: 5)
    }
}
