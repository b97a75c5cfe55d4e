import Glibc
import Render
import Testing

@testable import Terminal

extension TerminalScreenTests {
    @Test func drawingTheSameGridTwiceWritesNothing() throws {
        let fixture = try ScreenFixture(cols: 160, rows: 48)
        let grid = SyntheticMap.frame()
        #expect(fixture.drawCounting(grid) > 5_000)
        #expect(fixture.drawCounting(grid) == 0)
        #expect(fixture.drawCounting(grid) == 0)
    }

    @Test func changingOneStatusCellWritesOnlyThatLine() throws {
        let fixture = try ScreenFixture(cols: 160, rows: 48)
        var grid = SyntheticMap.frame()
        fixture.screen.draw(grid)
        grid[70, 47] = Cell("X", style: SyntheticMap.statusStyle)
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let written = fixture.written(from: before)
        #expect(written.count > 0 && written.count < 100, "\(visible(written))")
        #expect(Set(cursorRows(written)).isSubset(of: [48]), "\(visible(written))")
        #expect(written.contains(UInt8(ascii: "X")))
    }

    @Test func aColourChangeSetsOnlyWhatChanged() throws {
        let fixture = try ScreenFixture(cols: 20, rows: 3)
        var grid = CellGrid(cols: 20, rows: 3)
        grid.put("ab", col: 0, row: 0, style: CellStyle(fg: TermColor(44), bg: TermColor(17)))
        grid.put("cd", col: 2, row: 0, style: CellStyle(fg: TermColor(44), bg: TermColor(235)))
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let text = visible(fixture.written(from: before))
        #expect(text.contains("ab\\e[48;5;235mcd"), "only the background is sent again: \(text)")
    }

    @Test func defaultColorsNeedNoColourSequence() throws {
        let fixture = try ScreenFixture(cols: 20, rows: 5)
        var grid = CellGrid(cols: 20, rows: 5)
        grid.put("plain, bold", col: 0, row: 0, style: CellStyle(attributes: .bold))
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let text = visible(fixture.written(from: before))
        #expect(!text.contains("38;5") && !text.contains("48;5") && text.contains("\\e[1mplain, bold"))
    }

    @Test func monochromeSendsNoColorSequences() throws {
        let fixture = try ScreenFixture(cols: 160, rows: 48, colorMode: .monochrome)
        #expect(fixture.screen.colorMode == .monochrome)
        let before = fixture.bytes
        fixture.screen.draw(SyntheticMap.frame())
        let text = visible(fixture.written(from: before))
        #expect(!text.contains("38;5;") && !text.contains("48;5;"))
        #expect(text.contains("Town"))
    }

    @Test func an8ColourTerminalGetsOnlyTheFirst16Colours() throws {
        // TERM=xterm has 8 colours: 256 are asked for and limited to what it has.
        let fixture = try ScreenFixture(term: "xterm", cols: 17, rows: 17, colorMode: .palette256)
        #expect(fixture.screen.colorMode == .ansi16)
        var grid = CellGrid(cols: 17, rows: 17)
        for y in 0..<17 {
            for x in 0..<17 {
                grid[x, y] = Cell("o", style: CellStyle(fg: TermColor(x * 15 - 1), bg: TermColor(y * 15 - 1)))
            }
        }
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let text = visible(fixture.written(from: before))
        #expect(!text.contains("38;5;") && !text.contains("48;5;") && text.contains("o"))
    }

    @Test func colorModeDetection() {
        #expect(TerminalScreen.resolveColorMode(requested: nil, terminalColors: 256, noColor: false) == .palette256)
        #expect(TerminalScreen.resolveColorMode(requested: nil, terminalColors: 16, noColor: false) == .ansi16)
        #expect(TerminalScreen.resolveColorMode(requested: nil, terminalColors: 8, noColor: false) == .ansi16)
        #expect(TerminalScreen.resolveColorMode(requested: nil, terminalColors: -1, noColor: false) == .monochrome)
        #expect(TerminalScreen.resolveColorMode(requested: nil, terminalColors: 256, noColor: true) == .monochrome)
        #expect(TerminalScreen.resolveColorMode(requested: .ansi16, terminalColors: 256, noColor: true) == .ansi16)
        #expect(TerminalScreen.resolveColorMode(requested: .palette256, terminalColors: 8, noColor: false) == .ansi16)
        #expect(
            TerminalScreen.resolveColorMode(requested: .palette256, terminalColors: 0, noColor: false) == .monochrome)
    }

    @Test func aResizedGridIsRedrawnInFull() throws {
        let fixture = try ScreenFixture(cols: 80, rows: 24)
        fixture.screen.draw(SyntheticMap.frame(cols: 80, rows: 24))
        fixture.screen.simulateResize(cols: 100, rows: 30)
        #expect(fixture.screen.readEvents(timeoutMilliseconds: 0) == [.resize(cols: 100, rows: 30)])
        #expect(fixture.screen.size == (cols: 100, rows: 30))
        let before = fixture.bytes
        fixture.screen.draw(SyntheticMap.frame(cols: 100, rows: 30))
        let written = fixture.written(from: before)
        let text = visible(written)
        #expect(text.contains("\\e[H\\e[2J"), "clears first")
        // Every row of the new frame is sent, including the 24 rows that overlap the old frame.
        #expect(Set(cursorRows(written)).count >= 25, "\(Set(cursorRows(written)).sorted())")
        #expect(fixture.drawCounting(SyntheticMap.frame(cols: 100, rows: 30)) == 0)
    }

    @Test func invalidateRepaintsEverything() throws {
        let fixture = try ScreenFixture(cols: 80, rows: 24)
        let grid = SyntheticMap.frame(cols: 80, rows: 24)
        let first = fixture.drawCounting(grid)
        fixture.screen.invalidate()
        #expect(fixture.drawCounting(grid) >= first)
    }

    @Test func wideCharactersTakeTwoColumns() throws {
        let fixture = try ScreenFixture(cols: 20, rows: 3)
        var grid = CellGrid(cols: 20, rows: 3)
        grid.put("a☕b", col: 0, row: 0, style: .plain)
        #expect(grid[2, 0].isContinuation)
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let text = String(decoding: fixture.written(from: before), as: UTF8.self)
        #expect(text.contains("a☕b"))
        // Replacing the wide character with two narrow ones rewrites both columns.
        grid.put("xy", col: 1, row: 0, style: .plain)
        let next = fixture.bytes
        fixture.screen.draw(grid)
        #expect(String(decoding: fixture.written(from: next), as: UTF8.self).contains("xy"))
    }

    @Test func controlCharactersAreNotSentRaw() throws {
        let fixture = try ScreenFixture(cols: 10, rows: 2)
        var grid = CellGrid(cols: 10, rows: 2)
        grid[0, 0] = Cell("\u{07}")
        grid[1, 0] = Cell("\u{1B}")
        let before = fixture.bytes
        fixture.screen.draw(grid)
        let written = fixture.written(from: before)
        #expect(!written.contains(0x07))
        #expect(visible(written).contains("??"))
    }

    @Test func closeIsIdempotentAndDrawingAfterCloseIsIgnored() throws {
        let fixture = try ScreenFixture(cols: 10, rows: 2)
        fixture.screen.close()
        let after = fixture.bytes
        fixture.screen.close()
        fixture.screen.draw(CellGrid(cols: 10, rows: 2, fill: Cell("z")))
        #expect(fixture.bytes == after)
        #expect(fixture.screen.readEvents(timeoutMilliseconds: 0) == [])
    }

    @Test func closeTurnsMouseReportingOffAndLeavesTheAlternateScreen() throws {
        let fixture = try ScreenFixture(cols: 10, rows: 2)
        let opening = visible(fixture.written(from: 0))
        #expect(opening.contains("\\e[?1049h") && opening.contains("\\e[?1002h") && opening.contains("\\e[?1006h"))
        let before = fixture.bytes
        fixture.screen.close()
        let closing = visible(fixture.written(from: before))
        #expect(closing.contains("\\e[?1002l") && closing.contains("\\e[?1000l") && closing.contains("\\e[?1049l"))
    }

    @Test func unknownTerminalTypeThrows() {
        #expect(throws: TerminalError.unknownTerminal("no-such-terminal-xyz")) {
            _ = try ScreenFixture(term: "no-such-terminal-xyz")
        }
    }
}

extension TerminalScreenTests {
    /// `TERM=dumb` cannot move the cursor: the screen is refused before a byte is written.
    @Test func aTerminalThatCannotMoveTheCursorIsRefusedSilently() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        let input = try #require(fdopen(fds[0], "r")), output = try #require(tmpfile())
        defer {
            close(fds[1])
            fclose(input)
            fclose(output)
        }
        #expect(throws: TerminalError.incapableTerminal("dumb")) {
            _ = try TerminalScreen.open(term: "dumb", input: input, output: output, cols: 80, rows: 24, colorMode: nil)
        }
        fflush(output)
        #expect(ftell(output) == 0, "nothing reached the terminal")
        #expect(TerminalError.incapableTerminal("dumb").description.contains("cannot move the cursor"))
    }
}
