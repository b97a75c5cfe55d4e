import GeoCore
import TestSupport
import Testing
import VectorTiles

/// `PMTilesArchive` over hand-made archives in memory: lookups, runs, leaves, caching, metadata,
/// and every kind of damage, which must be a `PMTilesError` and never a trap.
@Suite struct PMTilesArchiveTests {
    static let source = "/maps/hand made.pmtiles"

    /// A plain MVT tile with one layer called `name`.
    static func tile(_ name: String) -> [UInt8] {
        MVTEncoder.tile([
            MVTEncoder.Layer(name: name, features: [.init(type: .point, geometry: MVTGeometry.points([(1, 2)]))])
        ])
    }

    /// 40 tiles: all of z0-2 (21) and 19 of z3, each with a layer naming it.
    static let tiles: [TileID: [UInt8]] = {
        var tiles: [TileID: [UInt8]] = [:]
        for z in 0...3 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) where tiles.count < 40 {
                    tiles[TileID(z: z, x: x, y: y)] = tile("t\(z)/\(x)/\(y)")
                }
            }
        }
        return tiles
    }()

    private func open(_ bytes: [UInt8], hidesSize: Bool = false) throws(PMTilesError) -> PMTilesArchive {
        try PMTilesArchive(reader: MemoryRangeReader(bytes, hidesSize: hidesSize), source: Self.source)
    }

    private func openError(_ bytes: [UInt8], hidesSize: Bool = false) -> PMTilesError? {
        do {
            _ = try open(bytes, hidesSize: hidesSize)
            return nil
        } catch {
            return error
        }
    }

    private func tileError(_ archive: PMTilesArchive, _ id: TileID) -> PMTilesError? {
        do {
            _ = try archive.tileData(id)
            return nil
        } catch {
            return error
        }
    }

    private func corrupt(_ reason: String) -> PMTilesError { .corrupt(source: Self.source, reason: reason) }

    /// An archive whose root directory is `root` (uncompressed) and tile data 64 bytes of 0xAA.
    private func archive(root: [UInt8], leaves: [UInt8] = []) -> [UInt8] {
        var parts = PMTilesWriter.Parts(root: root)
        parts.leaves = leaves
        parts.tileData = [UInt8](repeating: 0xAA, count: 64)
        return PMTilesWriter.assemble(parts)
    }

    private func entry(_ id: UInt64, _ offset: Int, _ length: Int, run: UInt64 = 1) -> PMTilesWriter.Entry {
        PMTilesWriter.Entry(tileID: id, offset: offset, length: length, runLength: run)
    }

    private static func patch(_ bytes: inout [UInt8], at position: Int, _ value: UInt64) {
        bytes.replaceSubrange(position..<(position + 8), with: PMTilesWriter.le64(value))
    }

    // MARK: Lookups

    @Test(arguments: [false, true])
    func everyTileReadsBack(gzip: Bool) throws {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles, gzip: gzip)
        let archive = try open(bytes)
        for (id, stored) in Self.tiles {
            #expect(try archive.tileData(id) == stored, "\(id)")
            #expect(try archive.tileData(TileID(z: id.z, x: id.x - (1 << id.z), y: id.y)) == stored, "x wraps")
        }
        #expect(try archive.tileData(TileID(z: 3, x: 7, y: 7)) == nil, "not in the archive")
        #expect(try archive.tileData(TileID(z: 9, x: 0, y: 0)) == nil)
        #expect(try archive.tileData(TileID(z: 2, x: 0, y: 4)) == nil, "row outside the world")
        #expect(try archive.tileData(TileID(z: 2, x: 0, y: -1)) == nil)
        #expect(try archive.tileData(TileID(z: 40, x: 0, y: 0)) == nil)
        #expect(archive.header.internalCompression == (gzip ? .gzip : PMTilesHeader.Compression.none))
    }

    @Test func openingIsOneReadOfTheFirst16KiB() throws {
        var big = Self.tiles
        big[TileID(z: 4, x: 0, y: 0)] = [UInt8](repeating: 0x1A, count: 20_000)
        let bytes = PMTilesWriter.archive(tiles: big, gzip: true)
        let reader = MemoryRangeReader(bytes)
        let archive = try PMTilesArchive(reader: reader, source: Self.source)
        #expect(reader.readLog == [0..<16_384])
        #expect(try archive.tileData(TileID(z: 1, x: 1, y: 0)) == Self.tiles[TileID(z: 1, x: 1, y: 0)])
        #expect(reader.readLog.count == 2, "then one read per tile")
        // A small archive is read whole: the first read asks for no more than its size.
        let small = MemoryRangeReader(PMTilesWriter.archive(tiles: [TileID(z: 0, x: 0, y: 0): Self.tile("a")]))
        _ = try PMTilesArchive(reader: small, source: Self.source)
        #expect(small.readLog == [0..<small.bytes.count])
    }

    @Test func runLengthsCoverConsecutiveIDs() throws {
        // Ids 5...7 (z2) share bytes 0..<10; id 20 has bytes 10..<14 (written contiguous).
        let root = PMTilesWriter.directory([entry(5, 0, 10, run: 3), entry(20, 10, 4)])
        let archive = try open(archive(root: root))
        let data = archive.header.tileData.lowerBound
        for id in UInt64(5)...7 {
            #expect(try archive.tileRange(TileID(pmtilesID: id)!) == data..<(data + 10))
        }
        #expect(try archive.tileRange(TileID(pmtilesID: 8)!) == nil)
        #expect(try archive.tileRange(TileID(pmtilesID: 4)!) == nil)
        #expect(try archive.tileRange(TileID(pmtilesID: 20)!) == (data + 10)..<(data + 14))
        #expect(try archive.tileRange(TileID(pmtilesID: 21)!) == nil)
        #expect(try archive.tileData(TileID(pmtilesID: 6)!) == [UInt8](repeating: 0xAA, count: 10))
    }

    @Test(arguments: [1, 2, 3])
    func leavesAreFollowedAndCached(levels: Int) throws {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles, leafSize: 4, leafLevels: levels, gzip: true)
        let reader = MemoryRangeReader(bytes)
        let archive = try PMTilesArchive(reader: reader, source: Self.source)
        #expect(!archive.header.leafDirectories.isEmpty)
        // Ids 0...3 share the first leaf of each level: the first lookup reads them and the tile,
        // the others only their tile.
        let first = TileID(pmtilesID: 0)!
        #expect(try archive.tileData(first) == Self.tiles[first])
        #expect(reader.readLog.count == 1 + levels + 1)
        #expect(archive.cachedLeafCount == levels)
        for id in UInt64(1)...3 {
            let reads = reader.readLog.count
            let tile = TileID(pmtilesID: id)!
            #expect(try archive.tileData(tile) == Self.tiles[tile])
            #expect(reader.readLog.count == reads + 1, "a cached leaf costs no read")
        }
        for (id, stored) in Self.tiles { #expect(try archive.tileData(id) == stored, "\(id)") }
        #expect(try archive.tileData(TileID(z: 3, x: 7, y: 7)) == nil)
    }

    @Test func leafCacheIsBounded() throws {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles, leafSize: 2)
        let archive = try PMTilesArchive(reader: MemoryRangeReader(bytes), source: Self.source, leafCacheCapacity: 3)
        for (id, stored) in Self.tiles { #expect(try archive.tileData(id) == stored) }
        #expect(archive.cachedLeafCount == 3)
    }

    @Test func readerWithoutSize() throws {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles, leafSize: 8, gzip: true)
        let archive = try open(bytes, hidesSize: true)
        for (id, stored) in Self.tiles { #expect(try archive.tileData(id) == stored) }
        // Cut inside the tile data: the header cannot tell, the read of the last tile does.
        let cut = try open(Array(bytes.dropLast(3)), hidesSize: true)
        let last = Self.tiles.keys.max { $0.pmtilesID! < $1.pmtilesID! }!
        guard case .truncated(_, let reason) = tileError(cut, last) else {
            Issue.record("a short read must be reported as truncation")
            return
        }
        #expect(reason.hasSuffix("the archive ends at byte \(bytes.count - 3)"))
    }

    // MARK: Metadata

    @Test func metadataFromHeaderAndJSON() throws {
        let json = #"{"name":"Hand","attribution":"© me","vector_layers":[{"id":"water"},{"id":"roads"},{"x":1}]}"#
        let archive = try open(PMTilesWriter.archive(tiles: Self.tiles, gzip: true, metadataJSON: json))
        let m = archive.metadata
        #expect(m.name == "Hand")
        #expect(m.attribution == "© me")
        #expect(m.layerNames == ["water", "roads"])
        #expect(m.format == "pbf")
        #expect((m.minZoom, m.maxZoom) == (0, 3))
        #expect(m.bounds == GeoBounds(south: -85, west: -180, north: 85, east: 180))
        #expect(m.center == LatLon(lat: 0, lon: 0))
        #expect(m.centerZoom == 0)
        #expect(String(decoding: archive.metadataJSON, as: UTF8.self) == json)
    }

    @Test func metadataLayersInsideAJSONString() throws {
        let json = #"{"json":"{\"vector_layers\":[{\"id\":\"place\"}]}","name":""}"#
        let m = try open(PMTilesWriter.archive(tiles: Self.tiles, metadataJSON: json)).metadata
        #expect(m.layerNames == ["place"])
        #expect(m.name == "hand made", "an empty name falls back to the file name")
    }

    @Test(arguments: ["", "not json", "[1, 2]", #"{"name": 5}"#])
    func unusableJSONIsIgnored(json: String) throws {
        let m = try open(PMTilesWriter.archive(tiles: Self.tiles, metadataJSON: json)).metadata
        #expect(m.name == "hand made")
        #expect(m.attribution == nil)
        #expect(m.layerNames.isEmpty)
    }

    // MARK: Header damage

    @Test func notPMTiles() {
        let error = openError(Array("SQLite format 3\0 and a lot more text after the magic".utf8))
        #expect(error == .notPMTiles(source: Self.source))
        #expect(error?.description == "not a PMTiles archive: wrong magic (/maps/hand made.pmtiles)")
        #expect(openError([0x50, 0x4D, 0x00]) == .notPMTiles(source: Self.source))
    }

    @Test func shorterThanTheHeader() {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles)
        for count in [0, 3, 7, 100, 126] {
            let error = openError(Array(bytes.prefix(count)))
            #expect(
                error == .truncated(source: Self.source, reason: "\(count) bytes, shorter than the 127-byte header"))
        }
        #expect(
            openError([])?.description
                == "truncated PMTiles archive: 0 bytes, shorter than the 127-byte header (/maps/hand made.pmtiles)")
    }

    @Test func wrongVersion() {
        var bytes = PMTilesWriter.archive(tiles: Self.tiles)
        bytes[7] = 2
        #expect(openError(bytes) == .unsupportedVersion(source: Self.source, version: 2))
        #expect(openError(bytes)?.description == "unsupported PMTiles version 2, need 3 (/maps/hand made.pmtiles)")
    }

    @Test func truncatedFile() {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles)
        let error = openError(Array(bytes.dropLast(1)))
        #expect(
            error
                == .truncated(
                    source: Self.source,
                    reason: "tile data ends at byte \(bytes.count) of a \(bytes.count - 1)-byte archive"))
        // Cut inside the root directory.
        #expect(openError(Array(bytes.prefix(140)))?.description.hasPrefix("truncated PMTiles archive: root") == true)
    }

    @Test func sectionsOutOfRange() {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles)
        var overflow = bytes
        Self.patch(&overflow, at: 56, .max - 2)
        #expect(openError(overflow)?.description.contains("tile data offset") == true)
        var inHeader = bytes
        Self.patch(&inHeader, at: 8, 100)
        #expect(openError(inHeader) == corrupt("root directory starts inside the header, at byte 100"))
        var emptyRoot = bytes
        Self.patch(&emptyRoot, at: 16, 0)
        #expect(openError(emptyRoot) == corrupt("empty root directory"))
        var zooms = bytes
        (zooms[100], zooms[101]) = (5, 3)
        #expect(openError(zooms) == corrupt("min zoom 5 above max zoom 3"))
        zooms[101] = 32
        #expect(openError(zooms) == corrupt("max zoom 32 beyond 31"))
    }

    @Test func unsupportedCompressionAndTileTypes() {
        let bytes = PMTilesWriter.archive(tiles: Self.tiles)
        var brotli = bytes
        brotli[97] = 3
        #expect(
            openError(brotli)?.description
                == "unsupported PMTiles compression brotli of the directories, need gzip or none (/maps/hand made.pmtiles)"
        )
        var zstd = bytes
        zstd[98] = 4
        #expect(openError(zstd) == .unsupportedCompression(source: Self.source, compression: "zstd", part: "tiles"))
        var unknown = bytes
        unknown[98] = 9
        #expect(openError(unknown) == corrupt("unknown tile compression 9"))
        for (value, name) in [
            (0, "unknown"), (2, "PNG"), (3, "JPEG"), (4, "WebP"), (5, "AVIF"), (6, "MapLibre Tile (MLT)"),
        ] {
            var typed = bytes
            typed[99] = UInt8(value)
            #expect(openError(typed) == .unsupportedTileType(source: Self.source, type: name))
        }
        var png = bytes
        png[99] = 2
        #expect(
            openError(png)?.description
                == "unsupported PMTiles tile type PNG, need MVT vector tiles (/maps/hand made.pmtiles)")
        unknown = bytes
        unknown[99] = 7
        #expect(openError(unknown) == corrupt("unknown tile type 7"))
    }

    // MARK: Directory damage

    @Test func malformedDirectories() {
        let huge = [UInt8](repeating: 0xFF, count: 11)
        let cases: [([UInt8], String)] = [
            (huge, "root directory: malformed varint at byte 0"),
            (
                [0x02, 0x01] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
                "root directory: malformed varint at byte 2"
            ),
            (
                PMTilesWriter.varint(1 << 40) + [1, 1, 1, 1],
                "root directory: 1099511627776 entries, more than 65536"
            ),
            (PMTilesWriter.varint(100) + [1, 1, 1, 1], "root directory: 100 entries cannot fit in 5 bytes"),
            ([0x00, 0, 0, 0], "root directory: no entries"),
            ([0x01, 0x03, 0x01, 0x01], "root directory: ends inside its entries, at byte 4"),
            (
                PMTilesWriter.directory([entry(3, 0, 1), entry(3, 1, 1)]),
                "root directory: tile ids not ascending at entry 1"
            ),
            (PMTilesWriter.directory([entry(3, 0, 0)]), "root directory: length 0 of entry 0 out of range"),
            ([0x01, 0x03, 0x01, 0x01, 0x00], "root directory: first entry has no offset"),
            (
                [0x02] + PMTilesWriter.varint(.max) + [0x01, 1, 1, 1, 1, 1, 1],
                "root directory: tile id overflows at entry 1"
            ),
            (
                [0x01, 0x03, 0x01] + PMTilesWriter.varint(.max) + [0x01],
                "root directory: length 18446744073709551615 of entry 0 out of range"
            ),
        ]
        for (root, reason) in cases {
            #expect(openError(archive(root: root)) == corrupt(reason), "\(root)")
        }
    }

    @Test func gzipDamage() {
        var parts = PMTilesWriter.Parts(root: PMTilesWriter.directory([entry(0, 0, 4)]))
        parts.internalCompression = 2
        parts.tileData = [1, 2, 3, 4]
        #expect(
            openError(PMTilesWriter.assemble(parts))?.description.contains("root directory: gzip data is corrupt")
                == true)
        parts.root = Array(MVTGzip.stored(PMTilesWriter.directory([entry(0, 0, 4)])).dropLast(9))
        #expect(openError(PMTilesWriter.assemble(parts)) == corrupt("root directory: gzip data is truncated"))
        parts.root = MVTGzip.stored(PMTilesWriter.directory([entry(0, 0, 4)]))
        parts.metadata = Array("{}".utf8)
        #expect(
            openError(PMTilesWriter.assemble(parts))?.description.contains("metadata: gzip data is corrupt") == true)
    }

    @Test func entriesPointingPastTheirSection() throws {
        // Tile 1 ends 1 byte past the 64-byte tile data; tile 2 starts past it.
        let root = PMTilesWriter.directory([entry(0, 0, 64), entry(1, 60, 5), entry(2, 100, 1), entry(3, 0, 1, run: 0)])
        let archive = try open(archive(root: root, leaves: [0x01]))
        #expect(try archive.tileData(TileID(z: 0, x: 0, y: 0)) == [UInt8](repeating: 0xAA, count: 64))
        let past = tileError(archive, TileID(z: 1, x: 0, y: 0))
        #expect(past == corrupt("tile 1/0/0 at offset 60, length 5 runs past its 64-byte section"))
        #expect(past?.description.hasPrefix("corrupt PMTiles archive: tile 1/0/0 at offset 60") == true)
        #expect(
            tileError(archive, TileID(z: 1, x: 0, y: 1))
                == corrupt("tile 1/0/1 at offset 100, length 1 runs past its 64-byte section"))
        let leafStart = archive.header.leafDirectories.lowerBound
        #expect(
            tileError(archive, TileID(z: 1, x: 1, y: 1))
                == corrupt("leaf directory at byte \(leafStart): 1 entries cannot fit in 1 bytes"))
    }

    @Test func leafDamage() throws {
        // A leaf whose only entry is a leaf pointing at itself.
        let selfLeaf = PMTilesWriter.directory([entry(0, 0, 5, run: 0)])
        #expect(selfLeaf.count == 5)
        let cycle = try open(archive(root: PMTilesWriter.directory([entry(0, 0, 5, run: 0)]), leaves: selfLeaf))
        #expect(
            tileError(cycle, TileID(z: 0, x: 0, y: 0))
                == corrupt("leaf directory at byte \(cycle.header.leafDirectories.lowerBound) refers back to itself"))
        // Four levels of leaves.
        let deep = try open(PMTilesWriter.archive(tiles: Self.tiles, leafSize: 2, leafLevels: 4))
        #expect(tileError(deep, TileID(z: 0, x: 0, y: 0)) == corrupt("leaf directories nested more than 3 levels deep"))
        // A leaf entry past the leaf section, and a leaf that is not a directory.
        let past = try open(archive(root: PMTilesWriter.directory([entry(0, 3, 5, run: 0)]), leaves: selfLeaf))
        #expect(
            tileError(past, TileID(z: 0, x: 0, y: 0))
                == corrupt("leaf directory at offset 3, length 5 runs past its 5-byte section"))
        let garbage = try open(
            archive(root: PMTilesWriter.directory([entry(0, 0, 3, run: 0)]), leaves: [0xFF, 0xFF, 0xFF]))
        let leafStart = garbage.header.leafDirectories.lowerBound
        #expect(
            tileError(garbage, TileID(z: 0, x: 0, y: 0))
                == corrupt("leaf directory at byte \(leafStart): ends inside its entries, at byte 3"))
    }

    @Test func readFailures() throws {
        let reader = MemoryRangeReader(PMTilesWriter.archive(tiles: Self.tiles))
        reader.isFailing = true
        do {
            _ = try PMTilesArchive(reader: reader, source: Self.source)
            Issue.record("a failing reader must fail the opening")
        } catch {
            #expect(error == .readFailed(source: Self.source, reason: "injected read failure"))
            #expect(error.description == "cannot read /maps/hand made.pmtiles: injected read failure")
        }
        reader.isFailing = false
        let archive = try PMTilesArchive(reader: reader, source: Self.source)
        reader.isFailing = true
        #expect(
            tileError(archive, TileID(z: 0, x: 0, y: 0))
                == .readFailed(source: Self.source, reason: "injected read failure"))
        reader.isFailing = false
        #expect(try archive.tileData(TileID(z: 0, x: 0, y: 0)) == Self.tiles[TileID(z: 0, x: 0, y: 0)], "recovers")
    }

    // MARK: Fuzzing

    /// Mutated archives (header, directories, leaves) open and answer lookups, or throw
    /// `PMTilesError`: never trap, never hang.
    @Test func mutatedArchivesNeverTrap() {
        let originals = [
            PMTilesWriter.archive(tiles: Self.tiles, leafSize: 3, leafLevels: 2, gzip: false),
            PMTilesWriter.archive(tiles: Self.tiles, leafSize: 5, gzip: true),
        ]
        var rng = SeededGenerator(seed: 3)
        var opened = 0
        for round in 0..<3000 {
            var bytes = originals[round % 2]
            // Mostly the header and directories, where the structure is.
            let span = min(bytes.count, Int.random(in: 0...1, using: &rng) == 0 ? 127 : 600)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<span, using: &rng)] = [
                    0x00, 0x01, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &rng),
                ].randomElement(using: &rng)!
            }
            if round % 7 == 0 { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng)) }
            guard let archive = try? open(bytes, hidesSize: round % 3 == 0) else { continue }
            opened += 1
            for id in Self.tiles.keys { _ = try? archive.tileData(id) }
        }
        #expect(opened > 100, "enough mutations must get past the header to test the directories")
    }
}
