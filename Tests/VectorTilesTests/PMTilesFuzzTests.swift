import GeoCore
import TestSupport
import Testing
import VectorTiles

/// Seeded, structure-aware fuzzing of the PMTiles header and directory parsers: valid archives
/// (with leaves, gzip, metadata) whose header fields, sections and directories are set to extremes:
/// offsets past the end, overlapping sections, huge counts, varint overflows, self-referring leaves,
/// directory bombs, flipped bytes. Every open and lookup must succeed soundly or throw a
/// `PMTilesError`; decoded directories stay within their limits; all text is terminal-safe.
@Suite struct PMTilesFuzzTests {
    /// A root and a leaf that inflate past their limits (built once: they take a moment in debug).
    static let rootBomb = DeflateRuns.gzip(PMTilesLimitsTests.directoryRuns(count: 300_000))
    static let leafBomb = DeflateRuns.gzip(PMTilesLimitsTests.directoryRuns(count: 2_200_000))
    static let hostile = ["\\u001b[2J", "a\\u0007b", "\\u009b31m", "\\u0085", "tab\\t", "\\u202e", "ok"]

    private struct Case {
        var rng: SeededGenerator

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

        mutating func extreme(archiveSize: Int) -> UInt64 {
            [
                0, 1, 126, 127, UInt64(archiveSize), UInt64(archiveSize + int(1...100)), UInt64(Int.max),
                UInt64(Int.max) + 1, .max, UInt64(int(0...archiveSize)), 1 << 32, 16_384,
            ].randomElement(using: &rng)!
        }

        mutating func varint() -> [UInt8] {
            switch int(0...5) {
            case 0: return [UInt8](repeating: 0xFF, count: int(9...12)) + [0x01]  // overflow
            case 1: return [0x80, 0x80]  // unterminated
            case 2: return PMTilesWriter.varint(.max)
            case 3: return PMTilesWriter.varint(UInt64(int(0...3)))
            default: return PMTilesWriter.varint(UInt64.random(in: 0...UInt64(1) << int(1...63), using: &rng))
            }
        }

        /// A directory of random entries with extreme values, or a root pointing at itself.
        mutating func craftedDirectory(sectionSize: Int) -> [UInt8] {
            if chance(0.3) {
                return PMTilesWriter.directory([
                    .init(tileID: 0, offset: 0, length: max(1, sectionSize), runLength: 0)
                ])
            }
            var bytes = chance(0.5) ? varint() : PMTilesWriter.varint(UInt64(int(1...8)))
            for _ in 0..<int(0...32) { bytes += varint() }
            return bytes
        }

        mutating func metadata() -> String {
            let text = { (rng: inout SeededGenerator) in PMTilesFuzzTests.hostile.randomElement(using: &rng)! }
            let layers = (0..<int(0...3)).map { _ in "{\"id\": \"\(text(&rng))\"}" }.joined(separator: ",")
            return "{\"name\": \"\(text(&rng))\", \"attribution\": \"\(text(&rng))\", \"vector_layers\": [\(layers)]}"
        }

        /// A valid archive of a few random tiles, then one to three mutations.
        mutating func archive() -> [UInt8] {
            var tiles: [TileID: [UInt8]] = [:]
            for _ in 0..<int(1...40) {
                let z = int(0...6)
                tiles[TileID(z: z, x: int(0...(1 << z) - 1), y: int(0...(1 << z) - 1))] = (0..<int(1...24)).map {
                    UInt8(truncatingIfNeeded: $0)
                }
            }
            var bytes = PMTilesWriter.archive(
                tiles: tiles, leafSize: chance(0.5) ? int(1...6) : nil, leafLevels: int(1...3), gzip: chance(0.5),
                metadataJSON: metadata())
            for _ in 0..<int(1...3) where bytes.count >= 127 { mutate(&bytes) }
            return bytes
        }

        /// One mutation of an archive at least as long as the header (127 bytes).
        mutating func mutate(_ bytes: inout [UInt8]) {
            switch int(0...9) {
            case 0, 1:  // a section's offset or length
                let field = 8 + 8 * int(0...7)
                bytes.replaceSubrange(field..<(field + 8), with: PMTilesWriter.le64(extreme(archiveSize: bytes.count)))
            case 2:  // counts, compressions, tile type, zooms, bounds, centre
                bytes[int(72...126)] = [0, 1, 2, 5, 7, 31, 32, 0x7F, 0x80, 0xFF].randomElement(using: &rng)!
            case 3, 4: replaceDirectory(&bytes)
            case 5 where chance(0.2):  // a bomb as the root or as the leaves
                var parts = PMTilesWriter.Parts(root: chance(0.5) ? PMTilesFuzzTests.rootBomb : [])
                if parts.root.isEmpty {
                    parts.root = MVTGzip.stored(
                        PMTilesWriter.directory([
                            .init(tileID: 0, offset: 0, length: PMTilesFuzzTests.leafBomb.count, runLength: 0)
                        ]))
                    parts.leaves = PMTilesFuzzTests.leafBomb
                }
                parts.internalCompression = 2
                parts.tileData = [1, 2, 3]
                bytes = PMTilesWriter.assemble(parts)
            case 5, 6:  // flipped bytes anywhere
                for _ in 0..<int(1...8) { bytes[int(0...bytes.count - 1)] = UInt8.random(in: 0...255, using: &rng) }
            case 7: bytes.removeSubrange(int(0...bytes.count - 1)...)
            default:  // a section over another one
                let (a, b) = (int(0...3), int(0...3))
                let source = 8 + 16 * a
                bytes.replaceSubrange((8 + 16 * b)..<(8 + 16 * b + 16), with: Array(bytes[source..<(source + 16)]))
            }
        }

        /// The root or the leaves section replaced by a crafted, uncompressed directory.
        mutating func replaceDirectory(_ bytes: inout [UInt8]) {
            var parts = PMTilesWriter.Parts(root: craftedDirectory(sectionSize: int(1...64)))
            if chance(0.5) {
                parts.leaves = craftedDirectory(sectionSize: int(1...64))
                parts.root = PMTilesWriter.directory([
                    .init(tileID: 0, offset: 0, length: parts.leaves.count, runLength: 0)
                ])
            }
            parts.tileData = [UInt8](repeating: 9, count: int(0...64))
            bytes = PMTilesWriter.assemble(parts)
        }
    }

    /// Opens and reads the archive; returns whether it opened.
    private func exercise(_ bytes: [UInt8], lookups: [TileID]) -> Bool {
        let archive: PMTilesArchive
        do {
            archive = try PMTilesArchive(reader: MemoryRangeReader(bytes), source: "fuzz.pmtiles")
        } catch {
            #expect(FuzzChecks.isTerminalSafe(error.description))
            return false
        }
        let metadata = archive.metadata
        let texts = [metadata.name, metadata.attribution ?? ""] + metadata.layerNames
        #expect(texts.allSatisfy(FuzzChecks.isTerminalSafe), "\(texts)")
        #expect(archive.header.minZoom <= archive.header.maxZoom && archive.header.maxZoom <= 31)
        for tile in lookups {
            do {
                if let range = try archive.tileRange(tile) {
                    #expect(range.lowerBound >= 127 && range.upperBound <= bytes.count)
                    #expect(try archive.tileData(tile)?.count == range.count)
                }
            } catch {
                #expect(FuzzChecks.isTerminalSafe(error.description))
            }
        }
        #expect(archive.directoryMemoryBytes <= (2 << 20) + (16 << 20), "\(archive.directoryMemoryBytes) bytes")
        return true
    }

    @Test func mutatedArchivesOpenSoundlyOrFailWithAPMTilesError() {
        let count = FuzzBudget.cases(2000)
        var fuzz = Case(rng: SeededGenerator(seed: FuzzBudget.seed(0x9A71_1E5)))
        _ = (Self.rootBomb.count, Self.leafBomb.count)  // built before the clock starts
        let peakBefore = FuzzChecks.peakResidentBytes
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var opened = 0
        let total = clock.measure {
            for _ in 0..<count {
                let bytes = fuzz.archive()
                let lookups = (0..<4).map { _ in
                    let z = fuzz.int(0...7)
                    return TileID(z: z, x: fuzz.int(0...(1 << z) - 1), y: fuzz.int(0...(1 << z) - 1))
                }
                var didOpen = false
                let elapsed = clock.measure { didOpen = exercise(bytes, lookups: lookups) }
                opened += didOpen ? 1 : 0
                slowest = max(slowest, elapsed)
            }
        }
        let peak = FuzzChecks.peakResidentBytes
        let growth = peak - peakBefore
        print(
            "PMTiles fuzz: \(count) cases (\(opened) opened) in \(total), slowest \(slowest), peak RSS"
                + " \(peak >> 20) MiB (\(growth >> 10) KiB above the peak before)")
        #expect(opened > count / 10 && opened < count * 9 / 10, "\(opened) of \(count) opened")
        #expect(slowest < .seconds(5), "one case took \(slowest)")
        #expect(growth < 64 << 20, "peak RSS grew by \(growth) bytes")
    }
}
