/// How well a candidate matches the typed words, best first.
public enum SearchMatch: Int, Comparable, Hashable, Sendable {
    /// The query is one of the candidate's codes (`SFO`, `KSFO`, `fr`).
    case code = 0
    /// The query is the candidate's whole name or one of its other names (`paris`, `münchen`, `nyc`).
    case exact = 1
    /// Every word typed starts a word of the name (`san fr`, `heathrow`).
    case name = 2
    /// Every word typed starts a word of the name or of the keywords (a restroom by its street).
    case keyword = 3
    /// As `keyword`, with one typo in some words (`SearchTypo`).
    case typo = 4

    public static func < (a: SearchMatch, b: SearchMatch) -> Bool { a.rawValue < b.rawValue }

    /// How `candidate` matches the folded `words` typed; nil when it does not, or when it matches only
    /// with a typo and `typos` is false (that costs the most to find out, and most candidates read for a
    /// common word do not match at all). Words compare as their UTF-8 bytes, as the word indexes order
    /// them (a typed word starts an indexed one when its bytes begin it).
    public static func of(_ candidate: SearchCandidate, words: [String], typos: Bool = true) -> SearchMatch? {
        guard !words.isEmpty else { return nil }
        if words.count == 1, candidate.codes.contains(words[0]) { return .code }
        var nameWords = SearchText.words(candidate.name)
        if nameWords == words { return .exact }
        for alternate in candidate.alternateNames {
            let count = nameWords.count
            SearchText.append(wordsOf: alternate, to: &nameWords)
            if nameWords[count...].elementsEqual(words) { return .exact }
        }
        if startsSome(of: nameWords, all: words) { return .name }
        var all = nameWords
        SearchText.append(wordsOf: candidate.keywords, to: &all)
        all += candidate.codes
        if startsSome(of: all, all: words) { return .keyword }
        guard typos else { return nil }
        let scalars = all.map { Array($0.unicodeScalars) }
        let typed = words.map { Array($0.unicodeScalars) }
        let tolerant = typed.allSatisfy { word in
            scalars.contains { $0.starts(with: word) || SearchTypo.matchesPrefix(word, of: $0) }
        }
        return tolerant ? .typo : nil
    }

    /// True when each of `typed` begins one of `words` (compared as UTF-8 bytes).
    private static func startsSome(of words: [String], all typed: [String]) -> Bool {
        typed.allSatisfy { word in words.contains { $0.utf8.starts(with: word.utf8) } }
    }

    /// True for a match that makes looking for typos pointless: a code, or a whole name.
    public var isWhole: Bool { self <= .exact }
}
