import Foundation
import GeoCore
import Storage
import Synchronization
import TestSupport
import Testing
import VectorTiles

/// `PMTilesFile` on real archives: the reference implementation's fixtures, and archives the
/// PyPI `pmtiles` converter made from the shipped MBTiles files (`Fixtures/make_pmtiles.sh`),
/// compared tile by tile with their originals.
@Suite struct PMTilesFileTests {
    /// Every tile id of an MBTiles file (XYZ rows).
    private func tileIDs(ofMBTiles path: String, maxZoom: Int = 30) throws -> [TileID] {
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let statement = try database.prepare("SELECT zoom_level, tile_column, tile_row FROM tiles")
        var ids: [TileID] = []
        while try statement.step() {
            let z = statement.int(0)
            if z <= maxZoom { ids.append(TileID(z: z, x: statement.int(1), y: (1 << z) - 1 - statement.int(2))) }
        }
        return ids
    }

    /// The tile's MVT bytes, decompressed.
    private func plain(_ bytes: [UInt8]?) throws -> [UInt8]? {
        try bytes.map { try Gzip.decompressIfNeeded($0) }
    }

    private func openError(_ path: String) -> PMTilesError? {
        do {
            _ = try PMTilesFile(path: path)
            return nil
        } catch {
            return error
        }
    }

    private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let dir = try TestFiles.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir)
    }

    // MARK: Reference fixtures

    /// `js/test/data` of protomaps/PMTiles: tippecanoe's z0 tile of one polygon each, a square
    /// `[[0,0],[0,1],[1,1],[1,0]]` (fixture 1) and a triangle `[[0,0],[0,1],[1,0]]` (fixture 2) in
    /// lon/lat degrees; at z0 with extent 4096, lon 0 is x 2048, lon 1 is x 2059, lat 1 is y 2036.
    @Test(arguments: [
        (1, 69, [SIMD2<Float>(2059, 2036), SIMD2(2059, 2048), SIMD2(2048, 2048), SIMD2(2048, 2036)]),
        (2, 67, [SIMD2<Float>(2048, 2036), SIMD2(2059, 2048), SIMD2(2048, 2048)]),
    ])
    func referenceFixture(number: Int, tileBytes: Int, ring: [SIMD2<Float>]) throws {
        let file = try PMTilesFile(path: TestFiles.fixture("test_fixture_\(number).pmtiles"))
        let header = file.archive.header
        // The values the reference implementation's own tests assert.
        #expect(header.rootDirectory == 127..<152)
        #expect(header.metadata == 152..<399)
        #expect(header.leafDirectories.isEmpty)
        #expect(header.tileData == 399..<(399 + tileBytes))
        #expect((header.addressedTileCount, header.tileEntryCount, header.tileContentCount) == (1, 1, 1))
        #expect(!header.isClustered)
        #expect(header.internalCompression == .gzip && header.tileCompression == .gzip && header.tileType == .mvt)
        #expect((header.minZoom, header.maxZoom) == (0, 0))
        #expect(header.bounds == GeoBounds(south: 0, west: 0, north: 1, east: 0.9999999))

        let name = "test_fixture_\(number).pmtiles"
        #expect(file.metadata.name == name)
        #expect(file.metadata.layerNames == ["test_fixture_\(number)pmtiles"])
        #expect(file.metadata.attribution == nil)
        #expect((file.metadata.minZoom, file.metadata.maxZoom) == (0, 0))

        let tile = try VectorTile(bytes: try #require(try file.tileData(TileID(z: 0, x: 0, y: 0))))
        let layer = try #require(try tile.layer(named: "test_fixture_\(number)pmtiles"))
        #expect(tile.layerNames.count == 1)
        #expect(layer.extent == 4096)
        #expect(layer.features.count == 1)
        #expect(layer.features.first?.type == .polygon)
        #expect(layer.features.first?.geometry.points == ring)
        #expect(try file.tileData(TileID(z: 1, x: 0, y: 0)) == nil)
    }

    // MARK: Converted MBTiles

    @Test func monacoMatchesItsMBTiles() throws {
        let file = try PMTilesFile(path: TestFiles.fixture("monaco.pmtiles"))
        let original = try MBTilesFile(path: TestFiles.monaco)
        let ids = try tileIDs(ofMBTiles: TestFiles.monaco)
        #expect(ids.count == 22)
        #expect(file.archive.header.addressedTileCount == ids.count)
        #expect(file.archive.header.leafDirectories.isEmpty)
        for id in ids {
            let stored = try #require(try file.tileData(id), "\(id)")
            #expect(try plain(stored) == plain(try original.tileData(id)), "\(id)")
            // Neighbours the MBTiles file lacks are missing here too.
            for neighbour in [TileID(z: id.z, x: id.x + 1, y: id.y), TileID(z: id.z, x: id.x, y: id.y + 2)] {
                #expect((try file.tileData(neighbour) == nil) == (try original.tileData(neighbour) == nil))
            }
        }
        let m = file.metadata
        #expect(m.name == original.metadata.name)
        #expect(m.attribution == original.metadata.attribution)
        #expect((m.minZoom, m.maxZoom) == (0, 14))
        #expect(m.layerNames.contains("transportation") && m.layerNames.contains("building"))
        let bounds = try #require(m.bounds)
        #expect(abs(bounds.west - 7.409205) < 1e-7 && abs(bounds.north - 43.75169) < 1e-7)
        #expect(m.centerZoom == 7)
        #expect(m.center.map { abs($0.lat - 43.73752) < 1e-7 && abs($0.lon - 7.428921) < 1e-7 } == true)
    }

    @Test func worldWithLeafDirectoriesMatchesItsMBTiles() throws {
        let worldPath = try #require(TestFiles.world)
        let original = try MBTilesFile(path: worldPath)
        let reader = try FileRangeReader(path: TestFiles.fixture("world-z5-leaves.pmtiles"))
        let archive = try PMTilesArchive(reader: reader, source: reader.path)
        let header = archive.header
        #expect(!header.leafDirectories.isEmpty)
        #expect(header.addressedTileCount == 1365)
        #expect(header.tileEntryCount < header.addressedTileCount, "runs of identical tiles")
        #expect(header.tileContentCount < header.tileEntryCount, "deduplicated contents")
        var count = 0
        for z in 0...5 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id = TileID(z: z, x: x, y: y)
                    #expect(try plain(try archive.tileData(id)) == plain(try original.tileData(id)), "\(id)")
                    count += 1
                }
            }
        }
        #expect(count == 1365)
        #expect(archive.cachedLeafCount == 16, "the converter's 16 leaves, each read once")
        #expect(try archive.tileData(TileID(z: 6, x: 3, y: 3)) == nil, "the archive stops at z5")
    }

    @Test func tileLoaderOverAPMTilesFile() throws {
        let loader = TileLoader(store: try PMTilesFile(path: TestFiles.fixture("world-z5-leaves.pmtiles")))
        #expect((loader.minZoom, loader.maxZoom) == (0, 5))
        guard case .tile(let tile, let source) = loader.load(TileID(z: 8, x: 130, y: 90)) else {
            Issue.record("overzoomed world tile missing")
            return
        }
        #expect(source == TileID(z: 5, x: 16, y: 11))
        #expect(tile.hasLayer("water"))
        #expect(loader.damagedTileCount == 0)
    }

    @Test func concurrentLookupsWithEvictions() throws {
        let path = TestFiles.fixture("world-z5-leaves.pmtiles")
        let reader = try FileRangeReader(path: path)
        let archive = try PMTilesArchive(reader: reader, source: path, leafCacheCapacity: 2)
        let reference = try PMTilesFile(path: path)
        let ids = (0..<1365).map { TileID(pmtilesID: UInt64($0))! }
        let expected = try ids.map { try reference.tileData($0) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for i in ids.indices.shuffled() {
                // A throw is a mismatch too, even where the tile is absent.
                let same: Bool
                do { same = try archive.tileData(ids[i]) == expected[i] } catch { same = false }
                if !same { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(archive.cachedLeafCount <= 2)
    }

    // MARK: Errors

    @Test func filesThatCannotBeOpened() throws {
        #expect(
            openError("/nonexistent/x.pmtiles") == .cannotOpen(source: "/nonexistent/x.pmtiles", reason: "no such file")
        )
        #expect(openError("/nonexistent/x.pmtiles")?.description == "cannot open /nonexistent/x.pmtiles: no such file")
        try withTemporaryDirectory { dir in
            #expect(openError(dir.path) == .cannotOpen(source: dir.path, reason: "is a directory"))
            let fifo = dir.appendingPathComponent("pipe.pmtiles").path
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(openError(fifo) == .cannotOpen(source: fifo, reason: "is a FIFO (named pipe), not a regular file"))
        }
    }

    @Test func filesThatAreNotGoodArchives() throws {
        #expect(openError(TestFiles.monaco) == .notPMTiles(source: TestFiles.monaco))
        #expect(openError(TestFiles.monaco)?.description == "not a PMTiles archive: wrong magic (\(TestFiles.monaco))")
        try withTemporaryDirectory { dir in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("test_fixture_1.pmtiles")))
            let cut = dir.appendingPathComponent("cut.pmtiles")
            try bytes.prefix(420).write(to: cut)
            #expect(
                openError(cut.path)?.description
                    == "truncated PMTiles archive: tile data ends at byte 468 of a 420-byte archive (\(cut.path))")
            let empty = dir.appendingPathComponent("empty.pmtiles")
            try Data().write(to: empty)
            #expect(
                openError(empty.path)
                    == .truncated(source: empty.path, reason: "0 bytes, shorter than the 127-byte header"))
            var version = bytes
            version[7] = 4
            let v4 = dir.appendingPathComponent("v4.pmtiles")
            try version.write(to: v4)
            #expect(openError(v4.path) == .unsupportedVersion(source: v4.path, version: 4))
        }
    }

    @Test func fileRangeReader() throws {
        let path = TestFiles.fixture("test_fixture_2.pmtiles")
        let reader = try FileRangeReader(path: path)
        #expect(reader.size == 466)
        #expect(try reader.read(offset: 0, length: 7) == Array("PMTiles".utf8))
        #expect(try reader.read(offset: 460, length: 100).count == 6, "fewer at the end")
        #expect(try reader.read(offset: 466, length: 10).isEmpty)
        #expect(try reader.read(offset: 10_000, length: 10).isEmpty)
        #expect(throws: FileRangeReader.Failure.self) { try reader.read(offset: -1, length: 10) }
        #expect(throws: FileRangeReader.Failure.self) { try reader.read(offset: .max, length: 10) }
        let failure = #expect(throws: FileRangeReader.Failure.self) { try FileRangeReader(path: "/nonexistent/x") }
        #expect(failure?.description == "No such file or directory")
    }
}
