import Foundation
import Testing

@testable import TextSafety

/// `SafeText` is the one type output takes: made by the sanitiser or from the program's own literals.
@Suite struct SafeTextTests {
    /// Hostile text of every kind a source can hold.
    static let hostile =
        "A\u{1B}]0;PWNED\u{07}\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}[31m\u{1B}]8;;http://x\u{1B}\\link\u{1B}P1$qDCS\u{1B}\\"
        + "\u{9B}2J\u{9D}0;C1\u{9C}\u{202E}rtl\u{2066}iso\u{FEFF}\u{0}nul\r\nB"

    /// True when `text` holds no scalar a terminal would act on.
    static func isInert(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == "\n" || !(TextSanitizer.isRemoved(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029)
        }
    }

    @Test func sanitisingRemovesEveryEscape() {
        let text = SafeText(sanitizing: Self.hostile)
        #expect(Self.isInert(text.string))
        #expect(!text.string.contains("PWNED") && !text.string.contains("SGVsbG8"))
    }

    @Test func interpolationKeepsLiteralsAndNumbers() {
        let name = SafeText(sanitizing: "Caf\u{1B}[2Jé")
        let text: SafeText = "\(name): \(42) places, \(2.5) km, \(3.14159, format: "%.2f")\n"
        #expect(text.string == "Café: 42 places, 2.5 km, 3.14\n")
    }

    @Test func joiningAndPaddingStaySafe() {
        let lines: [SafeText] = [SafeText(sanitizing: Self.hostile), "two" + .spaces(3), .repeating("#", count: 2)]
        let text = lines.joined(separator: "\n")
        #expect(text.string.split(separator: "\n").count == 3)
        #expect(Self.isInert(text.string))
        #expect(("x" + SafeText.spaces(2)).trimmingTrailingSpaces().string == "x")
    }

    @Test func jsonEscapesWhatTheEncoderLeftRaw() throws {
        let encoded = try JSONEncoder().encode(["name": Self.hostile])
        let raw = String(decoding: encoded, as: UTF8.self)
        #expect(!Self.isInert(raw))  // the encoder leaves C1 and bidi controls as they are
        let safe = SafeText(json: raw)
        #expect(Self.isInert(safe.string))
        #expect(!safe.string.utf8.contains(0x1B) && !safe.string.utf8.contains(0x07))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(safe.string.utf8))
        #expect(decoded["name"] == Self.hostile)
    }

    @Test func jsonKeepsTheEncodersLineBreaks() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let raw = String(decoding: try encoder.encode(["a": 1, "b": 2]), as: UTF8.self)
        #expect(SafeText(json: raw).string == raw)
    }

    @Test func cutTextEndsWithAnEllipsis() {
        #expect(SafeText(sanitizing: "abcdefgh", maxLength: 4).string == "abc…")
    }
}
