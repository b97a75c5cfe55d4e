import Places

/// The one search over a word index that both place stores (SQLite's `place_words`, PostGIS's
/// `mapterm_place_words`) run: read the places of the rarest typed prefix (or, with `typos`, of the
/// indexed words one typo away), keep each place once and only those `SearchMatch` accepts, stop at
/// `limit`. The stores supply how to count a prefix and how to read a range of words.
package enum WordIndexScan {
    /// Above every character: the end of the range of words starting with a prefix.
    package static let highest = "\u{10FFFF}"

    /// A range of indexed words: from `low`, below `high` (nil: exactly `low`).
    package typealias Range = (low: String, high: String?)

    /// Up to `limit` candidates for the folded `words`.
    package static func candidates(
        for words: [String], typos: Bool, limit: Int, typoRanges: () throws -> [Range],
        count: (String) throws -> Int, rows: (Range) throws -> [(Int64, SearchCandidate)]
    ) throws -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        let key = words.joined(separator: " ")
        let ranges: [Range]
        if typos {
            ranges = try typoRanges()
        } else {
            let counts = try words.map(count)
            let rarest = words[counts.indices.min { counts[$0] < counts[$1] } ?? 0]
            ranges = [(rarest, rarest + highest)]
        }
        var seen = Set<Int64>()
        var found: [SearchCandidate] = []
        for range in ranges {
            for (rowid, candidate) in try rows(range) where seen.insert(rowid).inserted {
                guard let match = SearchMatch.of(candidate, words: words, key: key) else { continue }
                if typos || match != .typo { found.append(candidate) }
                if found.count == limit { return found }
            }
        }
        return found
    }
}
