import Foundation
import GeoCore
import Storage
import Testing

/// A download writes only into a new file or an MBTiles file mapterm made, one download at a time.
@Suite struct DownloadFileTests {
    static func path(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    /// Makes an SQLite file with these statements and answers its bytes.
    static func database(_ path: String, _ sql: String) throws -> Data {
        try SQLiteDatabase(path: path, readOnly: false).execute(sql)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func aNewFileOrOneMaptermMadeIsTaken() throws {
        let path = Self.path("new.mbtiles")
        do {
            let target = try DownloadFile(path: path)
            try target.openCache().store(TileID(z: 1, x: 1, y: 0), bytes: [1, 2], maxAge: 60)
        }
        let again = try DownloadFile(path: path)
        #expect(try again.openCache().entry(TileID(z: 1, x: 1, y: 0))?.bytes == [1, 2], "resumed, not replaced")
        let empty = Self.path("empty.mbtiles")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        _ = try DownloadFile(path: empty)
    }

    @Test func anythingElseIsRefusedAndLeftAsItWas() throws {
        let places = Self.path("places.sqlite")
        let placeBytes = try Self.database(
            places, "CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO place VALUES (1, 'Quay');")
        let foreign = Self.path("other.mbtiles")
        let foreignBytes = try Self.database(
            foreign,
            """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            INSERT INTO metadata VALUES ('format', 'pbf');
            """)
        let text = Self.path("notes.txt")
        let textBytes = Data("not a database, and long enough to be read as a header by SQLite\n".utf8)
        #expect(FileManager.default.createFile(atPath: text, contents: textBytes))
        for (path, bytes, reason) in [
            (places, placeBytes, "no metadata table"), (foreign, foreignBytes, "no tile_state table"),
            (text, textBytes, "not an SQLite database"),
        ] {
            #expect(throws: DownloadFile.Refusal.notMaptermTiles(path: path, reason: reason)) {
                _ = try DownloadFile(path: path)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(path) unchanged")
        }
        let folder = (places as NSString).deletingLastPathComponent
        #expect(throws: DownloadFile.Refusal.cannotOpen(path: folder, reason: "it is a directory")) {
            _ = try DownloadFile(path: folder)
        }
    }

    @Test func aSecondDownloadIntoTheSameFileIsRefusedWhileTheFirstHoldsIt() throws {
        let path = Self.path("busy.mbtiles")
        do {
            let first = try DownloadFile(path: path)
            #expect(throws: DownloadFile.Refusal.busy(path: path)) { _ = try DownloadFile(path: path) }
            #expect(DownloadFile.Refusal.busy(path: path).description == "another mapterm is downloading into \(path)")
            withExtendedLifetime(first) {}
        }
        _ = try DownloadFile(path: path)
    }
}
