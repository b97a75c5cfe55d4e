import GeoCore
import Places

extension PlaceStore: SearchSource {
    /// The most rows of `place_words` one search reads for its rarest word.
    public static let searchScanLimit = 300
    /// The most distinct indexed words looked at for one typed word when looking for typos.
    public static let typoScanLimit = 2000
    /// The most indexed words one typo away that a search tries for one typed word.
    public static let typoTerms = 20

    /// Places with, for each of the folded `words`, a word of their name, keywords or codes that it
    /// starts (`SearchMatch` up to `.keyword`): read from `place_words` for the rarest word (the one with
    /// the fewest rows, counted up to `searchScanLimit`), at most `searchScanLimit` rows of it in word
    /// then storage order, each checked against the place's current text. With `typos`, the words of
    /// `SearchTypo.minimumLength` letters or more may be one typo away: the distinct indexed words
    /// sharing their first two letters (in either order) are tried, up to `typoScanLimit` of them.
    /// At most `limit` places, with their keywords and codes.
    ///
    /// Words are bound as values, never parsed as a query language: nothing typed can be SQL or FTS5
    /// syntax.
    /// - Throws: `PlaceStoreError` when SQLite fails.
    public func candidates(for words: [String], typos: Bool, limit: Int) throws -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        do {
            let key = words.joined(separator: " ")
            let ranges: [(low: String, high: String)]
            if typos {
                ranges = try typoRanges(words)
            } else {
                let counts = try words.map { try count(prefix: $0) }
                let rarest = words[counts.indices.min { counts[$0] < counts[$1] } ?? 0]
                ranges = [(rarest, rarest + Self.highest)]
            }
            var seen = Set<Int64>()
            var found: [SearchCandidate] = []
            for range in ranges {
                for (rowid, candidate) in try rows(from: range.low, below: range.high) where seen.insert(rowid).inserted
                {
                    guard let match = SearchMatch.of(candidate, words: words, key: key) else { continue }
                    if typos || match != .typo { found.append(candidate) }
                    if found.count == limit { return found }
                }
            }
            return found
        } catch {
            throw storeError(error)
        }
    }

    /// Above every character: the end of the range of words starting with a prefix.
    private static let highest = "\u{10FFFF}"

    /// The rows of `place_words` starting with `prefix`, counted up to `searchScanLimit + 1`.
    private func count(prefix: String) throws -> Int {
        let statement = try database.prepare(
            "SELECT count(*) FROM (SELECT 1 FROM place_words WHERE word >= ?1 AND word < ?2 LIMIT ?3)")
        return try database.withLock {
            defer { statement.reset() }
            try statement.bind(1, prefix)
            try statement.bind(2, prefix + Self.highest)
            try statement.bind(3, Self.searchScanLimit + 1)
            return try statement.step() ? statement.int(0) : 0
        }
    }

    /// The places of the rows of `place_words` with `low <= word < high`, at most `searchScanLimit`.
    private func rows(from low: String, below high: String) throws -> [(Int64, SearchCandidate)] {
        let statement = try database.prepare(
            """
            SELECT w.place, p.id, p.kind, p.name, p.lat, p.lon, p.rank, p.keywords
            FROM place_words w JOIN places p ON p.rowid = w.place
            WHERE w.word >= ?1 AND w.word < ?2 LIMIT ?3
            """)
        return try database.withLock {
            defer { statement.reset() }
            try statement.bind(1, low)
            try statement.bind(2, high)
            try statement.bind(3, Self.searchScanLimit)
            var rows: [(Int64, SearchCandidate)] = []
            while try statement.step() {
                guard let kind = PlaceKind(rawValue: statement.text(2)) else { continue }
                let keywords = PlaceKeywords.parse(statement.text(7))
                let candidate = SearchCandidate(
                    name: statement.text(3), kind: .place(kind),
                    coordinate: LatLon(lat: statement.double(4), lon: statement.double(5)),
                    importance: SearchCandidate.importance(placeRank: UInt8(clamping: statement.int(6))),
                    codes: keywords.codes, keywords: keywords.text, placeID: statement.text(1))
                rows.append((statement.int64(0), candidate))
            }
            return rows
        }
    }

    /// One range per indexed word one typo away from the longest typed word with a letter (exactly that
    /// word; numbers are not corrected).
    private func typoRanges(_ words: [String]) throws -> [(low: String, high: String)] {
        let lettered = words.filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        guard let longest = lettered.max(by: { $0.unicodeScalars.count < $1.unicodeScalars.count }) else { return [] }
        let typed = Array(longest.unicodeScalars)
        guard typed.count >= SearchTypo.minimumLength else { return [] }
        let heads = Set([
            String(String.UnicodeScalarView(typed[0..<2])), String(String.UnicodeScalarView([typed[1], typed[0]])),
        ])
        let next = try database.prepare(
            "SELECT word FROM place_words WHERE word > ?1 AND word < ?2 ORDER BY word LIMIT 1")
        var terms: [String] = []
        for head in heads.sorted() {
            var last = head
            var scanned = 0
            try database.withLock {
                defer { next.reset() }
                while scanned < Self.typoScanLimit, terms.count < Self.typoTerms {
                    next.reset()
                    try next.bind(1, last)
                    try next.bind(2, head + Self.highest)
                    guard try next.step() else { break }
                    last = next.text(0)
                    scanned += 1
                    if SearchTypo.matchesPrefix(typed, of: Array(last.unicodeScalars)) { terms.append(last) }
                }
            }
        }
        return terms.map { ($0, $0 + "\u{0}") }
    }
}
