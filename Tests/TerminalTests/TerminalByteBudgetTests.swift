import Render
import Testing

@testable import Terminal

/// Bytes sent to the terminal per frame at 160×48, through `TerminalScreen` on a file. Printed for the
/// performance report; asserted only where the budget is firm.
extension TerminalScreenTests {
    struct FrameBytes: CustomStringConvertible {
        var term: String
        var dense: Bool
        var first = 0, unchanged = 0, statusOnly = 0, verticalPan = 0, panBack = 0, horizontalPan = 0, zoom = 0

        var description: String {
            "\(term)\(dense ? " dense braille" : ""): first frame \(first) B, unchanged \(unchanged) B, status line only \(statusOnly) B, "
                + "vertical pan 12 rows \(verticalPan) B (back \(panBack) B), horizontal pan 40 cols \(horizontalPan) B, "
                + "zoom step \(zoom) B"
        }
    }

    static func measure(term: String, dense: Bool) throws -> FrameBytes {
        let fixture = try ScreenFixture(term: term, cols: 160, rows: 48)
        var result = FrameBytes(term: term, dense: dense)
        let origin = (x: 200, y: 100)
        func frame(dx: Int = 0, dy: Int = 0, zoomed: Bool = false, status: String = "z3.5") -> CellGrid {
            zoomed
                ? SyntheticMap.frame(
                    originX: origin.x * 2 + 80, originY: origin.y * 2 + 24, scale: 2, dense: dense, status: status)
                : SyntheticMap.frame(originX: origin.x + dx, originY: origin.y + dy, dense: dense, status: status)
        }
        result.first = fixture.drawCounting(frame())
        result.unchanged = fixture.drawCounting(frame())
        result.statusOnly = fixture.drawCounting(frame(status: "z3.6"))
        fixture.screen.draw(frame())
        result.verticalPan = fixture.drawCounting(frame(dy: 12))
        result.panBack = fixture.drawCounting(frame())
        result.horizontalPan = fixture.drawCounting(frame(dx: 40))
        fixture.screen.draw(frame())
        result.zoom = fixture.drawCounting(frame(zoomed: true))
        return result
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"], [false, true])
    func bytesPerFrame(term: String, dense: Bool) throws {
        let bytes = try Self.measure(term: term, dense: dense)
        print("[bytes] \(bytes)")
        #expect(bytes.unchanged == 0)
        #expect(bytes.statusOnly > 0 && bytes.statusOnly < 100)
        // The 35 lines that only moved are scrolled (scroll region + line feeds); 12 new ones are sent.
        #expect(bytes.verticalPan <= 12 * 1024, "\(bytes)")
        #expect(bytes.verticalPan * 2 < bytes.first, "\(bytes)")
        #expect(bytes.panBack <= 12 * 1024, "\(bytes)")
    }

    @Test func verticalPanIsSentAsAScroll() throws {
        let fixture = try ScreenFixture(cols: 160, rows: 48)
        fixture.screen.draw(SyntheticMap.frame())
        let before = fixture.bytes
        fixture.screen.draw(SyntheticMap.frame(originY: 12))
        let text = visible(fixture.written(from: before))
        // A scroll region above the status line, scrolled up 12 lines by line feeds at its bottom.
        #expect(
            text.hasPrefix("\\e[39;49m\\e[1;47r\\e[47H" + String(repeating: "^J", count: 12) + "\\e[r"),
            "\(text.prefix(80))")
        #expect(!text.contains("\\e[48;1H"), "the status line is not touched")
    }
}
