/// One typo: the edit distance search tolerates in words of `minimumLength` letters or more.
public enum SearchTypo {
    /// Words shorter than this (in Unicode scalars) must be typed right.
    public static let minimumLength = 5

    /// True when `typed` and `word` differ by at most one edit: a letter inserted, deleted or replaced,
    /// or two neighbouring letters swapped (optimal string alignment distance ≤ 1).
    package static func withinOneEdit(_ typed: ArraySlice<Unicode.Scalar>, _ word: ArraySlice<Unicode.Scalar>) -> Bool {
        let a = typed, b = word
        if abs(a.count - b.count) > 1 { return false }
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex, j < b.endIndex, a[i] == b[j] {
            i += 1
            j += 1
        }
        if i == a.endIndex || j == b.endIndex { return true }
        if a.count == b.count {
            if a[(i + 1)...] == b[(j + 1)...] { return true }
            return i + 1 < a.endIndex && a[i] == b[j + 1] && a[i + 1] == b[j] && a[(i + 2)...] == b[(j + 2)...]
        }
        return a.count < b.count ? a[i...] == b[(j + 1)...] : a[(i + 1)...] == b[j...]
    }

    /// True when `typed` (of `minimumLength` scalars or more) is within one edit of `word` or of a
    /// prefix of it (the word may still be being typed: `heathor` matches `heathrow`).
    public static func matchesPrefix(_ typed: [Unicode.Scalar], of word: [Unicode.Scalar]) -> Bool {
        matchesPrefix(typed, of: word[...])
    }

    /// `matchesPrefix(_:of:)` for a word that is part of a larger array.
    public static func matchesPrefix(_ typed: [Unicode.Scalar], of word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard typed.count >= minimumLength, word.count >= typed.count - 1 else { return false }
        if withinOneEdit(typed[...], word) { return true }
        for length in (typed.count - 1)...(typed.count + 1) where length < word.count {
            if withinOneEdit(typed[...], word.prefix(length)) { return true }
        }
        return false
    }
}
