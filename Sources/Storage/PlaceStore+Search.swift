import GeoCore
import Places

extension PlaceStore: SearchSource {
    /// The most (word, place) pairs of `place_words` one search reads for its rarest word.
    package static let searchScanLimit = 300
    /// The most pairs of `place_words` looked up at once while reading a word's places.
    static let rowBatch = 100
    /// The most distinct indexed words looked at for one typed word when looking for typos.
    package static let typoScanLimit = 2000
    /// The rows of one word a walk over the distinct indexed words reads before it seeks past the word.
    static let typoSeekAfter = 4
    /// The most indexed words one typo away that a search tries for one typed word.
    package static let typoTerms = 20

    /// A typo search reads thousands of rows of `place_words`: asked only when nothing matched.
    public var cheapTypos: Bool { false }

    /// Places with, for each of the folded `words`, a word of their name, keywords or codes that it
    /// starts (`SearchMatch` up to `.keyword`): read from `place_words` for the rarest word (the one with
    /// the fewest places, counted up to `searchScanLimit`), at most `searchScanLimit` places of it in word
    /// then storage order, each checked against the place's current text; when that word has more places,
    /// those near `center` first (`WordIndexScan`: the places of growing boxes around it, through the
    /// R*Tree of buckets). With `typos`, the longest word may be one typo away (`SearchTypo`): the
    /// distinct indexed words sharing its first two letters (in either order) are tried, up to
    /// `typoScanLimit` of them. At most `limit` places, with their keywords and codes.
    ///
    /// Words are bound as values, never parsed as a query language: nothing typed can be SQL or FTS5
    /// syntax.
    /// - Throws: `PlaceStoreError` when SQLite fails.
    public func candidates(for words: [String], near center: LatLon, typos: Bool, limit: Int) throws
        -> [SearchCandidate]
    {
        do {
            return try WordIndexScan.candidates(
                for: words, near: center, typos: typos, limit: limit,
                typoRanges: { try typoRanges(words).map { ($0.low, $0.high) } }, count: count(prefix:),
                rows: { range, take in
                    try rows(from: range.low, below: range.high ?? range.low + WordIndexScan.highest, each: take)
                },
                nearby: rows(in:limit:))
        } catch {
            throw storeError(error)
        }
    }

    /// The (word, place) pairs of `place_words` with a word starting with `prefix`, counted up to
    /// `searchScanLimit + 1`.
    private func count(prefix: String) throws -> Int {
        let statement = try database.prepare("SELECT bits FROM place_words WHERE word >= ?1 AND word < ?2 LIMIT ?3")
        return try database.withLock {
            defer { statement.reset() }
            try statement.bind(1, prefix)
            try statement.bind(2, prefix + WordIndexScan.highest)
            try statement.bind(3, Self.searchScanLimit + 1)
            var count = 0
            while count <= Self.searchScanLimit, try statement.step() {
                count += UInt64(bitPattern: statement.int64(0)).nonzeroBitCount
            }
            return min(count, Self.searchScanLimit + 1)
        }
    }

    /// The places of the (word, place) pairs of `place_words` with `low <= word < high`, in word then
    /// rowid order, at most `searchScanLimit` pairs (those whose place is gone are skipped, not counted;
    /// a place with several words in the range comes once per word), handed to `each` in batches of up
    /// to `rowBatch` until it returns true: a letter or two typed match most places read, so the first
    /// batch often holds all a search wants.
    private func rows(
        from low: String, below high: String, each: ([(Int64, SearchCandidate)]) -> Bool
    ) throws {
        let scan = try database.prepare("SELECT block, bits FROM place_words WHERE word >= ?1 AND word < ?2")
        let fetch = try database.prepare(
            """
            SELECT rowid, id, kind, name, lat, lon, rank, keywords FROM places
            WHERE rowid IN (SELECT value FROM json_each(?1))
            """)
        try database.withLock {
            defer {
                scan.reset()
                fetch.reset()
            }
            try scan.bind(1, low)
            try scan.bind(2, high)
            var taken = 0
            // Pairs read from `scan` whose places are not looked up yet, in order.
            var queue: [Int64] = []
            var exhausted = false
            while taken < Self.searchScanLimit {
                let wanted = min(Self.searchScanLimit - taken, Self.rowBatch)
                while queue.count < wanted, !exhausted {
                    if try scan.step() {
                        queue += PlaceWordRows.rowids(block: scan.int64(0), bits: scan.int64(1))
                    } else {
                        exhausted = true
                    }
                }
                guard !queue.isEmpty else { break }
                let batch = Array(queue.prefix(wanted))
                queue.removeFirst(batch.count)
                let found = try places(rowids: batch, fetch)
                var rows: [(Int64, SearchCandidate)] = []
                for rowid in batch {
                    guard let place = found[rowid] else { continue }
                    taken += 1
                    if let place { rows.append((rowid, place)) }
                }
                if each(rows) { break }
            }
        }
    }

    /// At most `limit` places inside `box` (not crossing the antimeridian), in bucket order: the places
    /// of the buckets whose R*Tree boxes meet it, checked against their exact coordinates. Kept while
    /// the store is unchanged (`NearbyRowCache`): the next keystroke reads the same boxes.
    private func rows(in box: GeoBounds, limit: Int) throws -> [(Int64, SearchCandidate)] {
        try database.withLock {
            let stamp = try database.changeStamp()
            if let kept = nearbyRows.withLock({ $0.rows(in: box, limit: limit, at: stamp) }) { return kept }
            let rows = try readRows(in: box, limit: limit)
            nearbyRows.withLock { $0.keep(rows, in: box, limit: limit) }
            return rows
        }
    }

    /// `rows(in:limit:)` read from SQLite. No `ORDER BY`: the first `limit` rows of the box end the
    /// read, rather than every row of it being sorted first.
    private func readRows(in box: GeoBounds, limit: Int) throws -> [(Int64, SearchCandidate)] {
        let fetch = try database.prepare(
            """
            SELECT rowid, id, kind, name, lat, lon, rank, keywords FROM places
            WHERE bucket IN (
                SELECT bucket FROM places_rtree WHERE min_lon <= ?2 AND max_lon >= ?1 AND min_lat <= ?4 AND max_lat >= ?3)
            AND lon >= ?1 AND lon <= ?2 AND lat >= ?3 AND lat <= ?4
            LIMIT ?5
            """)
        return try database.withLock {
            defer { fetch.reset() }
            try fetch.bind(1, box.west)
            try fetch.bind(2, box.east)
            try fetch.bind(3, box.south)
            try fetch.bind(4, box.north)
            try fetch.bind(5, max(limit, 0))
            var rows: [(Int64, SearchCandidate)] = []
            while try fetch.step() {
                if let candidate = Self.candidate(fetch) { rows.append((fetch.int64(0), candidate)) }
            }
            return rows
        }
    }

    /// The place of the current row of a statement selecting `rowid, id, kind, name, lat, lon, rank,
    /// keywords`; nil for a row of an unknown kind.
    private static func candidate(_ row: SQLiteStatement) -> SearchCandidate? {
        guard let kind = PlaceKind(rawValue: row.text(2)) else { return nil }
        let keywords = PlaceKeywords.parse(row.text(7))
        return SearchCandidate(
            name: row.text(3), kind: .place(kind), coordinate: LatLon(lat: row.double(4), lon: row.double(5)),
            importance: SearchCandidate.importance(placeRank: UInt8(clamping: row.int(6))),
            codes: keywords.codes, keywords: keywords.text, placeID: row.text(1))
    }

    /// The places of these rows by rowid, through `fetch` (under the lock): nil for a row of an unknown
    /// kind, absent for a row that is gone.
    private func places(rowids: [Int64], _ fetch: SQLiteStatement) throws -> [Int64: SearchCandidate?] {
        fetch.reset()
        try fetch.bind(1, PlaceRowWriter.jsonArray(rowids))
        var found: [Int64: SearchCandidate?] = [:]
        while try fetch.step() {
            found[fetch.int64(0)] = .some(Self.candidate(fetch))
        }
        return found
    }

    /// One range per indexed word one typo away from the longest typed word with a letter (exactly that
    /// word; numbers are not corrected; `SearchTypo`).
    private func typoRanges(_ words: [String]) throws -> [(low: String, high: String)] {
        let lettered = words.filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        guard let longest = lettered.max(by: { $0.unicodeScalars.count < $1.unicodeScalars.count }) else { return [] }
        let typed = Array(longest.unicodeScalars)
        guard typed.count >= SearchTypo.swapLength else { return [] }
        let heads = Set([
            String(String.UnicodeScalarView(typed[0..<2])), String(String.UnicodeScalarView([typed[1], typed[0]])),
        ])
        // The distinct words after each head, in order: read row by row, and past a word's blocks by a
        // new seek once it has `typoSeekAfter` rows (a common word of a large store has thousands).
        let scan = try database.prepare("SELECT word FROM place_words WHERE word > ?1 AND word < ?2")
        var terms: [String] = []
        for head in heads.sorted() {
            var last = head
            var scanned = 0
            var repeats = 0
            try database.withLock {
                defer { scan.reset() }
                try scan.bind(1, head)
                try scan.bind(2, head + WordIndexScan.highest)
                while scanned < Self.typoScanLimit, terms.count < Self.typoTerms, try scan.step() {
                    let word = scan.text(0)
                    if word.utf8.elementsEqual(last.utf8) {
                        repeats += 1
                        if repeats == Self.typoSeekAfter {
                            scan.reset()
                            try scan.bind(1, last)
                            repeats = 0
                        }
                        continue
                    }
                    last = word
                    repeats = 0
                    scanned += 1
                    if SearchTypo.matchesPrefix(typed, of: Array(last.unicodeScalars)) { terms.append(last) }
                }
            }
        }
        return terms.map { ($0, $0 + "\u{0}") }
    }
}
