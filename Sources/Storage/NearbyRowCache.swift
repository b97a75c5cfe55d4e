import GeoCore
import Places

/// The places of the last boxes a search read around its centre (`WordIndexScan`'s near pass), kept
/// while the store is unchanged. Each keystroke of a common word reads the same boxes around the same
/// centre (the places read do not depend on the word, only which of them match does), so from the
/// third letter on they come from here rather than from SQLite.
struct NearbyRowCache: Sendable {
    /// The most boxes kept: those of one near pass (four sizes, each in up to two parts).
    static let capacity = 8

    /// One box read: at most `limit` places inside `box`.
    private struct Entry: Sendable {
        let box: GeoBounds
        let limit: Int
        let rows: [(Int64, SearchCandidate)]
    }

    /// The state of the store when the entries were read.
    private var stamp: SQLiteDatabase.ChangeStamp?
    private var entries: [Entry] = []

    /// The places read for `box` and `limit` while the store was at `stamp`; nil when not kept (and,
    /// when the store has changed since, every entry is dropped).
    mutating func rows(in box: GeoBounds, limit: Int, at stamp: SQLiteDatabase.ChangeStamp) -> [(
        Int64, SearchCandidate
    )]? {
        if stamp != self.stamp {
            self.stamp = stamp
            entries.removeAll()
            return nil
        }
        return entries.first { $0.box == box && $0.limit == limit }?.rows
    }

    /// Keeps the places read for `box` and `limit` at the stamp last asked about, dropping the oldest
    /// entry beyond `capacity`.
    mutating func keep(_ rows: [(Int64, SearchCandidate)], in box: GeoBounds, limit: Int) {
        entries.append(Entry(box: box, limit: limit, rows: rows))
        if entries.count > Self.capacity { entries.removeFirst() }
    }
}
