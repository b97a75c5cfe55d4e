import Render
import TestSupport
import Testing

/// The terminal encoder checked by replaying its bytes in a model terminal: after every frame of seeded
/// sequences (pans both ways, zoom-like rewrites, edits, wide characters, attributes, resizes) the
/// screen looks exactly like the frame; and the byte figures that matter (nothing for an unchanged
/// frame, a scroll for a vertical pan, no colour sequences without colour).
@Suite struct TerminalEncoderTests {
    static let styles: [CellStyle] = [
        CellStyle(fg: TermColor(44), bg: TermColor(17)), CellStyle(fg: TermColor(44), bg: TermColor(235)),
        CellStyle(fg: TermColor(167), bg: TermColor(235)),
        CellStyle(fg: TermColor(255), bg: TermColor(235), attributes: .bold),
        CellStyle(fg: TermColor(16), bg: TermColor(51)),
        CellStyle(fg: TermColor(213), bg: .terminalDefault, attributes: [.reverse, .bold]),
        CellStyle(fg: TermColor(3), bg: TermColor(12), attributes: .underline),
        CellStyle(fg: TermColor(9), bg: TermColor(0), attributes: .dim),
        .plain,
    ]

    /// A frame of world cells (x, y) with a status line: content depends on the world cell only, so a
    /// shifted origin is a pan.
    static func frame(cols: Int, rows: Int, x0: Int, y0: Int, seed: Int, status: String = "status") -> CellGrid {
        var grid = CellGrid(cols: cols, rows: rows)
        for y in 0..<(rows - 1) {
            for x in 0..<cols {
                let h = (x + x0) &* 73_856_093 ^ (y + y0) &* 19_349_663 ^ seed
                let style = styles[abs(h / 7) % styles.count]
                let scalar: Unicode.Scalar =
                    h % 5 == 0 ? Unicode.Scalar(0x2800 + UInt32(abs(h) % 255) + 1)! : h % 11 == 0 ? "a" : " "
                grid[x, y] = Cell(scalar, style: style)
            }
            if (y + y0) % 7 == 0 { grid.put("Town ☕ Ünïcödé", col: (30 - x0 % 30 + 60) % 60, row: y, style: styles[3]) }
        }
        grid.fill(cols: 0..<cols, rows: (rows - 1)..<rows, with: Cell(" ", style: styles[4]))
        grid.put(status, col: 1, row: rows - 1, style: styles[4])
        return grid
    }

    func replay(_ frames: [CellGrid], capabilities: TerminalEncoder.Capabilities) -> [Int] {
        var encoder = TerminalEncoder(capabilities: capabilities)
        var terminal = VirtualTerminal(cols: frames[0].cols, rows: frames[0].rows)
        var sizes: [Int] = []
        for (i, frame) in frames.enumerated() {
            if frame.cols != terminal.screen.cols || frame.rows != terminal.screen.rows {
                terminal = VirtualTerminal(cols: frame.cols, rows: frame.rows)
                encoder.invalidate()
            }
            let bytes = encoder.encode(frame, scrollableRows: frame.rows - 1)
            terminal.apply(bytes)
            sizes.append(bytes.count)
            #expect(terminal.unknown.isEmpty, "frame \(i): \(terminal.unknown.prefix(3))")
            let want = VirtualTerminal.appearance(frame), got = VirtualTerminal.appearance(terminal.screen)
            if let row = want.indices.first(where: { want[$0] != got[$0] }) {
                Issue.record("frame \(i) differs at row \(row)")
                return sizes
            }
        }
        return sizes
    }

    @Test(arguments: [true, false], [true, false])
    func replayedFramesLookExactlyLikeTheFrames(erase: Bool, scroll: Bool) {
        var g = SeededGenerator(seed: erase ? 1 : 2)
        var frames: [CellGrid] = []
        var (x, y, seed) = (0, 0, 7)
        for step in 0..<40 {
            switch Int.random(in: 0..<6, using: &g) {
            case 0: y += Int.random(in: -12...12, using: &g)
            case 1: x += Int.random(in: -40...40, using: &g)
            case 2: seed += 1  // everything changes, as a zoom step
            default: break
            }
            var frame = Self.frame(cols: 100, rows: 30, x0: x, y0: y, seed: seed, status: "step \(step)")
            for _ in 0..<Int.random(in: 0...20, using: &g) {
                let (c, r) = (Int.random(in: 0..<99, using: &g), Int.random(in: 0..<29, using: &g))
                // Leave wide characters whole: a half-overwritten one is a different test.
                guard !frame[c, r].isContinuation, !frame[c + 1, r].isContinuation else { continue }
                frame[c, r] = Cell("⌂", style: Self.styles.randomElement(using: &g)!)
            }
            frames.append(frame)
            if step == 25 { frames.append(Self.frame(cols: 60, rows: 20, x0: x, y0: y, seed: seed)) }
        }
        _ = replay(
            frames, capabilities: .init(colorMode: .palette256, backgroundColorErase: erase, scrollRegions: scroll))
    }

    @Test func anUnchangedFrameSendsNothingAndAStatusChangeLittle() {
        let first = Self.frame(cols: 160, rows: 48, x0: 0, y0: 0, seed: 1, status: "z 3.5")
        let sizes = replay(
            [first, first, Self.frame(cols: 160, rows: 48, x0: 0, y0: 0, seed: 1, status: "z 3.6")],
            capabilities: .init(colorMode: .palette256))
        #expect(sizes[0] > 10_000 && sizes[1] == 0 && sizes[2] < 30)
    }

    @Test func aVerticalPanIsAScroll() {
        let a = Self.frame(cols: 160, rows: 48, x0: 0, y0: 0, seed: 1)
        let b = Self.frame(cols: 160, rows: 48, x0: 0, y0: 12, seed: 1)
        var encoder = TerminalEncoder(capabilities: .init(colorMode: .palette256))
        let first = encoder.encode(a, scrollableRows: 47)
        let pan = encoder.encode(b, scrollableRows: 47)
        let text = String(decoding: pan, as: UTF8.self)
        #expect(text.contains("\u{1B}[1;47r\u{1B}[47H" + String(repeating: "\n", count: 12) + "\u{1B}[r"))
        #expect(pan.count * 3 < first.count, "pan \(pan.count) B, first \(first.count) B")
        // The next pan compares against the rows kept from this one, and scrolls again.
        let again = encoder.encode(Self.frame(cols: 160, rows: 48, x0: 0, y0: 24, seed: 1), scrollableRows: 47)
        #expect(
            String(decoding: again, as: UTF8.self).contains(
                "\u{1B}[1;47r\u{1B}[47H" + String(repeating: "\n", count: 12)))
        _ = replay([a, b, a], capabilities: .init(colorMode: .palette256))
    }

    @Test func monochromeSendsNoColourAndASCIISendsNoUTF8() {
        let frame = Self.frame(cols: 80, rows: 24, x0: 3, y0: 4, seed: 2)
        var mono = TerminalEncoder(capabilities: .init(colorMode: .monochrome))
        let text = String(decoding: mono.encode(frame), as: UTF8.self)
        #expect(text.contains("Town"))
        // Every SGR sequence holds attributes only: no code of 30 or more.
        for sgr in text.split(separator: "\u{1B}").filter({ $0.hasPrefix("[") && $0.contains("m") }) {
            let body = sgr.dropFirst().prefix { $0 != "m" }
            guard body.allSatisfy({ $0.isNumber || $0 == ";" }) else { continue }
            #expect(body.split(separator: ";").allSatisfy { (Int($0) ?? 0) < 30 }, "\(body)")
        }
        var ascii = TerminalEncoder(capabilities: .init(colorMode: .palette256, utf8: false))
        #expect(ascii.encode(frame).allSatisfy { $0 < 0x80 })
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        var grid = CellGrid(cols: 10, rows: 2)
        for (i, raw) in [0x07, 0x1B, 0x9B, 0x0D, 0x7F].enumerated() { grid[i, 0] = Cell(Unicode.Scalar(UInt32(raw))!) }
        var encoder = TerminalEncoder(capabilities: .init(colorMode: .palette256))
        let bytes = encoder.encode(grid)
        #expect(!bytes.contains(0x07) && !bytes.contains(0x0D) && !bytes.contains(0x7F))
        #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.value == 0x9B })
        #expect(
            bytes.filter { $0 == 0x1B }.count == bytes.filter { $0 == 0x5B }.count, "every ESC starts a CSI of ours")
        let ansi = AnsiText.encode(grid)
        #expect(!ansi.contains(0x07) && !ansi.contains(0x0D) && !ansi.contains(0x7F))
    }

    @Test func ansiTextReplaysToTheFrame() {
        let frame = Self.frame(cols: 90, rows: 25, x0: 5, y0: 9, seed: 3)
        var terminal = VirtualTerminal(cols: 90, rows: 25)
        let lines = AnsiText.encode(frame).split(separator: 0x0A, omittingEmptySubsequences: false)
        for (row, line) in lines.prefix(25).enumerated() {
            terminal.apply(Array("\u{1B}[\(row + 1);1H".utf8) + line)
        }
        #expect(terminal.unknown.isEmpty)
        #expect(VirtualTerminal.appearance(terminal.screen) == VirtualTerminal.appearance(frame))
    }
}
