import Render
import Testing

@Suite struct CellGridTests {
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
