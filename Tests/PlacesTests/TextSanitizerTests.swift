import Places
import TestSupport
import Testing

@testable import TextSafety

@Suite struct TextSanitizerTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("  padded \t and\ttabbed  ", "padded and tabbed"),
        ("line one\r\nline two\rthree\nfour", "line one line two three four"),
        ("bell\u{07}less", "bellless"),
        ("nul\u{00}byte", "nulbyte"),
        ("del\u{7F}ete", "delete"),
        ("c1\u{85}next line", "c1 next line"),
        ("c1\u{80}\u{9A}gone", "c1gone"),
        ("red \u{1B}[31mtext\u{1B}[0m", "red text"),
        ("clear\u{1B}[2J\u{1B}[1;1Hscreen", "clearscreen"),
        ("private \u{1B}[?25lcursor", "private cursor"),
        ("title\u{1B}]0;pwned\u{07} done", "title done"),
        ("link \u{1B}]8;;http://evil\u{1B}\\here\u{1B}]8;;\u{1B}\\", "link here"),
        ("c1 csi \u{9B}31mred", "c1 csi red"),
        ("c1 osc \u{9D}0;t\u{9C}after", "c1 osc after"),
        ("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcs end"),
        ("charset \u{1B}(0line", "charset line"),
        ("keypad \u{1B}=mode", "keypad mode"),
        ("unterminated osc \u{1B}]0;the rest", "unterminated osc"),
        ("lone esc at end\u{1B}", "lone esc at end"),
        ("esc then text \u{1B}\u{7}x", "esc then text x"),
        ("bidi \u{202E}evil\u{202C} ok", "bidi evil ok"),
        ("isolates \u{2066}a\u{2069}\u{2067}b\u{2068}c", "isolates abc"),
        ("marks \u{200E}\u{200F}\u{061C}gone", "marks gone"),
        ("zero\u{200B}width\u{FEFF}", "zerowidth"),
        ("nbsp\u{00A0}\u{00A0}and\u{2028}separators\u{3000}too", "nbsp and separators too"),
        ("Café Nœud ☕ 🚻", "Café Nœud ☕ 🚻"),
        ("family 👩\u{200D}👩\u{200D}👧", "family 👩\u{200D}👩\u{200D}👧"),
        ("\u{1B}[31m\u{1B}[0m", ""),
        ("", ""),
    ])
    func cleans(input: String, expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
    }

    @Test func neverLeavesControlsBehind() {
        var generator = SeededGenerator(seed: 7)
        let pool: [Unicode.Scalar] =
            (0...0x9F).compactMap(Unicode.Scalar.init) + ["a", "é", "[", "]", "\\", "\u{202E}", "\u{2066}", "🚻"]
        for _ in 0..<2000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) { text.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            let cleaned = TextSanitizer.clean(String(text))
            let bad = cleaned.unicodeScalars.filter {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                    || (0x2066...0x2069).contains($0.value)
            }
            #expect(bad.isEmpty, "\(String(text).debugDescription) -> \(cleaned.debugDescription)")
            #expect(!cleaned.hasPrefix(" ") && !cleaned.hasSuffix(" ") && !cleaned.contains("  "))
        }
    }

    /// Text that needs no change is returned as it is without a scan: the same answer as the scan's.
    @Test func cleanTextTakesTheShortWayToTheSameAnswer() {
        var generator = SeededGenerator(seed: 11)
        let pool: [Unicode.Scalar] = [
            "a", "Z", "1", " ", " ", "\t", "\n", "\u{0B}", "\u{1B}", "[", "m", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}",
            "é",
            "\u{2028}", "\u{3000}", "\u{200B}", "\u{202E}", "\u{200D}", "🚻", "\u{FEFF}",
        ]
        var clean = 0
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 12) { text.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            let input = String(text)
            let scanned = TextSanitizer.scan(input)
            #expect(TextSanitizer.isClean(input) == (scanned == input), "\(input.debugDescription)")
            #expect(TextSanitizer.clean(input) == scanned)
            if TextSanitizer.isClean(input) { clean += 1 }
        }
        #expect(clean > 100)
    }

    @Test func cutsWithEllipsis() {
        #expect(TextSanitizer.clean("abcdef", maxLength: 4) == "abc…")
        #expect(TextSanitizer.clean("ab cdef", maxLength: 4) == "ab…")
        #expect(TextSanitizer.clean("abcd", maxLength: 4) == "abcd")
    }

    @Test func optionalTextBecomesNilWhenEmpty() {
        #expect(TextSanitizer.cleanOrNil(nil) == nil)
        #expect(TextSanitizer.cleanOrNil(" \r\n ") == nil)
        #expect(TextSanitizer.cleanOrNil("\u{1B}[0m") == nil)
        #expect(TextSanitizer.cleanOrNil(" x ") == "x")
    }
}
