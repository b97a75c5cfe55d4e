/// Makes text from outside (API responses, imported files, fixture files) safe to store and to draw in a
/// terminal, and tidy to lay out.
///
/// `clean(_:)` removes, scalar by scalar:
/// - escape sequences: CSI (`ESC [` parameters, intermediates, final byte; also the C1 form U+009B),
///   string sequences OSC/DCS/SOS/PM/APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`, or C1
///   U+009D/0090/0098/009E/009F) up to BEL, ST (`ESC \` or U+009C) or the end of the text, and other
///   `ESC` sequences (intermediates 0x20–0x2F, then one final byte 0x30–0x7E);
/// - the remaining C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F);
/// - bidirectional formatting: embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks
///   U+200E, U+200F and U+061C; also U+200B ZERO WIDTH SPACE and U+FEFF (BOM);
///
/// then turns every run of whitespace (tab, line breaks CR/LF/VT/FF, NEL, U+2028/U+2029, no-break and
/// other Unicode spaces) into one space and trims both ends. ZERO WIDTH JOINER and variation selectors are
/// kept, so emoji sequences survive. The result never contains a scalar below U+0020.
public enum TextSanitizer {
    /// The sanitised text (possibly empty).
    public static func clean(_ text: String) -> String {
        isClean(text) ? text : scan(text)
    }

    /// The sanitised text, worked out scalar by scalar (what `clean` does with text that is not clean).
    static func scan(_ text: String) -> String {
        var scanner = Scanner(text.unicodeScalars)
        return scanner.run()
    }

    /// True when `clean` would return `text` unchanged: nothing to remove, and no whitespace but single
    /// spaces between words (most names from tiles and APIs; checked without allocating).
    static func isClean(_ text: String) -> Bool {
        var previousIsSpace = true
        for scalar in text.unicodeScalars {
            if scalar == " " {
                if previousIsSpace { return false }
                previousIsSpace = true
                continue
            }
            previousIsSpace = false
            if scalar.value < 0x80 {
                if scalar.value < 0x21 || scalar.value == 0x7F { return false }
            } else if isRemoved(scalar) || isWhitespace(scalar) {
                return false
            }
        }
        return !previousIsSpace || text.isEmpty
    }

    /// Unicode's White_Space property, without a table lookup for ASCII.
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80
            ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// The sanitised text cut to at most `maxLength` characters (grapheme clusters, ≥ 1); text that was
    /// cut ends with "…".
    public static func clean(_ text: String, maxLength: Int) -> String {
        let cleaned = clean(text)
        let limit = max(1, maxLength)
        // Counting bytes is quick and never less than counting characters.
        guard cleaned.utf8.count > limit, cleaned.count > limit else { return cleaned }
        return String(cleaned.prefix(limit - 1)).trimmingTrailingSpace() + "…"
    }

    /// The sanitised text, or nil when `text` is nil or nothing is left after sanitising.
    public static func cleanOrNil(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// True when `scalar` is removed wherever it appears (controls and bidirectional formatting),
    /// whitespace excepted.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0x200B, 0xFEFF: return true
        default: return false
        }
    }

    // MARK: Scanner

    /// A single pass over the scalars of the input.
    private struct Scanner {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private var output = String.UnicodeScalarView()
        private var pendingSpace = false

        init(_ input: String.UnicodeScalarView) {
            scalars = Array(input)
        }

        mutating func run() -> String {
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar.value {
                case 0x1B: skipEscape()
                case 0x9B: skipControlSequence()
                case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipControlString()
                default:
                    if TextSanitizer.isWhitespace(scalar) {
                        pendingSpace = true
                    } else if !TextSanitizer.isRemoved(scalar) {
                        emit(scalar)
                    }
                }
            }
            return String(output)
        }

        private mutating func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && !output.isEmpty { output.append(" ") }
            pendingSpace = false
            output.append(scalar)
        }

        private func peek() -> UInt32? { index < scalars.count ? scalars[index].value : nil }

        /// Called after ESC.
        private mutating func skipEscape() {
            guard let next = peek() else { return }
            switch next {
            case 0x5B:  // [
                index += 1
                skipControlSequence()
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
                index += 1
                skipControlString()
            case 0x20...0x2F:  // intermediates, then a final byte
                while let byte = peek(), (0x20...0x2F).contains(byte) { index += 1 }
                if let byte = peek(), (0x30...0x7E).contains(byte) { index += 1 }
            case 0x30...0x7E:  // two-character escape
                index += 1
            default:  // a lone ESC: drop it and go on with what follows
                break
            }
        }

        /// Called after CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
        /// Anything else ends the sequence without being consumed.
        private mutating func skipControlSequence() {
            while let byte = peek(), (0x20...0x3F).contains(byte) { index += 1 }
            if let byte = peek(), (0x40...0x7E).contains(byte) { index += 1 }
        }

        /// Called after OSC, DCS, SOS, PM or APC: everything up to BEL, ST (ESC \ or U+009C) or the end.
        /// Another ESC ends the string and starts a new sequence.
        private mutating func skipControlString() {
            while let byte = peek() {
                switch byte {
                case 0x07, 0x9C:
                    index += 1
                    return
                case 0x1B:
                    index += 1
                    if peek() == 0x5C { index += 1 } else { skipEscape() }
                    return
                default:
                    index += 1
                }
            }
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpace() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
