/// Hostile text and numbers for structure-aware fuzz tests, and the check that displayed text is safe.
public enum FuzzText {
    /// Terminal escapes and formatting a hostile file may carry: OSC 0 (title), OSC 52 (clipboard),
    /// OSC 8 (hyperlink), CSI (clear screen), DCS (query), C1 controls CSI/OSC/DCS, bidirectional
    /// overrides and isolates, NUL, DEL, line breaks and a lone ESC.
    public static let hostile: [String] = [
        "\u{1B}]0;X\u{07}", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{1B}]8;;http://x\u{07}link\u{1B}]8;;\u{07}",
        "\u{1B}[2J", "\u{1B}P1$q\u{1B}\\", "\u{9B}31m", "\u{9D}0;t\u{9C}", "\u{90}q\u{9C}", "\u{202E}evil",
        "\u{2066}iso\u{2069}", "\u{0}", "\u{7F}", "\r\n", "\t", "\u{1B}", "\u{85}", "\u{2028}", "\u{FEFF}",
    ]

    /// Bytes that are never valid UTF-8 (an overlong lead, 0xFF, 0xFE) and a truncated sequence.
    public static let invalidUTF8: [[UInt8]] = [[0xC0], [0xFF], [0xFE], [0xC0, 0x80], [0xE2, 0x82]]

    /// Extreme numbers that are still valid JSON: huge, tiny, negative zero, past the coordinate
    /// ranges, past `Int64`, long digit strings.
    public static let extremeJSONNumbers: [String] = [
        "1e308", "-1e308", "1e309", "-0", "-0.0", "4.9e-324", "90.0000001", "-180.0000001", "1e-400",
        "9223372036854775808", "-9223372036854775809", String(repeating: "9", count: 400),
        "0." + String(repeating: "0", count: 400) + "1",
    ]

    /// Numbers as a file may write them: the extreme JSON ones, and ones no JSON parser accepts.
    public static let extremeNumbers: [String] =
        extremeJSONNumbers + ["NaN", "nan", "Infinity", "-inf", "0x10", "1_000", "+5", ".5", "5.", "1e", "--1"]

    /// Plain words for well-formed documents.
    public static let words = ["Café", "Zürich", "東京", "🚻 WC", "a", "Name", "x y", "O'Brien", "\"quoted\"", ""]

    /// A random text: half the time a word, else a word with hostile pieces, one time in 200 a giant
    /// string of about `giantLength` scalars full of escapes (each fuzzer also has a test of one huge
    /// string: giant ones in every case would make the runs slow).
    public static func random(using rng: inout SeededGenerator, giantLength: Int = 20_000) -> String {
        switch Int.random(in: 0..<200, using: &rng) {
        case 0..<100: return words.randomElement(using: &rng)!
        case 100..<199:
            var text = words.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                text += hostile.randomElement(using: &rng)! + words.randomElement(using: &rng)!
            }
            return text
        default:
            return String(repeating: hostile.randomElement(using: &rng)! + "ab", count: giantLength / 8)
        }
    }

    /// A huge text of at least `length` scalars: every hostile piece between words, over and over.
    public static func giant(_ length: Int) -> String {
        let unit = hostile.joined(separator: "ab")
        return String(repeating: unit, count: length / unit.unicodeScalars.count + 1)
    }

    /// True when `text` is safe to show in a terminal: no C0 control, DEL or C1 control (so no ESC
    /// and no escape sequence introducer) and no bidirectional embedding, override, isolate or mark.
    public static func isTerminalSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: return false
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return false
            default: return true
            }
        }
    }
}
