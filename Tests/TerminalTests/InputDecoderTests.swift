import Testing

@testable import Terminal

/// The escape-sequence decoder alone, fed characters as ncurses would hand them over.
struct InputDecoderTests {
    private func decode(_ text: String, finish: Bool = true) -> [TerminalEvent] {
        var decoder = InputDecoder()
        var events: [TerminalEvent] = []
        for scalar in text.unicodeScalars { decoder.feed(.char(scalar.value), into: &events) }
        if finish { decoder.finish(into: &events) }
        return events
    }

    private func mouse(_ col: Int, _ row: Int, _ kind: MouseInput.Kind) -> TerminalEvent {
        .mouse(MouseInput(col: col, row: row, kind: kind))
    }

    @Test func plainCharactersAndControls() {
        #expect(
            decode("aZ ü\t\r\n\u{7F}\u{08}\u{0C}") == [
                .key(.character("a")), .key(.character("Z")), .key(.character(" ")), .key(.character("ü")), .key(.tab),
                .key(.enter), .key(.enter), .key(.backspace), .key(.backspace), .key(.character("\u{0C}")),
            ])
    }

    @Test func csiAndSs3Keys() {
        #expect(
            decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[1;5C\u{1B}[Z") == [
                .key(.up), .key(.down), .key(.right), .key(.left), .key(.up), .key(.right), .key(.backTab),
            ])
        #expect(
            decode("\u{1B}[2~\u{1B}[3~\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~") == [
                .key(.delete), .key(.home), .key(.end), .key(.pageUp), .key(.pageDown),
            ])
        #expect(
            decode("\u{1B}OP\u{1B}[11~\u{1B}[17~\u{1B}[24~\u{1B}[1;2Q") == [
                .key(.function(1)), .key(.function(1)), .key(.function(6)), .key(.function(12)), .key(.function(2)),
            ])
    }

    @Test func escapeAloneOrBeforeAKey() {
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("\u{1B}", finish: false) == [])
        #expect(decode("\u{1B}q") == [.key(.escape), .key(.character("q"))])
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
    }

    @Test func unfinishedOrUnknownSequencesAreDropped() {
        #expect(decode("\u{1B}[1;2") == [])
        #expect(decode("\u{1B}[200~x\u{1B}[201~") == [.key(.character("x"))])
        #expect(decode("\u{1B}[" + String(repeating: "1", count: 40) + "~y") == [.key(.character("y"))])
        // A control character inside a sequence ends it and counts as itself.
        #expect(decode("\u{1B}[1\r") == [.key(.enter)])
    }

    @Test func sgrMouseGesture() {
        #expect(
            decode("\u{1B}[<0;1;1M\u{1B}[<32;2;1M\u{1B}[<32;3;2M\u{1B}[<0;3;2m") == [
                mouse(0, 0, .press), mouse(1, 0, .drag), mouse(2, 1, .drag), mouse(2, 1, .release),
            ])
        #expect(
            decode("\u{1B}[<0;7;8M\u{1B}[<0;7;8m") == [mouse(6, 7, .press), mouse(6, 7, .release), mouse(6, 7, .click)])
        #expect(
            decode("\u{1B}[<64;5;5M\u{1B}[<65;5;5M\u{1B}[<66;5;5M") == [mouse(4, 4, .wheelUp), mouse(4, 4, .wheelDown)])
    }

    @Test func otherButtonsAndModifiers() {
        // Right button and plain motion (mode 1003) are ignored; Shift/Ctrl do not change the kind.
        #expect(decode("\u{1B}[<2;5;5M\u{1B}[<2;5;5m\u{1B}[<35;6;6M") == [])
        #expect(
            decode("\u{1B}[<16;5;5M\u{1B}[<4;5;5m") == [
                mouse(4, 4, .press), mouse(4, 4, .release), mouse(4, 4, .click),
            ])
    }

    @Test func x10MouseGesture() {
        func report(_ code: Int, _ x: Int, _ y: Int) -> String {
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + code))) + String(UnicodeScalar(UInt8(32 + x)))
                + String(UnicodeScalar(UInt8(32 + y)))
        }
        #expect(
            decode(report(0, 1, 1) + report(32, 2, 1) + report(3, 2, 1) + report(96, 4, 4) + report(97, 4, 4)) == [
                mouse(0, 0, .press), mouse(1, 0, .drag), mouse(1, 0, .release), mouse(3, 3, .wheelUp),
                mouse(3, 3, .wheelDown),
            ])
    }

    @Test func decodedKeysAndResizesPassThrough() {
        var decoder = InputDecoder()
        var events: [TerminalEvent] = []
        decoder.feed(.event(.key(.up)), into: &events)
        decoder.feed(.ignored, into: &events)
        decoder.feed(.char(0x1B), into: &events)
        decoder.feed(.event(.resize(cols: 10, rows: 5)), into: &events)
        decoder.finish(into: &events)
        #expect(events == [.key(.up), .key(.escape), .resize(cols: 10, rows: 5)])
    }
}
