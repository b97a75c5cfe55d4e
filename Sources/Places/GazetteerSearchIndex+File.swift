import Blocking
import Foundation
import GeoCore

/// The prebuilt index file `search.bin` (kind `SRCH` of the gazetteer format, see
/// `Resources/gazetteer/README.md`): what `GazetteerSearchIndex.init(_:)` builds, stored so that a
/// search does not fold 39 000 names at start.
///
/// Layout after the header: varint entry count, per entry (most important first): varint kind (0
/// country, 1 region, 2 city or anything else), lat and lon (8-byte little-endian doubles, exact), signed importance,
/// string name, varint count and strings of codes, varint count and strings of other names, string
/// keywords, varint 0 (no context) or 1 and a string; then varint word count, per word (in order): string
/// word, varint count of its entries, and each entry as a varint difference from the previous one
/// (the first from 0).
extension GazetteerSearchIndex {
    /// The kind of the file in the gazetteer header: "SRCH".
    static let fileKind = "SRCH"

    /// The geocoder of the gazetteer in `directory` and its search index, loaded at once: the index from
    /// `directory/search.bin` on the cooperative pool (`ForkedWork`) while the geocoder builds its k-d
    /// tree (about 12 ms) on the calling thread, or, when that file is missing or cannot be read, built
    /// from the geocoder (about 60 ms more). `geocoder` gives the geocoder (by default loaded from
    /// `directory`; a `ReverseGeocoder.Lazy` shared with the rest of the program loads it once for all).
    /// - Throws: `GazetteerError` when the geocoder's files cannot be read.
    public static func loadWithGeocoder(
        directory: URL, geocoder: (() throws -> ReverseGeocoder)? = nil
    ) throws -> (geocoder: ReverseGeocoder, index: Self) {
        let indexLoad = ForkedWork { try? GazetteerSearchIndex(contentsOf: directory.appendingPathComponent(fileName)) }
        let geocoder = Result { try geocoder?() ?? ReverseGeocoder(directory: directory) }
        let index = indexLoad.join()
        return (try geocoder.get(), try index ?? GazetteerSearchIndex(geocoder.get()))
    }

    /// Loads the index written by `fileBytes()`. Entries are checked now and decoded when a search
    /// returns them.
    /// - Throws: `GazetteerError` when the file is missing, of another kind or version, or corrupt.
    public init(contentsOf url: URL) throws {
        var reader = try GazetteerReader(contentsOf: url, kind: Self.fileKind)
        let entryCount = try reader.count(limit: 10_000_000)
        var offsets: [Int32] = []
        offsets.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            offsets.append(Int32(reader.offset))  // checked: the shipped index is far below 2 GiB
            try GazetteerEntries.skipEntry(&reader)
        }
        let wordCount = try reader.count(limit: 10_000_000)
        var vocabulary: [String] = []
        var postingStart: [Int32] = [0]
        var postingEntries: [Int32] = []
        vocabulary.reserveCapacity(wordCount)
        postingStart.reserveCapacity(wordCount + 1)
        for _ in 0..<wordCount {
            let word = try reader.string()
            guard word > vocabulary.last ?? "" else { throw reader.corrupt("words out of order") }
            vocabulary.append(word)
            var entry = 0
            for n in 0..<(try reader.count(limit: entryCount)) {
                let step = try reader.count(limit: entryCount)
                guard n == 0 || step > 0, entry + step < entryCount else { throw reader.corrupt("bad entry") }
                entry += step
                postingEntries.append(Int32(entry))
            }
            postingStart.append(Int32(postingEntries.count))  // checked: the shipped index is far below 2 GiB
        }
        try reader.finish()
        self.init(
            store: .file(reader, offsets: offsets), vocabulary: vocabulary, postingStart: postingStart,
            postingEntries: postingEntries)
    }

    /// The bytes of the index file (`init(contentsOf:)` reads them back into an equal index).
    public func fileBytes() -> [UInt8] {
        var writer = GazetteerWriter(kind: Self.fileKind)
        writer.varint(entries.count)
        for entry in entries {
            writer.varint(GazetteerEntries.kinds.firstIndex(of: entry.kind) ?? GazetteerEntries.kinds.count - 1)
            writer.double(entry.coordinate.lat)
            writer.double(entry.coordinate.lon)
            writer.signed(entry.importance)
            writer.string(entry.name)
            writer.varint(entry.codes.count)
            entry.codes.forEach { writer.string($0) }
            writer.varint(entry.alternateNames.count)
            entry.alternateNames.forEach { writer.string($0) }
            writer.string(entry.keywords)
            if let context = entry.context {
                writer.varint(1)
                writer.string(context)
            } else {
                writer.varint(0)
            }
        }
        writer.varint(vocabulary.count)
        for (word, text) in vocabulary.enumerated() {
            writer.string(text)
            let range = Int(postingStart[word])..<Int(postingStart[word + 1])
            writer.varint(range.count)
            var previous: Int32 = 0
            for entry in postingEntries[range] {
                writer.varint(Int(entry - previous))
                previous = entry
            }
        }
        return writer.bytes
    }
}

/// The entries of a `GazetteerSearchIndex`: built in memory, or read from its file when asked for.
enum GazetteerEntries: Sendable {
    case built([SearchCandidate])
    /// A reader over the whole file, and where each entry starts (checked when the file was read).
    case file(GazetteerReader, offsets: [Int32])

    /// The kinds of entries by their number in the file.
    static let kinds: [SearchKind] = [.country, .region, .city]

    var count: Int {
        switch self {
        case .built(let entries): return entries.count
        case .file(_, let offsets): return offsets.count
        }
    }

    subscript(index: Int) -> SearchCandidate {
        switch self {
        case .built(let entries): return entries[index]
        case .file(var reader, let offsets):
            reader.offset = Int(offsets[index])
            // Every entry was read once when the file was opened: this cannot fail.
            return try! Self.entry(&reader)
        }
    }

    /// Moves the reader past the entry at its offset, checking its numbers and lengths.
    static func skipEntry(_ reader: inout GazetteerReader) throws {
        _ = try reader.count(limit: kinds.count - 1)
        try reader.skip(16)
        _ = try reader.signed()
        try reader.skipString()
        for _ in 0..<2 {
            for _ in 0..<(try reader.count(limit: 100)) { try reader.skipString() }
        }
        try reader.skipString()
        if try reader.count(limit: 1) == 1 { try reader.skipString() }
    }

    /// The entry at the reader's offset.
    static func entry(_ reader: inout GazetteerReader) throws -> SearchCandidate {
        let kind = try reader.count(limit: kinds.count - 1)
        let coordinate = LatLon(lat: try reader.double(), lon: try reader.double())
        let importance = try reader.signed()
        let name = try reader.string()
        let codes = try (0..<reader.count(limit: 100)).map { _ in try reader.string() }
        let alternateNames = try (0..<reader.count(limit: 100)).map { _ in try reader.string() }
        let keywords = try reader.string()
        let context = try reader.count(limit: 1) == 1 ? try reader.string() : nil
        return SearchCandidate(
            name: name, kind: kinds[kind], coordinate: coordinate, importance: importance, codes: codes,
            alternateNames: alternateNames, keywords: keywords, context: context)
    }
}
