import GeoCore
import TestSupport
import Testing
import VectorTiles

/// What a PMTiles directory may cost: a crafted root or leaf that inflates to megabytes, or states
/// more entries than any writer makes, is refused with the reason, before its entries are decoded.
@Suite struct PMTilesLimitsTests {
    static let source = "/maps/bomb.pmtiles"

    /// A directory of `count` entries as runs of bytes: tiles `first`, `first` + 1, ... of one byte
    /// each, stored one after the other from offset 0 (so it compresses like a bomb).
    static func directoryRuns(count: Int, firstDelta: UInt8 = 0) -> [DeflateRuns.Run] {
        PMTilesWriter.varint(UInt64(count)).map { DeflateRuns.Run($0, count: 1) } + [
            DeflateRuns.Run(firstDelta, count: 1), DeflateRuns.Run(1, count: count - 1),  // tile-id deltas
            DeflateRuns.Run(1, count: 2 * count),  // run lengths, lengths
            DeflateRuns.Run(1, count: 1), DeflateRuns.Run(0, count: count - 1),  // offset 0, then contiguous
        ]
    }

    private func open(_ parts: PMTilesWriter.Parts) throws(PMTilesError) -> PMTilesArchive {
        try PMTilesArchive(reader: MemoryRangeReader(PMTilesWriter.assemble(parts)), source: Self.source)
    }

    private func reason(_ error: PMTilesError) -> String {
        guard case .corrupt(_, let reason) = error else { return "not corrupt: \(error)" }
        return reason
    }

    @Test func aRootThatInflatesToMegabytesIsRefused() throws {
        let bomb = DeflateRuns.gzip(Self.directoryRuns(count: 600_000))
        #expect(bomb.count < 16_384, "the whole bomb fits the first read: \(bomb.count) bytes")
        var parts = PMTilesWriter.Parts(root: bomb)
        parts.internalCompression = 2
        parts.tileData = [0]
        let error = try #require(throws: PMTilesError.self) { try open(parts) }
        #expect(reason(error) == "root directory is larger than 1048576 bytes uncompressed")
        #expect(error.description.contains(Self.source))
    }

    @Test func aRootOfMoreEntriesThanAnyWriterMakesIsRefused() throws {
        var directory = PMTilesWriter.varint(70_000)
        directory += [UInt8](repeating: 1, count: 4 * 70_000)
        let error = try #require(throws: PMTilesError.self) { try open(PMTilesWriter.Parts(root: directory)) }
        #expect(reason(error) == "root directory: 70000 entries, more than 65536")
    }

    @Test func aLeafThatInflatesPastItsLimitIsRefusedAndNotCached() throws {
        let bomb = DeflateRuns.gzip(Self.directoryRuns(count: 2_400_000))
        var parts = PMTilesWriter.Parts(
            root: MVTGzip.stored(
                PMTilesWriter.directory([.init(tileID: 0, offset: 0, length: bomb.count, runLength: 0)])))
        parts.leaves = bomb
        parts.tileData = [0]
        parts.internalCompression = 2
        let archive = try open(parts)
        let error = try #require(throws: PMTilesError.self) { try archive.tileRange(TileID(z: 0, x: 0, y: 0)) }
        #expect(
            reason(error)
                == "leaf directory at byte \(archive.header.leafDirectories.lowerBound) is larger than 8388608 bytes uncompressed"
        )
        #expect(archive.cachedLeafCount == 0)
    }

    @Test func aLeafAsLargeAsAPlanetArchivesStillWorks() throws {
        let count = 400_000
        let leaf = DeflateRuns.gzip(Self.directoryRuns(count: count))
        var parts = PMTilesWriter.Parts(
            root: MVTGzip.stored(
                PMTilesWriter.directory([.init(tileID: 0, offset: 0, length: leaf.count, runLength: 0)])))
        parts.leaves = leaf
        parts.tileData = [UInt8](repeating: 7, count: count)
        parts.internalCompression = 2
        let archive = try open(parts)
        let tile = TileID(z: 9, x: 300, y: 200)
        let id = try #require(tile.pmtilesID.flatMap { Int(exactly: $0) })
        try #require(id < count)
        let start = archive.header.tileData.lowerBound + id
        #expect(try archive.tileRange(tile) == start..<(start + 1))
        #expect(archive.cachedLeafCount == 1)
    }

    /// A reader that states a negative size, as a server's `Content-Range: bytes 0-1/-5` could.
    private struct NegativeSizeReader: ByteRangeReader {
        var size: Int? { -5 }
        func read(offset: Int, length: Int) throws -> [UInt8] { [] }
    }

    @Test func aNegativeArchiveSizeIsRefusedNotATrap() throws {
        let error = try #require(throws: PMTilesError.self) {
            try PMTilesArchive(reader: NegativeSizeReader(), source: Self.source)
        }
        #expect(error.description.hasPrefix("truncated PMTiles archive: 0 bytes"), "\(error)")
    }
}
