import Foundation
import GeoCore
import Places
import Synchronization
import TestSupport
import Testing

@testable import Storage

@Suite struct PlaceDatabaseTests {
    struct Stop: Error {}

    /// 2026-11-29 12:01:02 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_953_662)

    /// A resources folder with a small `places/` set: 3 restrooms (one rejected), 2 airports, 3 runways.
    static func makeResources(in folder: PlaceStoreFolder) throws -> URL {
        let resources = folder.url.appendingPathComponent("Resources")
        let places = resources.appendingPathComponent("places")
        try FileManager.default.createDirectory(at: places, withIntermediateDirectories: true)
        let header = PlaceImporter.refugeColumns.joined(separator: ",")
        try """
        \(header)
        3,Rainbow Grocery,1745 Folsom St,San Francisco,CA,US,true,true,false,"behind the desk",,37.7693043,-122.4155022,,,,
        4,Bad row,,,,US,false,false,false,,,123.4,-122.4,,,,
        5,"Esc\u{1B}[31mape",,,,US,false,false,false,,,37.77,-122.41,,,,

        """.write(to: places.appendingPathComponent("restrooms_refuge.csv"), atomically: true, encoding: .utf8)
        try """
        \(header)
        osm:node/280487301,Public toilet,,,,MC,false,true,false,,,43.7316035,7.4215651,,,,

        """.write(to: places.appendingPathComponent("restrooms_osm.csv"), atomically: true, encoding: .utf8)
        try """
        ident,type,name,latitude,longitude,elevation_ft,iso_country,iso_region,municipality,gps_code,iata_code,icao_code
        KSFO,large_airport,San Francisco International Airport,37.618999,-122.375,13,US,US-CA,San Francisco,KSFO,SFO,KSFO
        00A,heliport,Total Rf Heliport,40.070801,-74.933601,11,US,US-PA,Bensalem,00A,,

        """.write(to: places.appendingPathComponent("airports.csv"), atomically: true, encoding: .utf8)
        try """
        airport_ident,length_ft,width_ft,surface,lighted,closed,le_ident,he_ident
        00A,80,80,ASPH-G,1,0,H1,
        KSFO,11870,200,ASP,1,0,10L,28R
        KSFO,,,,0,1,,

        """.write(to: places.appendingPathComponent("runways.csv"), atomically: true, encoding: .utf8)
        return resources
    }

    @Test func embeddedDataIsReadAndSanitised() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let data = try EmbeddedPlaceData.load(resources: Self.makeResources(in: folder))
        // Restroom files in name order, then airports in file order.
        #expect(data.places.map(\.id) == ["osm:node/280487301", "rr:3", "rr:5", "ap:KSFO", "ap:00A"])
        #expect(data.issues == ["restrooms_refuge.csv line 3: latitude 123.4 out of range"])
        #expect(data.places[2].name == "Escape")
        #expect(data.places[0].restroom?.unisex == true)
        let sfo = try #require(data.places[3].airport)
        #expect(sfo.iataCode == "SFO" && sfo.icaoCode == "KSFO" && sfo.elevationFt == 13)
        #expect(
            sfo.runways == [
                Runway(
                    lengthFt: 11870, widthFt: 200, surface: "ASP", lighted: true, lowEndIdent: "10L",
                    highEndIdent: "28R"),
                Runway(closed: true),
            ])
        #expect(data.places[4].airport?.iataCode == nil)
        #expect(data.places[4].airport?.icaoCode == nil)
        #expect(data.places[4].airport?.runways.count == 1)
    }

    @Test func firstRunBuildsTheStoreOnceAtomically() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let directory = folder.url.appendingPathComponent("data/mapterm")
        let store = try PlaceDatabase.open(directory: directory, resources: resources, now: Self.now)
        #expect(store.notice == nil)
        #expect(try store.count() == 5)
        #expect(store.path == directory.appendingPathComponent("places.sqlite").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.contains(".build-") || $0.contains(".corrupt-") })
        // A place added later survives reopening: no second build.
        try store.import([Place(id: "mine", kind: .restroom, name: "Mine", coordinate: LatLon(lat: 1, lon: 1))])
        let again = try PlaceDatabase.open(directory: directory, resources: resources, now: Self.now)
        #expect(try again.count() == 6)
        #expect(again.notice == nil)
    }

    @Test func corruptFileIsKeptAsideAndRebuilt() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let file = folder.url.appendingPathComponent("places.sqlite")
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: file)
        let store = try PlaceDatabase.open(directory: folder.url, resources: resources, now: Self.now)
        #expect(try store.count() == 5)
        let aside = folder.url.appendingPathComponent("places.sqlite.corrupt-20261129T120102Z")
        #expect(try Data(contentsOf: aside) == garbage)
        let reason = try #require(store.notice)
        #expect(reason.contains("damaged") && reason.contains(aside.path))
        #expect(!reason.contains("\n"))
    }

    @Test func emptyAndForeignFilesAreRebuiltToo() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        // An empty file.
        let emptyDirectory = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: emptyDirectory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: emptyDirectory.appendingPathComponent("places.sqlite").path, contents: Data())
        let first = try PlaceDatabase.open(directory: emptyDirectory, resources: resources, now: Self.now)
        #expect(try first.count() == 5)
        #expect(first.notice?.contains("empty") == true)
        // Another program's SQLite database, twice in the same second: two distinct names.
        let foreignDirectory = folder.url.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreignDirectory, withIntermediateDirectories: true)
        let file = foreignDirectory.appendingPathComponent("places.sqlite")
        for _ in 0..<2 {
            try? FileManager.default.removeItem(at: file)
            do {
                let foreign = try SQLiteDatabase(path: file.path, readOnly: false)
                try foreign.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hello')")
            }
            let store = try PlaceDatabase.open(directory: foreignDirectory, resources: resources, now: Self.now)
            #expect(try store.count() == 5)
            #expect(store.notice?.contains("not a mapterm places database") == true)
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: foreignDirectory.path).filter {
            $0.contains(".corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(
            aside.sorted() == ["places.sqlite.corrupt-20261129T120102Z", "places.sqlite.corrupt-20261129T120102Z-2"])
    }

    @Test func schemaVersionMismatchIsRefusedThenRebuilt() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let path = folder.path("places.sqlite")
        do {
            let old = try PlaceStore(path: path)
            try old.import([Place(id: "old", kind: .restroom, name: "Old", coordinate: LatLon(lat: 1, lon: 1))])
        }
        let raw = try SQLiteDatabase(path: path, readOnly: false)
        try raw.execute("PRAGMA user_version = 99")
        #expect(throws: PlaceStoreError.schemaMismatch(path: path, found: 99, expected: PlaceStoreSchema.version)) {
            try PlaceStore(path: path)
        }
        let store = try PlaceDatabase.open(directory: folder.url, resources: resources, now: Self.now)
        #expect(try store.place(id: "old") == nil)
        #expect(try store.count() == 5)
        #expect(store.notice?.contains("schema version 99") == true)
    }

    @Test func interruptedBuildLeavesNoFileBehind() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let places = try EmbeddedPlaceData.load(resources: resources).places
        for phase in PlaceStore.ImportPhase.allCases {
            #expect(throws: Stop.self) {
                try PlaceDatabase.open(directory: folder.url.appendingPathComponent("data")) { store in
                    try store.import(places) { if $0 == phase { throw Stop() } }
                }
            }
            // Nothing is left but the build lock.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data")) == ["places.sqlite.lock"])
        }
        // A later run builds normally.
        let store = try PlaceDatabase.open(
            directory: folder.url.appendingPathComponent("data"), resources: resources, now: Self.now)
        #expect(try store.count() == 5)
    }

    @Test func aFullDiskBuildsTheStoreInMemoryAndSaysSo() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let places = try EmbeddedPlaceData.load(resources: resources).places
        let store = try PlaceDatabase.open(directory: folder.url) { store in
            guard store.path == ":memory:" else { throw PlaceStoreError.sqlite("database or disk is full") }
            try store.import(places)
        }
        #expect(try !store.isPersistent && store.count() == 5)
        #expect(
            store.notice?.contains("database or disk is full") == true && store.notice?.contains("in memory") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("places.sqlite")))
    }

    @Test func aFirstRunWaitsForAnotherBuildWithoutBlockingAndSaysSo() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let other = try LockHolder(folder.path("places.sqlite.lock"))
        defer { other.release() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { other.release() }
        let notices = Mutex<[String]>([])
        let start = Date()
        let store = try PlaceDatabase.open(directory: folder.url, resources: resources) { note in
            notices.withLock { $0.append(note) }
        }
        let waited = Date().timeIntervalSince(start)
        #expect(notices.withLock { $0 } == [PlaceDatabase.waitingNote])
        #expect(waited >= 0.45 && waited < 5, "\(waited) s")
        #expect(try store.isPersistent && store.count() == 5 && store.notice == nil)
    }

    @Test func aBuildLockHeldTooLongIsGoneAroundInMemory() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        let places = try EmbeddedPlaceData.load(resources: resources).places
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let other = try LockHolder(folder.path("places.sqlite.lock"))
        defer { other.release() }
        let start = Date()
        let store = try PlaceDatabase.open(directory: folder.url, lockWait: 0.3) { try $0.import(places) }
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.25 && waited < 3, "\(waited) s")
        #expect(try !store.isPersistent && store.count() == 5)
        #expect(store.notice?.contains("places.sqlite.lock") == true && store.notice?.contains("in memory") == true)
    }

    @Test func aStoreThatCannotBeWrittenIsReadOnly() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        _ = try PlaceDatabase.open(directory: folder.url, resources: resources)
        let readOnly = try PlaceStore(
            path: folder.path("places.sqlite"), create: false, mode: .readOnly, storeNotice: nil)
        #expect(try !readOnly.isPersistent && readOnly.count() == 5)
        #expect(try readOnly.markerQuery(.world, zoom: 3, filter: .standard).reduce(0) { $0 + $1.count } >= 1)
        #expect(throws: (any Error).self) {
            try readOnly.import([Place(id: "x", kind: .restroom, name: "x", coordinate: LatLon(lat: 1, lon: 1))])
        }
    }

    @Test func leftoversOfDeadBuildsAndStaleCompanionsAreRemoved() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = try Self.makeResources(in: folder)
        // pid_max is at most 4194304 on Linux: this process cannot exist.
        _ = FileManager.default.createFile(
            atPath: folder.path("places.sqlite.build-4194999"), contents: Data([1, 2, 3]))
        _ = FileManager.default.createFile(
            atPath: folder.path("places.sqlite-wal"), contents: Data(repeating: 7, count: 64))
        let store = try PlaceDatabase.open(directory: folder.url, resources: resources, now: Self.now)
        #expect(try store.count() == 5)
        let names = try folder.fileNames()
        #expect(!names.contains("places.sqlite.build-4194999"))
        #expect(
            names.filter { $0.hasPrefix("places.sqlite") }.allSatisfy {
                ["places.sqlite", "places.sqlite-wal", "places.sqlite-shm", "places.sqlite.lock"].contains($0)
            })
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            PlaceDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/mapterm")
        #expect(
            PlaceDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/mapterm")
        #expect(PlaceDatabase.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/mapterm")
    }

    /// The data shipped in Resources/places builds a store that knows San Francisco's restrooms, Monaco's
    /// toilets and the world's airports.
    @Test func shippedDataBuildsAUsefulStore() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let resources = RepositoryPaths.root.appendingPathComponent("Resources")
        let data = try EmbeddedPlaceData.load(resources: resources)
        #expect(data.places.count > 60_000)
        #expect(data.issues.isEmpty, "\(data.issues.prefix(5))")
        let store = try PlaceDatabase.open(directory: folder.url, resources: resources, now: Self.now)
        #expect(try store.count() == Set(data.places.map(\.id)).count)
        let sf = GeoBounds(south: 37.70, west: -122.52, north: 37.82, east: -122.35)
        let restrooms = try await store.places(in: sf, kinds: [.restroom], limit: 5000)
        #expect(restrooms.count > 100)
        let monaco = GeoBounds(south: 43.72, west: 7.40, north: 43.76, east: 7.44)
        let toilets = try await store.places(in: monaco, kinds: [.restroom], limit: 100)
        #expect(toilets.count == 29 && toilets.allSatisfy { $0.id.hasPrefix("osm:node/") })
        let sfo = try #require(try store.place(id: "ap:KSFO"))
        #expect(sfo.airport?.iataCode == "SFO")
        #expect((sfo.airport?.runwayCount ?? 0) >= 4)
        #expect(try store.ids(matching: "london heathrow", limit: 10).contains("ap:EGLL"))
    }
}
