import Render
import Testing

@Suite struct CellGridTests {
    /// A grid cannot hold a control or bidirectional format character, whichever way it is drawn into:
    /// its text and both of its terminal encodings carry no escape byte from the text.
    @Test func cellsNeverHoldControlCharacters() {
        var grid = CellGrid(cols: 40, rows: 2)
        let hostile = "A\u{1B}]0;PWNED\u{07}\u{9B}2J\u{202E}x\u{2066}\u{FEFF}\u{200B}"
        grid.put(hostile, col: 0, row: 0, style: .plain)
        for (index, scalar) in hostile.unicodeScalars.enumerated() { grid[index, 1] = Cell(scalar) }
        let text = grid.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(!text.unicodeScalars.contains { [0x202E, 0x2066, 0xFEFF, 0x200B].contains($0.value) })
        #expect(grid.line(1).hasPrefix("A?]0;PWNED??2J?x???"))
        let ansi = AnsiText.encode(grid)
        #expect(!ansi.contains(0x07))
        #expect(!String(decoding: ansi, as: UTF8.self).contains("\u{1B}]"))
    }

    @Test func putClipsAndHandlesWideCharacters() {
        var grid = CellGrid(cols: 6, rows: 1)
        let end = grid.put("a東b", col: 0, row: 0, style: .plain)
        #expect(end == 4)
        #expect(grid.text == "a東b  ")
        #expect(grid[2, 0].isContinuation)
        grid.put("xyz東", col: 3, row: 0, style: .plain)
        #expect(grid.text == "a東xyz")
    }

    @Test func stylePlaneNamesEachStyleOnce() {
        var grid = CellGrid(cols: 3, rows: 1)
        grid.put("ab", col: 0, row: 0, style: CellStyle(fg: TermColor(1), attributes: .bold))
        #expect(grid.styleText == "aab\na: fg 1 bg -1 bold\nb: fg -1 bg -1")
    }

    @Test func widthsMatchTheTerminal() {
        #expect(TextWidth.of("Zürich") == 6)
        #expect(TextWidth.of("東京") == 4)
        #expect(TextWidth.of("🚻") == 2)
        #expect(TextWidth.of("e\u{301}") == 1)
    }

    @Test func colourModesAdapt() {
        let style = CellStyle(fg: TermColor(196), bg: TermColor(17), attributes: .bold)
        #expect(ColorMode.ansi16.adapt(style).fg == TermColor(9))
        #expect(ColorMode.ansi16.adapt(style).bg == TermColor(4))
        #expect(TermColor(235).ansi16 == TermColor(0) && TermColor(214).ansi16 == TermColor(11))
        #expect(ColorMode.monochrome.adapt(style) == CellStyle(attributes: .bold))
    }
}
