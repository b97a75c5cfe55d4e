import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

/// The stored cluster hierarchies: markers answered from `markers_rtree` agree with a scan, follow every
/// import and delete, and a store written by the previous version (schema 1, no clusters) is upgraded in
/// place without losing a place.
@Suite struct PlaceStoreClusterTests {
    static let places = PlacesRandom.places(
        count: 6000, in: GeoBounds(south: 30, west: -130, north: 50, east: -60), seed: 31)

    @Test func markerQueriesEqualAScanOfTheWorld() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        var g = SeededGenerator(seed: 8)
        for zoom in [0, 2, 5, 8, 9, 11, 13, 15, 17, 18] {
            for filter in [PlaceFilter.standard, PlaceFilter(amenities: .accessible), PlaceFilter(kinds: [.airport])] {
                let world = try store.markerQuery(.world, zoom: zoom, filter: filter)
                let expected = Self.places.filter { filter.allows($0) && PlaceCategory.of($0).group.minZoom <= zoom }
                #expect(world.reduce(0) { $0 + $1.count } == expected.count, "z\(zoom) \(filter)")
                for _ in 0..<8 {
                    let region = PlacesRandom.region(
                        in: GeoBounds(south: 25, west: -135, north: 55, east: -55), minSpan: 0.01, maxSpan: 30,
                        using: &g)
                    let got = try store.markerQuery(region, zoom: zoom, filter: filter)
                    #expect(
                        Set(got.map(\.key)) == Set(world.filter { region.contains($0.coordinate) }.map(\.key)),
                        "z\(zoom) \(region)")
                }
            }
        }
    }

    @Test func theStoreClustersLikeTheInMemoryHierarchy() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        let memory = PlaceClusters(places: Self.places)
        // Seeds of equal rank may come in another order, so clusters can differ in detail; their number
        // and the places they hold may not differ much.
        for zoom in [3, 7, 10, 14] {
            let stored = try store.markerQuery(.world, zoom: zoom, filter: .standard)
            let inMemory = memory.markers(in: .world, zoom: zoom, filter: .standard)
            #expect(abs(stored.count - inMemory.count) <= max(3, inMemory.count / 20), "z\(zoom)")
            #expect(stored.reduce(0) { $0 + $1.count } == inMemory.reduce(0) { $0 + $1.count })
        }
    }

    @Test func importsAndDeletesRebuildTheClustersOfTheirGroups() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Array(Self.places.prefix(1000)))
        let total = { (zoom: Int) in
            try store.markerQuery(.world, zoom: zoom, filter: .standard).reduce(0) { $0 + $1.count }
        }
        let restroomsBefore = try total(0)
        let extra = (0..<50).map {
            Place(
                id: "new:\($0)", kind: .restroom, name: "New \($0)",
                coordinate: LatLon(lat: 40 + Double($0) * 0.01, lon: -100),
                details: .restroom(RestroomDetails(unisex: true)))
        }
        try store.import(extra)
        #expect(try total(0) == restroomsBefore + 50)
        let unisex = try store.markerQuery(.world, zoom: 18, filter: PlaceFilter(amenities: .unisex))
        #expect(Set(extra.map { "p:" + $0.id }).isSubset(of: Set(unisex.map(\.key))))
        try store.delete(ids: extra.prefix(20).map(\.id))
        #expect(try total(0) == restroomsBefore + 30)
        let airports = try total(9)
        try store.delete(ids: Self.places.prefix(1000).filter { $0.kind == .airport }.prefix(10).map(\.id))
        #expect(try total(9) == airports - 10)
    }

    @Test func aClustersLeadersAreTheTopOfItsPlaces() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let dense = (0..<300).map { i in
            Place(
                id: "rr:\(i)", kind: .restroom, name: "R\(i)",
                coordinate: LatLon(lat: 37.77 + Double(i) * 1e-5, lon: -122.42),
                details: .restroom(RestroomDetails(accessible: i % 2 == 0, unisex: i % 5 == 0, upvote: i % 11)))
        }
        let store = try folder.store(with: dense)
        let markers = try store.markerQuery(.world, zoom: 10, filter: .standard)
        #expect(markers.count == 1 && markers[0].count == 300)
        for filter in [PlaceFilter.standard, PlaceFilter(amenities: [.accessible, .unisex])] {
            let leaders = try store.leaders(of: markers[0].cluster!, filter: filter, limit: 5)
            let want = dense.filter(filter.allows).sorted {
                PlaceImportance.precedes(
                    rank: PlaceImportance.rank($0), id: $0.id, rank: PlaceImportance.rank($1), id: $1.id)
            }.prefix(5)
            #expect(leaders.map(\.id) == want.map(\.id))
            #expect(leaders.allSatisfy { $0.restroom != nil }, "leaders come with their details")
        }
    }

    // MARK: Upgrading a store of the previous version

    /// Schema 1 as the previous release wrote it: no `category`/`rank`, no cluster tables.
    static let versionOne = """
        CREATE TABLE places (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
            lat REAL NOT NULL, lon REAL NOT NULL, details TEXT, bucket INTEGER NOT NULL);
        CREATE UNIQUE INDEX places_by_id ON places (id);
        CREATE INDEX places_by_bucket ON places (bucket);
        CREATE VIRTUAL TABLE places_rtree USING rtree(bucket, min_lon, max_lon, min_lat, max_lat, +entries);
        CREATE VIRTUAL TABLE places_fts USING fts5(name, content='places', content_rowid='rowid',
            tokenize='unicode61 remove_diacritics 2');
        CREATE TRIGGER places_after_insert AFTER INSERT ON places BEGIN
            INSERT INTO places_fts (rowid, name) VALUES (new.rowid, new.name);
        END;
        INSERT INTO places VALUES (1, 'rr:1', 'restroom', 'Imported by hand', 37.77, -122.42,
            '{"accessible":true,"street":"1 Main St"}', 1);
        INSERT INTO places VALUES (2, 'ap:KSFO', 'airport', 'San Francisco International', 37.619, -122.375,
            '{"ident":"KSFO","type":"large_airport","iataCode":"SFO"}', 1);
        INSERT INTO places VALUES (3, 'ap:00A', 'airport', 'Total Rf Heliport', 40.0708, -74.9336,
            '{"ident":"00A","type":"heliport"}', 1);
        INSERT INTO places_rtree VALUES (1, -122.42, -74.93, 37.6, 40.1, x'');
        PRAGMA application_id = 1297371212;
        PRAGMA user_version = 1;
        """

    @Test func aVersionOneStoreIsUpgradedInPlaceKeepingEveryPlace() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let path = folder.path("places.sqlite")
        try SQLiteDatabase(path: path, readOnly: false).execute(Self.versionOne)
        var notices: [String] = []
        let store = try PlaceStore(path: path, create: false) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].contains("updating the places database"))
        #expect(try store.count() == 3)
        #expect(try store.place(id: "ap:00A")?.kind == .heliport, "heliports are a kind of their own now")
        #expect(try store.place(id: "rr:1")?.restroom?.accessible == true)
        let z12 = try store.markerQuery(.world, zoom: 12, filter: .standard)
        #expect(z12.reduce(0) { $0 + $1.count } == 3)
        #expect(try store.markerQuery(.world, zoom: 3, filter: .standard).reduce(0) { $0 + $1.count } == 2)
        #expect(try store.query(.world, filter: PlaceFilter(amenities: .accessible), limit: 10).map(\.id) == ["rr:1"])
        #expect(
            try store.candidates(for: ["heliport"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).map(\.placeID)
                == ["ap:00A"])
        #expect(
            try store.candidates(for: ["sfo"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).map(\.placeID) == [
                "ap:KSFO"
            ])
        #expect(
            try store.candidates(for: ["main"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).map(\.placeID) == [
                "rr:1"
            ])
        // Opened again, it is current: no second upgrade.
        notices = []
        _ = try PlaceStore(path: path, create: false) { notices.append($0) }
        #expect(notices.isEmpty)
    }
}
