/// One decoded PMTiles directory (the root or a leaf): entries in ascending tile-id order.
///
/// Encoded form (after internal decompression): a varint entry count, then four columns of
/// varints — tile-id deltas, run lengths, lengths, offsets. An offset varint of 0 (after the
/// first entry) means "right after the previous entry"; any other value is offset + 1.
struct PMTilesDirectory: Sendable {
    /// A run of tiles sharing one content, or (run length 0) a leaf directory.
    struct Entry: Sendable, Equatable {
        /// The first tile's id (for a leaf: the first id it covers).
        var tileID: UInt64
        /// Bytes from the start of the tile data section (tiles) or leaf directories section (leaves).
        var offset: Int
        /// Stored bytes, more than 0.
        var length: Int
        /// Consecutive tile ids that share this content; 0 for a leaf directory.
        var runLength: UInt64
    }

    /// The most a directory may cost: its uncompressed bytes and its entries. Writers (go-pmtiles,
    /// planetiler, tippecanoe) put fewer than 16 384 entries in a root that fits the first 16 KiB,
    /// and about 1/3 500 of the entries in each leaf (at least 4 096), so a planet at z16 has
    /// leaves of a few hundred thousand entries; anything beyond the limits is a crafted archive.
    struct Limit: Sendable {
        /// Uncompressed bytes.
        var bytes: Int
        /// Entries (each costs `MemoryLayout<Entry>.stride`, 32 bytes, once decoded).
        var entries: Int

        /// The root: 1 MiB uncompressed, 65 536 entries (2 MiB decoded).
        static let root = Limit(bytes: 1 << 20, entries: 1 << 16)
        /// One leaf: 8 MiB uncompressed, 524 288 entries (16 MiB decoded).
        static let leaf = Limit(bytes: 8 << 20, entries: 1 << 19)
    }

    let entries: [Entry]

    /// Bytes the decoded entries take in memory.
    var memoryBytes: Int { entries.count * MemoryLayout<Entry>.stride }

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// Decodes an uncompressed directory of at most `limit.entries` entries. Throws
    /// `PMTilesError.corrupt` (naming `name`) for a bad varint, a count above the limit or that
    /// cannot fit the bytes, ids not ascending or overflowing, a zero length, or an offset that
    /// does not fit.
    init(decoding bytes: [UInt8], limit: Limit, name: String, source: String) throws(PMTilesError) {
        let decoded: Result<[Entry], DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DecodeFailure) {
                return .success(try Self.decode(buffer, maxEntries: limit.entries))
            } catch {
                return .failure(error)
            }
        }
        switch decoded {
        case .success(let entries): self.entries = entries
        case .failure(let failure): throw .corrupt(source: source, reason: "\(name): \(failure.reason)")
        }
    }

    /// The entry for `tileID`: the tile run holding it, or the leaf directory that may; nil
    /// when the directory has neither.
    func entry(containing tileID: UInt64) -> Entry? {
        // The last entry whose id is at most tileID.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= tileID { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        return entry.runLength == 0 || tileID - entry.tileID < entry.runLength ? entry : nil
    }

    // MARK: - Private

    /// The smallest encoding of one entry: one byte in each of the four columns.
    private static let minimumEntryBytes = 4

    private struct DecodeFailure: Error {
        var reason: String
    }

    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, maxEntries: Int) throws(DecodeFailure) -> [Entry] {
        var reader = ProtobufReader(buffer)
        let stated = try varint(&reader)
        guard stated > 0 else { throw DecodeFailure(reason: "no entries") }
        guard let count = Int(exactly: stated), count <= maxEntries else {
            throw DecodeFailure(reason: "\(stated) entries, more than \(maxEntries)")
        }
        guard count <= buffer.count / minimumEntryBytes else {
            throw DecodeFailure(reason: "\(count) entries cannot fit in \(buffer.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: count)
        try readTileIDs(&reader, into: &entries)
        for i in entries.indices { entries[i].runLength = try varint(&reader) }
        try readLengths(&reader, into: &entries)
        try readOffsets(&reader, into: &entries)
        return entries
    }

    private static func readTileIDs(_ reader: inout ProtobufReader, into entries: inout [Entry]) throws(DecodeFailure) {
        var last: UInt64 = 0
        for i in entries.indices {
            let delta = try varint(&reader)
            guard i == 0 || delta > 0 else { throw DecodeFailure(reason: "tile ids not ascending at entry \(i)") }
            let (id, overflow) = last.addingReportingOverflow(delta)
            guard !overflow else { throw DecodeFailure(reason: "tile id overflows at entry \(i)") }
            entries[i].tileID = id
            last = id
        }
    }

    private static func readLengths(_ reader: inout ProtobufReader, into entries: inout [Entry]) throws(DecodeFailure) {
        for i in entries.indices {
            let length = try varint(&reader)
            guard length > 0, let checked = Int(exactly: length) else {
                throw DecodeFailure(reason: "length \(length) of entry \(i) out of range")
            }
            entries[i].length = checked
        }
    }

    private static func readOffsets(_ reader: inout ProtobufReader, into entries: inout [Entry]) throws(DecodeFailure) {
        for i in entries.indices {
            let value = try varint(&reader)
            if value == 0 {
                guard i > 0 else { throw DecodeFailure(reason: "first entry has no offset") }
                let (next, overflow) = entries[i - 1].offset.addingReportingOverflow(entries[i - 1].length)
                guard !overflow else { throw DecodeFailure(reason: "offset overflows at entry \(i)") }
                entries[i].offset = next
            } else {
                guard let offset = Int(exactly: value - 1) else {
                    throw DecodeFailure(reason: "offset \(value - 1) of entry \(i) out of range")
                }
                entries[i].offset = offset
            }
        }
    }

    private static func varint(_ reader: inout ProtobufReader) throws(DecodeFailure) -> UInt64 {
        do {
            return try reader.readVarint()
        } catch .malformedVarint(let offset) {
            throw DecodeFailure(reason: "malformed varint at byte \(offset)")
        } catch {
            throw DecodeFailure(reason: "ends inside its entries, at byte \(reader.offset)")
        }
    }
}
