import Render
import Testing

/// A terminal whose locale is not UTF-8 gets one ASCII character per cell.
@Suite struct AsciiFoldTests {
    static func folded(_ text: String, cols: Int = 20) -> String {
        var grid = CellGrid(cols: cols, rows: 1)
        grid.put(text, col: 0, row: 0, style: .plain)
        grid.foldToASCII()
        return grid.line(0)
    }

    @Test func namesLoseTheirAccentsAndKeepTheirWidth() {
        #expect(Self.folded("Nièvre") == "Nievre" + String(repeating: " ", count: 14))
        #expect(Self.folded("Straße Łódź Ærø").hasPrefix("Strase Lodz Aro "))
        #expect(Self.folded("Zürich · 1 km").hasPrefix("Zurich . 1 km "))
        // Wide characters keep their two columns, as two question marks.
        #expect(Self.folded("東京 x") == "???? x" + String(repeating: " ", count: 14))
        #expect(Self.folded("Αθήνα").hasPrefix("?????"))
    }

    @Test func everyCellIsASCIIAfterwards() {
        var grid = CellGrid(cols: 8, rows: 2)
        for value in UInt32(0x80)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            grid[Int(value % 8), Int(value / 8 % 2)] = Cell(scalar)
            var copy = grid
            copy.foldToASCII()
            #expect(copy.text.unicodeScalars.allSatisfy { $0.isASCII }, "U+\(String(value, radix: 16))")
        }
    }

    @Test func brailleBecomesItsStrokeAndBoxesTheirLines() {
        // A horizontal row of dots along the top of the cell.
        #expect(AsciiFold.character(0x2809) == AsciiStroke.character(for: 0x09))
        #expect(AsciiFold.character(0x2800 + 0x47) == "|")
        #expect(Self.folded("╭──╮│├┤").hasPrefix("+--+|++"))
        #expect(AsciiFold.character(0x2713) == "x")
        #expect(AsciiFold.character(0x1F6BB) == "?")
    }
}
