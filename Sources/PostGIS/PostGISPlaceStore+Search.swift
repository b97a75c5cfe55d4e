import GeoCore
import Places
import Storage
import TextSafety

extension PostGISPlaceStore {
    /// A typo search reads thousands of rows of `mapterm_place_words`: asked only when nothing matched.
    public var cheapTypos: Bool { false }

    /// Places with, for each of the folded `words`, a word of their name, keywords or codes that it
    /// starts: read from `mapterm_place_words` for the rarest word (counted up to
    /// `PlaceStore.searchScanLimit`), at most that many (word, place) pairs in word then rowid order, each
    /// checked by `SearchMatch`, as the SQLite store does, and for a word with more places the places near
    /// `center` first, in the same boxes (`WordIndexScan`), through the GiST index of `geom`. With
    /// `typos`, the indexed words one typo away from the longest typed word (sharing its first two
    /// letters, in either order) are tried instead.
    /// Words are bound as values, never parsed as SQL.
    /// - Throws: `PostGISError` when the server fails.
    public func candidates(for words: [String], near center: LatLon, typos: Bool, limit: Int) throws
        -> [SearchCandidate]
    {
        try WordIndexScan.candidates(
            for: words, near: center, typos: typos, limit: limit,
            typoRanges: { try typoTerms(words).map { ($0, nil) } },
            count: count(prefix:), rows: { range, take in _ = take(try rows(from: range.low, below: range.high)) },
            nearby: rows(in:limit:))
    }

    /// At most `limit` places inside `box` (not crossing the antimeridian), in rowid order.
    private func rows(in box: GeoBounds, limit: Int) throws -> [(Int64, SearchCandidate)] {
        try connection.query(
            """
            SELECT rowid, id, kind, name, lat, lon, rank, keywords FROM mapterm_places
            WHERE geom && ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326)
            AND lon >= $1::float8 AND lon <= $3::float8 AND lat >= $2::float8 AND lat <= $4::float8
            ORDER BY rowid LIMIT $5::bigint
            """, ["\(box.west)", "\(box.south)", "\(box.east)", "\(box.north)", "\(max(limit, 0))"], read: decode)
    }

    /// The (word, place) pairs with a word starting with `prefix`, counted up to `searchScanLimit + 1`.
    private func count(prefix: String) throws -> Int {
        try connection.query(
            """
            SELECT count(*) FROM (SELECT 1 FROM mapterm_place_words WHERE word >= $1 AND word < $2 LIMIT $3::bigint) w
            """, [prefix, prefix + WordIndexScan.highest, "\(PlaceStore.searchScanLimit + 1)"]
        ) { $0.int(0, 0) }
    }

    /// The places of the (word, place) pairs with `low <= word < high` (or `word = low` without `high`),
    /// in word then rowid order, at most `searchScanLimit` pairs; rows of an unknown kind are skipped.
    private func rows(from low: String, below high: String?) throws -> [(Int64, SearchCandidate)] {
        let condition = high == nil ? "word = $1" : "word >= $1 AND word < $3"
        return try connection.query(
            """
            SELECT p.rowid, p.id, p.kind, p.name, p.lat, p.lon, p.rank, p.keywords
            FROM (SELECT word, rowid FROM mapterm_place_words WHERE \(condition) ORDER BY word, rowid LIMIT $2::bigint) w
            JOIN mapterm_places p ON p.rowid = w.rowid ORDER BY w.word, w.rowid
            """, [low, "\(PlaceStore.searchScanLimit)"] + (high.map { [$0] } ?? []), read: decode)
    }

    /// The places of rows selecting `rowid, id, kind, name, lat, lon, rank, keywords`, sanitised; rows of an
    /// unknown kind or an invalid coordinate are skipped.
    private func decode(_ rows: PostgresConnection.Rows) -> [(Int64, SearchCandidate)] {
        (0..<rows.count).compactMap { row in
            guard let kind = PlaceKind(rawValue: rows.text(row, 2)) else { return nil }
            let coordinate = LatLon(lat: rows.double(row, 4), lon: rows.double(row, 5))
            guard coordinate.isValid else { return nil }
            let keywords = PlaceKeywords.parse(TextSanitizer.clean(rows.text(row, 7)))
            return (
                Int64(rows.int(row, 0)),
                SearchCandidate(
                    name: TextSanitizer.clean(rows.text(row, 3)), kind: .place(kind), coordinate: coordinate,
                    importance: SearchCandidate.importance(placeRank: UInt8(clamping: rows.int(row, 6))),
                    codes: keywords.codes, keywords: keywords.text, placeID: TextSanitizer.clean(rows.text(row, 1)))
            )
        }
    }

    /// The indexed words one typo away from the longest typed word with a letter (numbers are not
    /// corrected): among the distinct words after its first two letters, in either order, at most
    /// `PlaceStore.typoScanLimit` looked at and `PlaceStore.typoTerms` kept.
    private func typoTerms(_ words: [String]) throws -> [String] {
        let lettered = words.filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        guard let longest = lettered.max(by: { $0.unicodeScalars.count < $1.unicodeScalars.count }) else { return [] }
        let typed = Array(longest.unicodeScalars)
        guard typed.count >= SearchTypo.swapLength else { return [] }
        let heads = Set([
            String(String.UnicodeScalarView(typed[0..<2])), String(String.UnicodeScalarView([typed[1], typed[0]])),
        ])
        var terms: [String] = []
        for head in heads.sorted() where terms.count < PlaceStore.typoTerms {
            let distinct = try connection.query(
                """
                SELECT DISTINCT word FROM mapterm_place_words WHERE word > $1 AND word < $2 ORDER BY word LIMIT $3::bigint
                """, [head, head + WordIndexScan.highest, "\(PlaceStore.typoScanLimit)"]
            ) { rows in (0..<rows.count).map { rows.text($0, 0) } }
            for word in distinct where terms.count < PlaceStore.typoTerms {
                if SearchTypo.matchesPrefix(typed, of: Array(word.unicodeScalars)) { terms.append(word) }
            }
        }
        return terms
    }
}
