import Synchronization

/// The text form search compares: words of letters and digits, lower case, without diacritics.
///
/// Folding follows SQLite's `unicode61 remove_diacritics 2` tokenizer closely enough that a word folded
/// here matches the word FTS5 indexed: every character that is not a letter or a digit separates words
/// (so `O'Brien` is `o`, `brien`), combining marks are dropped after canonical decomposition (`Zürich`
/// → `zurich`, `São` → `sao`), and the letters that do not decompose are spelled out (`ß` → `ss`,
/// `ø` → `o`, `æ` → `ae`, `ł` → `l`). Scripts without case (東京) are kept as they are.
public enum SearchText {
    /// The folded words of `text`, in order.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        append(wordsOf: text, to: &words)
        return words
    }

    /// Appends the folded words of `text` to `words` (`words(text)` without a new array).
    public static func append(wordsOf text: String, to words: inout [String]) {
        if appendASCII(text, to: &words) { return }
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x41...0x5A: current.append(Unicode.Scalar(scalar.value + 32)!)
                case 0x61...0x7A, 0x30...0x39: current.append(scalar)
                default: flush(&current, into: &words)
                }
            } else if isWordScalar(scalar) {
                current.append(contentsOf: fold(scalar))
            } else {
                flush(&current, into: &words)
            }
        }
        flush(&current, into: &words)
    }

    /// Appends the words of `text` when it is all ASCII and returns true (false, and nothing appended,
    /// otherwise): the same folding, done on its bytes (about five times faster, which counts when an
    /// import folds millions of words).
    private static func appendASCII(_ text: String, to words: inout [String]) -> Bool {
        var text = text
        let count = words.count
        return text.withUTF8 { bytes -> Bool in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { word -> Bool in
                var length = 0
                func flush() {
                    guard length > 0 else { return }
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: word[..<length]), as: UTF8.self))
                    length = 0
                }
                for byte in bytes {
                    switch byte {
                    case 0x41...0x5A:
                        word[length] = byte + 32
                        length += 1
                    case 0x61...0x7A, 0x30...0x39:
                        word[length] = byte
                        length += 1
                    case 0x80...:
                        words.removeLast(words.count - count)
                        return false
                    default: flush()
                    }
                }
                flush()
                return true
            }
        }
    }

    /// Letters (of any script), marks and digits belong to words; everything else separates them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark
    }

    /// The most scalars `foldedScalars` keeps: beyond the letters of every script a gazetteer holds,
    /// so hostile text of many distinct scalars cannot grow it without bound.
    static let foldedScalarLimit = 16_384

    /// The folds computed so far: Foundation's canonical decomposition takes microseconds per scalar,
    /// which made folding the other names of cities most of a search keystroke.
    private static let foldedScalars = Mutex<[Unicode.Scalar: [Unicode.Scalar]]>([:])

    /// The folded scalars of one non-ASCII word scalar (none for a combining mark), remembered.
    private static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let known = foldedScalars.withLock({ $0[scalar] }) { return known }
        let folded = computeFold(scalar)
        foldedScalars.withLock { cache in
            if cache.count < foldedScalarLimit { cache[scalar] = folded }
        }
        return folded
    }

    /// The folded scalars of one non-ASCII word scalar, computed.
    private static func computeFold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let spelled = spelledOut[scalar] { return Array(spelled.unicodeScalars) }
        let lower = String(scalar).lowercased()
        let decomposed = lower.decomposedStringWithCanonicalMapping.unicodeScalars
        return decomposed.filter { $0.properties.generalCategory != .nonspacingMark }
    }

    /// Latin letters that canonical decomposition leaves whole, with their plain spelling.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h",
    ]

    private static func flush(_ current: inout String.UnicodeScalarView, into words: inout [String]) {
        guard !current.isEmpty else { return }
        words.append(String(current))
        current = String.UnicodeScalarView()
    }
}
