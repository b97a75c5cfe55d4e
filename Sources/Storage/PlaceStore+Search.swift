import GeoCore
import Places

extension PlaceStore: SearchSource {
    /// Places whose name or keywords (codes, city, street) have a word starting with each of `words`
    /// (folded, `SearchText`), found in FTS5: first the large and medium airports among them (at most
    /// a quarter of `limit`), then any, in storage order, at most `limit` in all. With `typos`, a word of
    /// `SearchTypo.minimumLength` letters or more may instead be any indexed word one typo away that
    /// shares its first two letters (in either order): those come from the index's vocabulary
    /// (`fts5vocab`), at most `typoTerms` per word.
    ///
    /// The words are quoted into the FTS5 query, so nothing typed is FTS5 syntax.
    /// - Throws: `PlaceStoreError` when SQLite fails.
    public func candidates(for words: [String], typos: Bool, limit: Int) throws -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        do {
            var terms: [[String]] = words.map { _ in [] }
            if typos {
                for (index, word) in words.enumerated() where word.unicodeScalars.count >= SearchTypo.minimumLength {
                    terms[index] = try typoTerms(for: word)
                }
                guard terms.contains(where: { !$0.isEmpty }) else { return [] }
            }
            let match = Self.searchExpression(words, alternatives: terms)
            var seen = Set<String>()
            var found: [SearchCandidate] = []
            for (expression, cap) in [("(\(match)) AND category : (8 OR 9)", max(1, limit / 4)), (match, limit)] {
                for candidate in try searchRows(expression, limit: cap)
                where seen.insert(candidate.placeID ?? "").inserted {
                    found.append(candidate)
                }
            }
            return Array(found.prefix(limit))
        } catch {
            throw storeError(error)
        }
    }

    /// The most indexed words one typo away that a search tries for one typed word.
    public static let typoTerms = 40

    /// The FTS5 query: every word as a quoted prefix, or the quoted alternatives found for it, all in
    /// `name` and `keywords`: `{name keywords} : ("san"* ("heathrow" OR "heathorw"))`.
    static func searchExpression(_ words: [String], alternatives: [[String]]) -> String {
        let parts = words.enumerated().map { index, word -> String in
            let options = index < alternatives.count ? alternatives[index] : []
            if options.isEmpty { return quoted(word) + "*" }
            return "(" + options.map(quoted).joined(separator: " OR ") + ")"
        }
        return "{name keywords} : (" + parts.joined(separator: " ") + ")"
    }

    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Rows of `places` matching the FTS5 `expression`, at most `limit`, in storage order.
    private func searchRows(_ expression: String, limit: Int) throws -> [SearchCandidate] {
        let statement = try database.prepare(
            """
            SELECT id, kind, name, lat, lon, rank, keywords FROM places
            WHERE rowid IN (SELECT rowid FROM places_fts WHERE places_fts MATCH ?1 LIMIT ?2)
            """)
        return try database.withLock {
            defer { statement.reset() }
            try statement.bind(1, expression)
            try statement.bind(2, limit)
            var rows: [SearchCandidate] = []
            while try statement.step() {
                guard let kind = PlaceKind(rawValue: statement.text(1)) else { continue }
                let keywords = PlaceKeywords.parse(statement.text(6))
                rows.append(
                    SearchCandidate(
                        name: statement.text(2), kind: .place(kind),
                        coordinate: LatLon(lat: statement.double(3), lon: statement.double(4)),
                        importance: SearchCandidate.importance(placeRank: UInt8(clamping: statement.int(5))),
                        codes: keywords.codes, keywords: keywords.text, placeID: statement.text(0)))
            }
            return rows
        }
    }

    /// Indexed words one typo away from `word` (or from the start of a longer word) that begin with its
    /// first two letters or with them swapped.
    private func typoTerms(for word: String) throws -> [String] {
        try database.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.places_vocab USING fts5vocab(main, places_fts, row)")
        let statement = try database.prepare("SELECT term FROM temp.places_vocab WHERE term >= ?1 AND term < ?2")
        let typed = Array(word.unicodeScalars)
        let heads = Set([
            String(String.UnicodeScalarView(typed[0..<2])), String(String.UnicodeScalarView([typed[1], typed[0]])),
        ])
        var terms: [String] = []
        for head in heads.sorted() {
            try database.withLock {
                defer { statement.reset() }
                try statement.bind(1, head)
                try statement.bind(2, head + "\u{10FFFF}")
                while try statement.step(), terms.count < Self.typoTerms {
                    let term = statement.text(0)
                    if SearchTypo.matchesPrefix(typed, of: Array(term.unicodeScalars)) { terms.append(term) }
                }
            }
        }
        return terms
    }
}
