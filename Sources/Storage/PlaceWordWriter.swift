import Blocking
import Places

/// Writes the search index `place_words` (see `PlaceStoreSchema`) for the places an import or an
/// upgrade writes: gathers their text (`add`), folds it into words and sorts them into
/// `PlaceWordRows` on the cooperative pool (`start`, a `ForkedWork`), then inserts the rows in key order (`write`),
/// merging the bits of blocks the table already has.
///
/// An import starts the build before it writes the rows of `places`, so the words are folded and
/// sorted on the second core while SQLite writes; rows appended at the end of the B-tree in key order
/// cost SQLite far less than random inserts.
package final class PlaceWordWriter {
    /// Rows per insert statement (SQLite's per-statement overhead, not the binding, dominates).
    static let batch = 200

    /// One place to index: a place of `places` an import writes, or a row as stored.
    private enum Item {
        case place(index: Int, rowid: Int64)
        case stored(name: String, keywords: String, rowid: Int64)

        var rowid: Int64 {
            switch self {
            case .place(_, let rowid), .stored(_, _, let rowid): return rowid
            }
        }
    }

    private let database: SQLiteDatabase
    /// The places of an import (shared with it, not copied).
    private let places: [Place]
    // Written before `start`, handed to the build by `start`.
    private var items: [Item] = []
    /// The build, from `start` until `wait` takes its rows.
    private var build: ForkedWork<PlaceWordRows>?
    private var rows: PlaceWordRows?
    private var started = false

    /// A writer for the places of an import (`add(placeAt:rowid:)`) or for stored rows.
    init(_ database: SQLiteDatabase, places: [Place] = []) {
        self.database = database
        self.places = places
    }

    /// Sets `words` to the distinct folded words `place` is found by: those of its name, of its
    /// keywords' text (`PlaceKeywords.text`), and its codes.
    package static func words(of place: Place, into words: inout [String]) {
        words.removeAll(keepingCapacity: true)
        SearchText.append(wordsOf: place.name, to: &words)
        PlaceKeywords.append(textWordsOf: place, to: &words)
        if place.airport != nil { words += PlaceKeywords.codes(place) }
        removeRepeats(&words)
    }

    /// Sets `words` to the distinct folded words of a stored row: its name, and the text and codes of
    /// its `keywords` column (`PlaceKeywords.stored`); the same as `words(of:into:)` for its place.
    package static func words(name: String, storedKeywords: String, into words: inout [String]) {
        let keywords = PlaceKeywords.parse(storedKeywords)
        words.removeAll(keepingCapacity: true)
        SearchText.append(wordsOf: name, to: &words)
        SearchText.append(wordsOf: keywords.text, to: &words)
        words += keywords.codes
        removeRepeats(&words)
    }

    /// Keeps the first of equal words, in order.
    private static func removeRepeats(_ words: inout [String]) {
        var kept = 0
        for index in words.indices where !words[..<kept].contains(words[index]) {
            words.swapAt(kept, index)
            kept += 1
        }
        words.removeLast(words.count - kept)
    }

    /// Adds `places[index]` (of the import's places), stored in row `rowid`. Before `start`.
    func add(placeAt index: Int, rowid: Int64) {
        precondition(!started, "a place added after the build started")
        items.append(.place(index: index, rowid: rowid))
    }

    /// Adds the place of row `rowid` as stored: its name and `keywords` column (`PlaceKeywords.stored`).
    func add(name: String, storedKeywords: String, rowid: Int64) {
        precondition(!started, "a place added after the build started")
        items.append(.stored(name: name, keywords: storedKeywords, rowid: rowid))
    }

    /// Starts finding, folding and sorting the words on the cooperative pool (computation only: the
    /// caller goes on writing to SQLite meanwhile).
    func start() {
        precondition(!started, "started twice")
        started = true
        let items = self.items
        let places = self.places
        build = ForkedWork {
            PlaceWordRows(
                count: items.count,
                wordsOf: { item, words in
                    switch items[item] {
                    case .place(let index, _): PlaceWordWriter.words(of: places[index], into: &words)
                    case .stored(let name, let keywords, _):
                        PlaceWordWriter.words(name: name, storedKeywords: keywords, into: &words)
                    }
                },
                rowid: { items[$0].rowid })
        }
    }

    /// Waits for the rows, blocking the caller (at most once; later calls return at once).
    func wait() {
        guard let build else { return }
        self.build = nil
        rows = build.join()
    }

    /// Waits for the rows (starting the build if needed), then inserts them: a block the table already
    /// has for a word gains the new bits. On the import's connection, inside its transaction.
    func write() throws {
        if !started { start() }
        wait()
        guard let rows else { return }
        let values = (0..<Self.batch).map { "(?\(3 * $0 + 1), ?\(3 * $0 + 2), ?\(3 * $0 + 3))" }
        let full = try statement(values)
        let rest = try statement(Array(values.prefix(rows.rows.count % Self.batch)))
        for start in stride(from: 0, to: rows.rows.count, by: Self.batch) {
            let chunk = rows.rows[start..<min(start + Self.batch, rows.rows.count)]
            guard let insert = chunk.count == Self.batch ? full : rest else { continue }
            try database.withLock {
                insert.reset()
                for (offset, row) in chunk.enumerated() {
                    let first = Int32(3 * offset + 1)  // checked: Int32 word ids: fewer than 2^31 distinct words
                    try insert.bind(first, rows.words[Int(row.word)])
                    try insert.bind(first + 1, row.block)
                    try insert.bind(first + 2, row.bits)
                }
                _ = try insert.step()
                insert.reset()
            }
        }
        items = []
        self.rows = nil
    }

    /// The insert of `values.count` rows (nil for none).
    private func statement(_ values: [String]) throws -> SQLiteStatement? {
        guard !values.isEmpty else { return nil }
        return try database.prepare(
            """
            INSERT INTO place_words (word, block, bits) VALUES \(values.joined(separator: ", "))
            ON CONFLICT (word, block) DO UPDATE SET bits = bits | excluded.bits
            """)
    }
}
