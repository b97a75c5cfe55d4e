/// Where a search finds candidates: the gazetteer in memory (`GazetteerSearchIndex`), the places
/// database (`PlaceStore`), a test double.
public protocol SearchSource: Sendable {
    /// Candidates having, for each of the folded `words` (`SearchText`), a word of their name, keywords or
    /// codes that it starts; with `typos`, those where words of `SearchTypo.minimumLength` letters or more
    /// may be one typo away instead. At most `limit`, the most important first as far as the source can
    /// tell cheaply (a source may return a few that `SearchMatch` then rejects).
    /// - Throws: when the source fails (SQLite); never for what the words contain.
    func candidates(for words: [String], typos: Bool, limit: Int) throws -> [SearchCandidate]
}
