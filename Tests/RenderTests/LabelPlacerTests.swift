import Testing

@testable import Render

/// Names placed without overlap: the free cells kept beside a name, and how far apart one name may
/// be written twice.
@Suite struct LabelPlacerTests {
    func label(_ text: String, col: Int, row: Int, priority: Double = 1, margin: Int = 1, repeat: (Int, Int) = (40, 10))
        -> MapLabel
    {
        MapLabel(
            text: text, width: text.count, col: col, row: row, priority: priority, style: .plain, major: false,
            repeatCols: `repeat`.0, repeatRows: `repeat`.1, margin: margin)
    }

    func place(_ labels: [MapLabel]) -> [Int] {
        var occupancy = CellOccupancy(cols: 80, rows: 20)
        var placer = LabelPlacer()
        return placer.place(labels, into: &occupancy)
    }

    @Test func namesKeepTheirMarginFromOtherNames() {
        // "Oak" ends at column 12; a name from column 14 leaves one free cell between.
        #expect(place([label("Oak", col: 10, row: 0), label("Elm", col: 14, row: 0, priority: 2)]) == [0, 1])
        #expect(place([label("Oak", col: 10, row: 0), label("Elm", col: 14, row: 0, priority: 2, margin: 2)]) == [0])
        #expect(
            place([label("Oak", col: 10, row: 0), label("Elm", col: 15, row: 0, priority: 2, margin: 2)]) == [0, 1])
    }

    @Test func aNameIsWrittenAgainOnlyBeyondItsRepeatDistance() {
        let near = [label("Main St", col: 0, row: 0), label("Main St", col: 30, row: 0, priority: 2)]
        #expect(place(near) == [0])
        let far = [label("Main St", col: 0, row: 0), label("Main St", col: 45, row: 0, priority: 2)]
        #expect(place(far) == [0, 1])
        let spaced = far.map {
            var l = $0; l.repeatCols = 50; return l
        }
        #expect(place(spaced) == [0])
        let below = [label("Main St", col: 0, row: 0), label("Main St", col: 0, row: 12, priority: 2)]
        #expect(place(below) == [0, 1])
        #expect(
            place(
                below.map {
                    var l = $0; l.repeatRows = 14; return l
                }) == [0])
    }
}
