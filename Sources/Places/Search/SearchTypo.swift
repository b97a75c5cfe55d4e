/// One typo: the edit distance search tolerates in words of `minimumLength` letters or more, and the
/// one slip it forgives in words of `swapLength` letters.
public enum SearchTypo {
    /// Words shorter than this (in Unicode scalars) may hold no typo but a swap (`swapLength`).
    public static let minimumLength = 5
    /// Words of exactly this many scalars may have two neighbouring letters swapped (`yrok` for `york`),
    /// nothing else; shorter words must be typed right.
    public static let swapLength = 4

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
    /// prefix of it (the word may still be being typed: `heathor` matches `heathrow`), or when `typed`
    /// (of `swapLength` scalars) is the start of `word` with two neighbouring letters swapped.
    public static func matchesPrefix(_ typed: [Unicode.Scalar], of word: [Unicode.Scalar]) -> Bool {
        matchesPrefix(typed, of: word[...])
    }

    /// `matchesPrefix(_:of:)` for a word that is part of a larger array.
    public static func matchesPrefix(_ typed: [Unicode.Scalar], of word: ArraySlice<Unicode.Scalar>) -> Bool {
        if typed.count == swapLength { return isSwap(typed[...], word.prefix(swapLength)) }
        guard typed.count >= minimumLength, word.count >= typed.count - 1 else { return false }
        if withinOneEdit(typed[...], word) { return true }
        for length in (typed.count - 1)...(typed.count + 1) where length < word.count {
            if withinOneEdit(typed[...], word.prefix(length)) { return true }
        }
        return false
    }

    /// True when `a` and `b` are equal but for two neighbouring letters swapped (and differ).
    static func isSwap(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Bool {
        guard a.count == b.count, let first = zip(a.indices, b.indices).first(where: { a[$0.0] != b[$0.1] }) else {
            return false
        }
        let (i, j) = first
        return i + 1 < a.endIndex && a[i] == b[j + 1] && a[i + 1] == b[j] && a[(i + 2)...] == b[(j + 2)...]
    }
}
