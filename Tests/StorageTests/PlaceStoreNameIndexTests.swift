import Foundation
import GeoCore
import Places
import TestSupport
import Testing

@testable import Storage

/// Stores of schema version 4 carried an FTS5 name index, `places_fts`, kept in step by triggers, that
/// nothing read: opened for writing they lose it (and its triggers) and keep every place; opened
/// read-only they are read as they are.
@Suite struct PlaceStoreNameIndexTests {
    /// The index and triggers of version 4, as that release created them.
    static let versionFourNameIndex = """
        CREATE VIRTUAL TABLE places_fts USING fts5(
            name, content='places', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER places_after_insert AFTER INSERT ON places BEGIN
            INSERT INTO places_fts (rowid, name) VALUES (new.rowid, new.name);
        END;
        CREATE TRIGGER places_after_delete AFTER DELETE ON places BEGIN
            INSERT INTO places_fts (places_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
        END;
        CREATE TRIGGER places_after_update AFTER UPDATE OF name ON places BEGIN
            INSERT INTO places_fts (places_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
            INSERT INTO places_fts (rowid, name) VALUES (new.rowid, new.name);
        END;
        INSERT INTO places_fts (places_fts) VALUES ('rebuild');
        PRAGMA user_version = 4;
        """

    /// A store of version 4 at `places.sqlite` in `folder`, holding `places`; its path and how many
    /// places it holds.
    static func versionFourStore(in folder: PlaceStoreFolder, with places: [Place]) throws -> (String, Int) {
        let count = try folder.store(with: places).count()
        let path = folder.path("places.sqlite")
        try SQLiteDatabase(path: path, readOnly: false).execute(versionFourNameIndex)
        return (path, count)
    }

    /// The names of the tables and triggers of the file at `path`.
    static func objects(_ path: String) throws -> Set<String> {
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let list = try database.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
        return try database.withLock {
            var names: Set<String> = []
            while try list.step() { names.insert(list.text(0)) }
            list.reset()
            return names
        }
    }

    @Test func aVersionFourStoreLosesItsNameIndexAndKeepsEveryPlace() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = PlacesRandom.places(count: 300, seed: 91)
        let (path, count) = try Self.versionFourStore(in: folder, with: places)
        #expect(try Self.objects(path).contains("places_fts"), "the old layout was written")
        var notices: [String] = []
        let store = try PlaceStore(path: path, create: false) { notices.append($0) }
        #expect(notices.isEmpty, "dropping a table takes no time worth a notice")
        let objects = try Self.objects(path)
        #expect(!objects.contains { $0.hasPrefix("places_fts") })
        #expect(objects.isDisjoint(with: ["places_after_insert", "places_after_delete", "places_after_update"]))
        #expect(try store.database.pragmaInt("user_version") == PlaceStoreSchema.version)
        #expect(try store.count() == count)
        // Imports and deletes work without the triggers' table.
        var renamed = try #require(try store.place(id: places[0].id))
        renamed.name = "Wombat Lodge"
        try store.import([renamed])
        #expect(
            try store.candidates(for: ["wombat"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).map(\.placeID)
                == [renamed.id])
        #expect(try store.delete(ids: [renamed.id]) == 1)
        #expect(try store.count() == count - 1)
    }

    @Test func aVersionFourStoreIsReadAsItIsWhenReadOnly() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = PlacesRandom.places(count: 50, seed: 92)
        let (path, count) = try Self.versionFourStore(in: folder, with: places)
        let store = try PlaceStore(path: path, create: false, mode: .readOnly, storeNotice: nil)
        #expect(try store.count() == count)
        #expect(try Self.objects(path).contains("places_fts"), "a read-only store is not changed")
    }
}
