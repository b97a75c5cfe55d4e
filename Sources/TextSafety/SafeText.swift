import Foundation

/// Text that may be written to a terminal, stdout or stderr: it holds no escape sequence, no control
/// character and no bidirectional override, except the line breaks the program put there itself.
///
/// Only two things make one, so text from outside cannot reach an output without passing the
/// sanitiser:
/// - `SafeText(sanitizing:)` runs `TextSanitizer.clean` on any string (one line, tidied);
/// - the program's own string literals (`StaticString`), whose interpolations take only `SafeText`,
///   whole numbers and floating-point numbers, so `"map data: \(raw)"` with a raw `String` does not
///   compile.
///
/// `SafeText.json(_:)` makes JSON text safe by escaping what the encoder left raw. Every writer of the
/// composition root (`Console`) takes this type or a `CellGrid`, whose cells are checked one by one.
public struct SafeText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text, safe to write.
    public let string: String

    /// The sanitised `raw` (one line: escapes and controls removed, whitespace runs made one space).
    public init(sanitizing raw: String) {
        string = TextSanitizer.clean(raw)
    }

    /// The sanitised `raw` cut to at most `maxLength` characters, ending with "…" when cut.
    public init(sanitizing raw: String, maxLength: Int) {
        string = TextSanitizer.clean(raw, maxLength: maxLength)
    }

    /// The program's own text.
    public init(stringLiteral value: StaticString) {
        string = value.description
    }

    /// The program's own text with safe values interpolated.
    public init(stringInterpolation: Interpolation) {
        string = stringInterpolation.text
    }

    /// Text already known to be safe (the module's own builders).
    init(checked string: String) {
        self.string = string
    }

    public var description: String { string }

    /// True when nothing is written.
    public var isEmpty: Bool { string.isEmpty }

    /// `count` spaces (none when `count` ≤ 0).
    public static func spaces(_ count: Int) -> SafeText {
        repeating(" ", count: count)
    }

    /// `piece` `count` times (none when `count` ≤ 0).
    public static func repeating(_ piece: StaticString, count: Int) -> SafeText {
        SafeText(checked: String(repeating: piece.description, count: max(0, count)))
    }

    /// The text without the spaces at its end.
    public func trimmingTrailingSpaces() -> SafeText {
        var text = string
        while text.last == " " { text.removeLast() }
        return SafeText(checked: text)
    }

    /// The two texts one after the other.
    public static func + (left: SafeText, right: SafeText) -> SafeText {
        SafeText(checked: left.string + right.string)
    }

    /// Appends `right` to `left`.
    public static func += (left: inout SafeText, right: SafeText) {
        left = left + right
    }

    /// Builds text from literals and safe values; a raw `String` has no `appendInterpolation`.
    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            text += literal.description
        }

        public mutating func appendInterpolation(_ value: SafeText) {
            text += value.string
        }

        public mutating func appendInterpolation<Number: BinaryInteger>(_ value: Number) {
            text += String(value)
        }

        public mutating func appendInterpolation(_ value: Double) {
            text += String(value)
        }

        /// A number formatted by `format`, a printf conversion of the program's own such as "%7.2f".
        public mutating func appendInterpolation(_ value: Double, format: StaticString) {
            text += String(format: format.description, value)
        }
    }
}

extension SafeText {
    /// JSON text made safe: every scalar the sanitiser would remove (controls, C1, bidirectional
    /// formatting, zero-width space, BOM) and every line or paragraph separator is written as a
    /// `\uXXXX` escape, which a JSON reader turns back into the same scalar; the encoder's own line
    /// breaks between values stay. JSON encoders escape C0 controls inside strings themselves, so valid
    /// JSON stays valid and means the same.
    public init(json: String) {
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            let value = scalar.value
            if value == 0x0A || !(TextSanitizer.isRemoved(scalar) || value == 0x2028 || value == 0x2029) {
                output.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    output.append(contentsOf: escape.unicodeScalars)
                }
            }
        }
        self.init(checked: String(output))
    }
}

extension Sequence where Element == SafeText {
    /// The texts with `separator` between them (a newline joins lines: the program's own line breaks).
    public func joined(separator: SafeText = "") -> SafeText {
        SafeText(checked: map(\.string).joined(separator: separator.string))
    }
}
