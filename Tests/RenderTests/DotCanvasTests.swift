import Render
import TestSupport
import Testing

/// Rasterizer tests as small text pictures: braille for dots, letters for background colours.
@Suite struct DotCanvasTests {
    func picture(_ canvas: DotCanvas) -> String {
        (0..<canvas.rows).map { row in
            String(
                (0..<canvas.cols).map { col -> Character in
                    let mask = canvas.dots[row * canvas.cols + col]
                    return mask == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32(mask))!)
                })
        }.joined(separator: "\n")
    }

    func fills(_ canvas: DotCanvas) -> String {
        (0..<canvas.rows).map { row in
            String((0..<canvas.cols).map { canvas.background[row * canvas.cols + $0].isDefault ? "." : "#" })
        }.joined(separator: "\n")
    }

    @Test func diagonalLine() {
        var canvas = DotCanvas(cols: 2, rows: 1)
        canvas.drawLine(x0: 0, y0: 0, x1: 3.5, y1: 3.5, color: TermColor(1))
        #expect(picture(canvas) == "⠑⢄")
    }

    @Test func horizontalAndVerticalLines() {
        var canvas = DotCanvas(cols: 3, rows: 2)
        canvas.drawLine(x0: 0, y0: 0, x1: 5.9, y1: 0, color: TermColor(1))
        canvas.drawLine(x0: 0, y0: 0, x1: 0, y1: 7.9, color: TermColor(1))
        #expect(picture(canvas) == "⡏⠉⠉\n⡇  ")
    }

    @Test func linesAreClippedToTheCanvas() {
        var canvas = DotCanvas(cols: 2, rows: 1)
        canvas.drawLine(x0: -100, y0: 1, x1: 100, y1: 1, color: TermColor(1))
        canvas.drawLine(x0: -5, y0: -5, x1: -1, y1: 20, color: TermColor(1))
        #expect(picture(canvas) == "⠒⠒")
        #expect(canvas.foreground[0] == TermColor(1))
    }

    @Test func singlePointLine() {
        var canvas = DotCanvas(cols: 1, rows: 1)
        canvas.drawLine(x0: 1.2, y0: 3.7, x1: 1.2, y1: 3.7, color: TermColor(1))
        #expect(picture(canvas) == "⢀")
    }

    @Test func polygonWithHoleFillsCellsByCentre() {
        var canvas = DotCanvas(cols: 6, rows: 5)
        var scratch: [SIMD2<Double>] = []
        // Outer square over cells 0...5 × 0...4 and a hole over cells 2...3 × 1...3 (in dots).
        let points: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(12, 0), SIMD2(12, 20), SIMD2(0, 20),
            SIMD2(4, 4), SIMD2(4, 16), SIMD2(8, 16), SIMD2(8, 4),
        ]
        canvas.fillPolygon(points, rings: [0..<4, 4..<8][...], color: TermColor(4), scratch: &scratch)
        #expect(fills(canvas) == "######\n##..##\n##..##\n##..##\n######")
    }

    @Test func triangleFill() {
        var canvas = DotCanvas(cols: 4, rows: 4)
        var scratch: [SIMD2<Double>] = []
        canvas.fillPolygon(
            [SIMD2(0, 0), SIMD2(8, 16), SIMD2(0, 16)], rings: [0..<3][...], color: TermColor(2), scratch: &scratch)
        #expect(fills(canvas) == "....\n#...\n##..\n###.")
    }

    /// A 2-dot line doubles across its direction: a second row of dots under a level line, a second
    /// column right of a steep one; one dot wide it stays a single row.
    @Test func wideLinesAreTwoDotsAcross() {
        var phase = 0
        var level = DotCanvas(cols: 3, rows: 1)
        level.drawLine(x0: 0, y0: 1, x1: 5.9, y1: 1, color: TermColor(1), width: 2, dash: nil, phase: &phase)
        #expect(picture(level) == "⠶⠶⠶")
        var thin = DotCanvas(cols: 3, rows: 1)
        thin.drawLine(x0: 0, y0: 1, x1: 5.9, y1: 1, color: TermColor(1), width: 1, dash: nil, phase: &phase)
        #expect(picture(thin) == "⠒⠒⠒")
        var steep = DotCanvas(cols: 2, rows: 2)
        steep.drawLine(x0: 0, y0: 0, x1: 0, y1: 7.9, color: TermColor(1), width: 2, dash: nil, phase: &phase)
        #expect(picture(steep) == "⣿ \n⣿ ")
        // At the canvas' last dot the second dot would fall outside: it is left out, never a trap.
        var edge = DotCanvas(cols: 1, rows: 1)
        edge.drawLine(x0: 0, y0: 3.5, x1: 1.9, y1: 3.5, color: TermColor(1), width: 2, dash: nil, phase: &phase)
        #expect(picture(edge) == "⣀")
    }

    /// A dashed line draws `on` dots, leaves `off` out, in turn.
    @Test func dashedLines() {
        var phase = 0
        var dotted = DotCanvas(cols: 4, rows: 1)
        dotted.drawLine(x0: 0, y0: 0, x1: 7, y1: 0, color: TermColor(1), width: 1, dash: (1, 1), phase: &phase)
        #expect(picture(dotted) == "⠁⠁⠁⠁")
        #expect(phase == 8)
        phase = 0
        var dashed = DotCanvas(cols: 4, rows: 1)
        dashed.drawLine(x0: 0, y0: 0, x1: 7, y1: 0, color: TermColor(1), width: 1, dash: (2, 1), phase: &phase)
        #expect(picture(dashed) == "⠉⠈⠁⠉")
    }

    /// The dash pattern runs on from one segment of a line to the next instead of starting again.
    @Test func dashPatternRunsOnAlongAPolyline() {
        var canvas = DotCanvas(cols: 4, rows: 1)
        canvas.drawPolyline(
            [SIMD2(0, 0), SIMD2(2, 0), SIMD2(7, 0)], range: 0..<3, closed: false, color: TermColor(1), dash: (1, 1))
        // Started again at (2, 0), the second segment would give ⠁⠁⠁⠁.
        #expect(picture(canvas) == "⠁⠉⠈⠈")
    }

    /// Polygons filled one after another each fill only their own rows (the crossings one leaves in the
    /// scratch buffer are never read by the next).
    @Test func successiveFillsStayInTheirRows() {
        var canvas = DotCanvas(cols: 4, rows: 4)
        var scratch: [SIMD2<Double>] = []
        let low: [SIMD2<Double>] = [SIMD2(0, 8), SIMD2(8, 8), SIMD2(8, 16), SIMD2(0, 16)]
        let high: [SIMD2<Double>] = [SIMD2(4, 0), SIMD2(8, 0), SIMD2(8, 4), SIMD2(4, 4)]
        canvas.fillPolygon(low, rings: [0..<4][...], color: TermColor(2), scratch: &scratch)
        canvas.fillPolygon(high, rings: [0..<4][...], color: TermColor(3), scratch: &scratch)
        #expect(fills(canvas) == "..##\n....\n####\n####")
    }

    /// Random polygons of several rings, some reaching off the canvas, fill exactly the cells whose
    /// centres an even-odd count of edge crossings puts inside (a crossing counts when the centre's row
    /// line passes in [low, high) of the edge and the crossing lies at or left of the centre).
    @Test func fillsMatchAnEvenOddCountAtEveryCellCentre() {
        var generator = SeededGenerator(seed: 5)
        func random(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(generator.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound)
        }
        var scratch: [SIMD2<Double>] = []
        for _ in 0..<200 {
            var canvas = DotCanvas(cols: 12, rows: 6)
            var points: [SIMD2<Double>] = []
            var rings: [Range<Int>] = []
            for _ in 0..<(1 + generator.next() % 3) {
                let start = points.count
                for _ in 0..<(3 + generator.next() % 6) { points.append(SIMD2(random(-6...30), random(-6...30))) }
                rings.append(start..<points.count)
            }
            canvas.fillPolygon(points, rings: rings[...], color: TermColor(2), scratch: &scratch)
            for row in 0..<6 {
                for col in 0..<12 {
                    let y = Double(row) + 0.5, x = Double(col) + 0.5
                    var inside = false
                    for ring in rings {
                        for i in ring {
                            let a = points[i == ring.lowerBound ? ring.upperBound - 1 : i - 1], b = points[i]
                            let ya = a.y * 0.25, yb = b.y * 0.25
                            guard y >= min(ya, yb), y < max(ya, yb) else { continue }
                            let slope = (b.x * 0.5 - a.x * 0.5) / (yb - ya)
                            if a.x * 0.5 + (y - ya) * slope <= x { inside.toggle() }
                        }
                    }
                    #expect(!canvas.background[row * 12 + col].isDefault == inside, "\(points) \(rings)")
                }
            }
        }
    }

    @Test func asciiStrokesFollowDirection() {
        #expect(AsciiStroke.character(for: 0) == " ")
        #expect(AsciiStroke.character(for: 0x09) == "-")  // top row, both columns
        #expect(AsciiStroke.character(for: 0x47) == "|")  // left column
        #expect(AsciiStroke.character(for: 0x11) == "\\")  // ⠑
        #expect(AsciiStroke.character(for: 0x0A) == "/")  // ⠊ top-right and middle-left
        #expect(AsciiStroke.character(for: 0x01) == ".")
    }
}
