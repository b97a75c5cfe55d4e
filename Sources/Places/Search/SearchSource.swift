import GeoCore

/// Where a search finds candidates: the gazetteer in memory (`GazetteerSearchIndex`), the places
/// database (`PlaceStore`), a test double.
public protocol SearchSource: Sendable {
    /// Candidates having, for each of the folded `words` (`SearchText`), a word of their name, keywords or
    /// codes that it starts; with `typos`, those where some words may be one typo away instead
    /// (`SearchTypo`). At most `limit`: the most important first as far as the source can tell cheaply
    /// and, when a word is too common for all of its candidates to be read, those nearest `center`
    /// (degrees: the view centre or `--near`) among them. A source may return a few that `SearchMatch`
    /// then rejects.
    /// - Throws: when the source fails (SQLite); never for what the words contain.
    func candidates(for words: [String], near center: LatLon, typos: Bool, limit: Int) throws -> [SearchCandidate]

    /// True when looking for typos costs about what a search of the words as typed does (an index in
    /// memory): such a source is asked for typos beside weak literal hits, the others only when nothing
    /// matched at all.
    var cheapTypos: Bool { get }
}
