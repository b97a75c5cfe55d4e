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

    /// How `candidate` matches the folded `words` typed (their `SearchText.key` is `key`); nil when it
    /// does not.
    public static func of(_ candidate: SearchCandidate, words: [String], key: String) -> SearchMatch? {
        guard !words.isEmpty else { return nil }
        if words.count == 1, candidate.codes.contains(words[0]) { return .code }
        let names = ([candidate.name] + candidate.alternateNames).map(SearchText.words)
        if names.contains(where: { $0.joined(separator: " ") == key }) { return .exact }
        let nameWords = names.flatMap { $0 }
        if words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) { return .name }
        let all = nameWords + SearchText.words(candidate.keywords) + candidate.codes
        if words.allSatisfy({ word in all.contains { $0.hasPrefix(word) } }) { return .keyword }
        let scalars = all.map { Array($0.unicodeScalars) }
        let typed = words.map { Array($0.unicodeScalars) }
        let tolerant = typed.allSatisfy { word in
            scalars.contains { $0.starts(with: word) || SearchTypo.matchesPrefix(word, of: $0) }
        }
        return tolerant ? .typo : nil
    }

    /// True for a match that makes looking for typos pointless: a code, or a whole name.
    public var isWhole: Bool { self <= .exact }
}
