import Foundation
import GeoCore
import Storage
import TestSupport
import Testing
import VectorTiles

@Suite struct MBTilesFileTests {
    private let tile = MVTEncoder.tile([
        MVTEncoder.Layer(name: "water", features: [.init(type: .point, geometry: MVTGeometry.points([(1, 2)]))])
    ])

    /// Runs `body` with a path in a fresh temporary directory.
    private func withTemporaryPath(_ name: String = "t.mbtiles", _ body: (String) throws -> Void) throws {
        let dir = try TestFiles.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir.appendingPathComponent(name).path)
    }

    private func openError(_ path: String) -> MBTilesError? {
        do {
            _ = try MBTilesFile(path: path)
            return nil
        } catch {
            return error as? MBTilesError
        }
    }

    // MARK: Errors

    @Test func missingFile() {
        let error = openError("/nonexistent/world.mbtiles")
        #expect(error == .cannotOpen(path: "/nonexistent/world.mbtiles", reason: "no such file"))
        #expect(error?.description == "cannot open /nonexistent/world.mbtiles: no such file")
    }

    @Test func notASQLiteFile() throws {
        try withTemporaryPath { path in
            try Data("this is a text file, not a database, and it is long enough to have a header".utf8)
                .write(to: URL(fileURLWithPath: path))
            let error = openError(path)
            #expect(error == .cannotOpen(path: path, reason: "file is not a database"))
            #expect(error?.description == "cannot open \(path): file is not a database")
        }
        try withTemporaryPath { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            #expect(openError(path) == .cannotOpen(path: path, reason: "is a directory"))
        }
    }

    @Test func sqliteWithoutMBTilesTables() throws {
        try withTemporaryPath { path in
            try SQLiteDatabase(path: path, readOnly: false).execute("CREATE TABLE places (id INTEGER)")
            let error = openError(path)
            #expect(error == .notMBTiles(path: path, reason: "no tiles table"))
            #expect(error?.description.hasPrefix("not an MBTiles file: no tiles table") == true)
        }
        try withTemporaryPath { path in
            try SQLiteDatabase(path: path, readOnly: false).execute(
                "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
            #expect(openError(path) == .notMBTiles(path: path, reason: "no metadata table"))
        }
        // An empty file is an empty SQLite database.
        try withTemporaryPath { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect(openError(path) == .notMBTiles(path: path, reason: "no tiles table"))
        }
    }

    @Test func rasterFormatsAreRejected() throws {
        try withTemporaryPath { path in
            try makeFile(
                path, metadata: ["format": "png", "name": "raster"], tiles: [(TileID(z: 0, x: 0, y: 0), [0x89, 0x50])])
            let error = openError(path)
            #expect(error == .unsupportedFormat(path: path, format: "png"))
            #expect(error?.description.hasPrefix("unsupported tile format 'png'") == true)
        }
        // No format row and PNG bytes.
        try withTemporaryPath { path in
            try makeFile(path, metadata: [:], tiles: [(TileID(z: 0, x: 0, y: 0), [0x89, 0x50, 0x4E, 0x47])])
            guard case .unsupportedFormat = openError(path) else {
                Issue.record("PNG tiles without a format must be rejected")
                return
            }
        }
    }

    // MARK: Lenient reading

    @Test func missingFormatAndZoomsAreInferred() throws {
        try withTemporaryPath("Tiny Map.mbtiles") { path in
            try makeFile(
                path, metadata: ["bounds": "-10,-5,10,5"],
                tiles: [(TileID(z: 2, x: 1, y: 1), MVTGzip.stored(tile)), (TileID(z: 5, x: 3, y: 4), tile)])
            let file = try MBTilesFile(path: path)
            #expect(file.metadata.format == "pbf")
            #expect(file.metadata.minZoom == 2)
            #expect(file.metadata.maxZoom == 5)
            #expect(file.metadata.name == "Tiny Map")
            #expect(file.metadata.bounds == GeoBounds(south: -5, west: -10, north: 5, east: 10))
            #expect(file.metadata.attribution == nil)
            #expect(try file.tileData(TileID(z: 5, x: 3, y: 4)) == tile)
            #expect(try file.tileData(TileID(z: 5, x: 3 + 32, y: 4)) == tile, "x is wrapped")
        }
    }

    @Test func tilesAsAViewOverMapAndImages() throws {
        try withTemporaryPath { path in
            let db = try SQLiteDatabase(path: path, readOnly: false)
            try db.execute(
                """
                CREATE TABLE metadata (name TEXT, value TEXT);
                CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                CREATE TABLE images (tile_data BLOB, tile_id TEXT);
                CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                    map.tile_row AS tile_row, images.tile_data AS tile_data
                    FROM map JOIN images ON images.tile_id = map.tile_id;
                INSERT INTO metadata VALUES ('format', 'pbf'), ('minzoom', '0'), ('maxzoom', '3'), ('name', 'dedup');
                """)
            let insertMap = try db.prepare("INSERT INTO map VALUES (?1, ?2, ?3, ?4)")
            // Two XYZ tiles sharing one image: 3/2/1 (TMS row 6) and 3/5/6 (TMS row 1).
            for (x, row) in [(2, 6), (5, 1)] {
                insertMap.reset()
                try insertMap.bind(1, 3)
                try insertMap.bind(2, x)
                try insertMap.bind(3, row)
                try insertMap.bind(4, "shared")
                _ = try insertMap.step()
            }
            let insertImage = try db.prepare("INSERT INTO images VALUES (?1, 'shared')")
            try insertImage.bind(1, MVTGzip.stored(tile))
            _ = try insertImage.step()

            let file = try MBTilesFile(path: path)
            #expect(file.metadata.name == "dedup")
            let loader = TileLoader(store: file)
            for id in [TileID(z: 3, x: 2, y: 1), TileID(z: 3, x: 5, y: 6)] {
                guard case .tile(let tile, _) = loader.load(id) else {
                    Issue.record("\(id) should load through the view")
                    continue
                }
                #expect(tile.layerNames == ["water"])
            }
            #expect(try file.tileData(TileID(z: 3, x: 2, y: 6)) == nil)
        }
    }

    // MARK: Damage

    @Test func damagedBlobInAGoodFileIsCounted() throws {
        try withTemporaryPath { path in
            try FileManager.default.copyItem(atPath: TestFiles.monaco, toPath: path)
            let db = try SQLiteDatabase(path: path, readOnly: false)
            // 14/8530/5974 (TMS 10409) gets truncated gzip; 14/8530/5973 gets a bad plain message.
            try db.execute(
                """
                UPDATE tiles SET tile_data = substr(tile_data, 1, 100)
                    WHERE zoom_level = 14 AND tile_column = 8530 AND tile_row = 10409;
                UPDATE tiles SET tile_data = x'1affff'
                    WHERE zoom_level = 14 AND tile_column = 8530 AND tile_row = 10410;
                """)
            let loader = TileLoader(store: try MBTilesFile(path: path))
            for id in [
                TileID(z: 14, x: 8530, y: 5974), TileID(z: 14, x: 8530, y: 5973),
                TileID(z: 16, x: 8530 * 4, y: 5974 * 4),
            ] {
                guard case .damaged = loader.load(id) else {
                    Issue.record("\(id) should be damaged")
                    continue
                }
            }
            #expect(loader.damagedTileCount == 2)
            guard case .tile = loader.load(TileID(z: 14, x: 8529, y: 5974)) else {
                Issue.record("undamaged tiles still load")
                return
            }
        }
    }

    // MARK: Helpers

    private func makeFile(_ path: String, metadata: [String: String], tiles: [(TileID, [UInt8])]) throws {
        let db = try SQLiteDatabase(path: path, readOnly: false)
        try db.execute(
            """
            CREATE TABLE metadata (name TEXT, value TEXT, UNIQUE (name));
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            """)
        try db.transaction {
            let meta = try db.prepare("INSERT INTO metadata VALUES (?1, ?2)")
            for (name, value) in metadata {
                meta.reset()
                try meta.bind(1, name)
                try meta.bind(2, value)
                _ = try meta.step()
            }
            let insert = try db.prepare("INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)")
            for (id, bytes) in tiles {
                insert.reset()
                try insert.bind(1, id.z)
                try insert.bind(2, id.x)
                try insert.bind(3, id.tmsRow)
                try insert.bind(4, bytes)
                _ = try insert.step()
            }
        }
    }
}
