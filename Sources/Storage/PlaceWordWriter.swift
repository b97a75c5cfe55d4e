import Places

/// Writes the search index `place_words` (see `PlaceStoreSchema`): collects the folded words of the
/// places an import or an upgrade writes, then adds them in one statement, sorted by SQLite (an
/// index filled in key order is written once; a million places' seven million words take a few
/// seconds).
final class PlaceWordWriter {
    /// Words staged per statement (SQLite's per-statement overhead, not the binding, dominates).
    static let batch = 200

    private let database: SQLiteDatabase
    private let stage: SQLiteStatement
    /// The words waiting for a full batch, with the rowids of their places.
    private var pending: [(word: String, rowid: Int64)] = []

    /// Prepares a temporary table for the words (on the import's connection, inside its transaction).
    init(_ database: SQLiteDatabase) throws {
        self.database = database
        try database.execute(
            "CREATE TEMP TABLE IF NOT EXISTS staged_words (word TEXT NOT NULL, place INTEGER NOT NULL)")
        let values = (0..<Self.batch).map { "(?\(2 * $0 + 1), ?\(2 * $0 + 2))" }.joined(separator: ", ")
        stage = try database.prepare("INSERT INTO staged_words (word, place) VALUES \(values)")
    }

    /// The distinct folded words `place` is found by: those of its name, of its keywords' text, and
    /// its codes.
    static func words(of place: Place) -> [String] {
        var seen = Set<String>()
        let all =
            SearchText.words(place.name) + SearchText.words(PlaceKeywords.text(place)) + PlaceKeywords.codes(place)
        return all.filter { seen.insert($0).inserted }
    }

    /// Stages the words of `place`, stored in row `rowid`.
    func add(_ place: Place, rowid: Int64) throws {
        for word in Self.words(of: place) {
            pending.append((word, rowid))
            if pending.count == Self.batch { try flush() }
        }
    }

    /// Writes a full batch of staged words to the temporary table.
    private func flush() throws {
        try database.withLock {
            stage.reset()
            for (index, item) in pending.enumerated() {
                try stage.bind(Int32(2 * index + 1), item.word)
                try stage.bind(Int32(2 * index + 2), item.rowid)
            }
            _ = try stage.step()
            stage.reset()
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Moves the staged words into `place_words` in key order (a word a row already has is kept once).
    func write() throws {
        let rest = try database.prepare("INSERT INTO staged_words (word, place) VALUES (?1, ?2)")
        try database.withLock {
            for (word, rowid) in pending {
                rest.reset()
                try rest.bind(1, word)
                try rest.bind(2, rowid)
                _ = try rest.step()
            }
            rest.reset()
        }
        pending.removeAll()
        try database.execute(
            """
            INSERT OR IGNORE INTO place_words (word, place) SELECT word, place FROM staged_words ORDER BY word, place;
            DELETE FROM staged_words
            """)
    }
}
