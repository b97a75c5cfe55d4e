/// One typo: the edit distance search tolerates in words of `minimumLength` letters or more.
public enum SearchTypo {
    /// Words shorter than this (in characters) must be typed right.
    public static let minimumLength = 5

    /// True when `typed` and `word` differ by at most one edit: a letter inserted, deleted or replaced,
    /// or two neighbouring letters swapped (optimal string alignment distance ≤ 1).
    public static func withinOneEdit(_ typed: [Unicode.Scalar], _ word: [Unicode.Scalar]) -> Bool {
        let a = typed, b = word
        if a == b { return true }
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        return a.count < b.count ? a[i...] == b[(i + 1)...] : a[(i + 1)...] == b[i...]
    }

    /// True when `typed` is within one edit of `word` or of a prefix of it (the word may still be being
    /// typed: `heathor` matches `heathrow`). Only for `typed` of `minimumLength` or more.
    public static func matchesPrefix(_ typed: [Unicode.Scalar], of word: [Unicode.Scalar]) -> Bool {
        guard typed.count >= minimumLength else { return false }
        if withinOneEdit(typed, word) { return true }
        for length in (typed.count - 1)...(typed.count + 1) where length < word.count {
            if withinOneEdit(typed, Array(word[..<length])) { return true }
        }
        return false
    }
}
