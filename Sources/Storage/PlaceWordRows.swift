import Places

/// The rows of `place_words` for a set of (place, rowid) pairs, in the table's key order: one row per
/// folded word and block of `blockSize` consecutive rowids, whose `bits` has bit `rowid % blockSize`
/// set for every place of the block with that word (see `PlaceStoreSchema`).
///
/// Words are in Swift's order, which is the order of their UTF-8 bytes, SQLite's BINARY collation, for
/// every word in NFC (all ASCII ones), so the rows can be inserted at the end of the B-tree one after
/// the other (any order gives the same table; key order is only faster). Built with a counting sort by
/// word: 2–3 s of a core for the seven million words of a million places (2.8 million rows), most of it
/// folding the text and looking the words up.
struct PlaceWordRows {
    /// log2 of the rowids per row: 64, the bits of an SQLite integer.
    static let blockShift: Int64 = 6
    /// Rowids per row: the block of a rowid is `rowid >> blockShift`, its bit `rowid % blockSize`.
    static let blockSize: Int64 = 1 << blockShift

    /// The distinct words, in order.
    private(set) var words: [String] = []
    /// The rows, in key order: `words[word]`, block number, bit set (as a signed SQLite integer).
    private(set) var rows: [(word: Int32, block: Int64, bits: Int64)] = []

    /// The rows for `count` places: place `i` is stored in row `rowid(i)` and found by the folded words
    /// `wordsOf(i, &words)` sets `words` to. A (word, rowid) pair given twice is kept once.
    init(count: Int, wordsOf: (Int, inout [String]) -> Void, rowid: (Int) -> Int64) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(count)
        var vocabulary: [String] = []
        var pairWord: [Int32] = []
        var pairRow: [Int64] = []
        pairWord.reserveCapacity(count * 4)
        pairRow.reserveCapacity(count * 4)
        var placeWords: [String] = []
        for item in 0..<count {
            let row = rowid(item)
            wordsOf(item, &placeWords)
            for word in placeWords {
                let id: Int32
                if let known = ids[word] {
                    id = known
                } else {
                    id = Int32(vocabulary.count)  // checked: Int32 word ids: fewer than 2^31 distinct words
                    ids[word] = id
                    vocabulary.append(word)
                }
                pairWord.append(id)
                pairRow.append(row)
            }
        }
        let order = vocabulary.indices.sorted { vocabulary[$0] < vocabulary[$1] }
        var rank = [Int32](repeating: 0, count: vocabulary.count)
        for (position, id) in order.enumerated() { rank[id] = Int32(position) }
        // Counting sort of the pairs by the rank of their word; each word's rowids stay in input order.
        var start = [Int](repeating: 0, count: vocabulary.count + 1)
        for id in pairWord { start[Int(rank[Int(id)]) + 1] += 1 }
        for position in vocabulary.indices { start[position + 1] += start[position] }
        var next = start
        var sorted = [Int64](repeating: 0, count: pairRow.count)
        for (id, row) in zip(pairWord, pairRow) {
            let position = Int(rank[Int(id)])
            sorted[next[position]] = row
            next[position] += 1
        }
        words = order.map { vocabulary[$0] }
        for position in words.indices {
            let range = start[position]..<start[position + 1]
            if !sorted[range].isSorted() { sorted[range].sort() }
            append(word: Int32(position), rowids: sorted[range])
        }
    }

    /// Appends the rows of one word from its ascending rowids.
    private mutating func append(word: Int32, rowids: ArraySlice<Int64>) {
        var block: Int64?
        var bits: UInt64 = 0
        for rowid in rowids {
            let own = rowid >> Self.blockShift
            if own != block {
                if let block { rows.append((word, block, Int64(bitPattern: bits))) }
                block = own
                bits = 0
            }
            bits |= 1 << UInt64(rowid & (Self.blockSize - 1))
        }
        if let block { rows.append((word, block, Int64(bitPattern: bits))) }
    }

    /// The rowids of a row's block and bit set, ascending.
    static func rowids(block: Int64, bits: Int64) -> [Int64] {
        var rest = UInt64(bitPattern: bits)
        var rowids: [Int64] = []
        while rest != 0 {
            rowids.append(block << blockShift | Int64(rest.trailingZeroBitCount))
            rest &= rest - 1
        }
        return rowids
    }
}

extension ArraySlice where Element: Comparable {
    /// True when every element is at most the next.
    fileprivate func isSorted() -> Bool {
        zip(self, dropFirst()).allSatisfy { $0 <= $1 }
    }
}
