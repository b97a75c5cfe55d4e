import Foundation
import GeoCore
import Places
import PostGIS
import Storage
import TestSupport
import Testing

/// The PostGIS source against a real server: the `PlaceSource` contract, and the same answers as the
/// embedded SQLite store for the same 100 000 seeded places.
// Skipped when no test server runs (`make test` starts one where postgresql-15-postgis-3 is installed).
@Suite(.enabled(if: TestDatabase.available, TestDatabase.skipReason), .serialized)
struct PostGISPlaceStoreTests {
    @Test func followsThePlaceSourceContract() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try await checkPlaceSourceContract { places in
            try PostGISPlaceStore.forImport(url: database.url).import(places)
            return try PostGISPlaceStore(url: database.url)
        }
    }

    /// 100 000 seeded places in both stores: the same markers (every field) at z0, z3, z8, z13 and z16
    /// in views across the world, the same places for the same regions and limits, the same leaders of
    /// clusters, the same search candidates and first search result.
    @Test func answersAsTheEmbeddedStoreDoesFor100000Places() async throws {
        let places = PlacesRandom.places(count: 100_000, seed: 23)
        let database = try TestDatabase()
        defer { database.drop() }
        let imported = try PostGISPlaceStore.forImport(url: database.url).import(places)
        #expect(imported == 100_000)
        let postgis = try PostGISPlaceStore(url: database.url)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-pg-\(getpid()).sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try PlaceStore(path: folder.path)
        try sqlite.import(places)
        #expect(try postgis.count() == sqlite.count())

        var generator = SeededGenerator(seed: 8)
        var views: [(GeoBounds, Int)] = [(.world, 0), (.world, 3)]
        for zoom in [3, 8, 13, 16] {
            let span = 360 / pow(2, Double(zoom))
            for _ in 0..<4 {
                views.append(
                    (PlacesRandom.region(in: .world, minSpan: span / 2, maxSpan: span, using: &generator), zoom))
            }
        }
        views.append((GeoBounds(south: -20, west: 170, north: 10, east: -170), 3))  // across the antimeridian
        var clusters: [ClusterRef] = []
        for (region, zoom) in views {
            for filter in [PlaceFilter.standard, PlaceFilter(amenities: .accessible), PlaceFilter(kinds: [.airport])] {
                let want = try sqlite.markerQuery(region, zoom: zoom, filter: filter)
                let got = try await postgis.markers(in: region, zoom: zoom, filter: filter).markers
                #expect(Set(got) == Set(want), "markers at z\(zoom) in \(region) (\(filter))")
                #expect(
                    got.reduce(0) { $0 + $1.count } == want.reduce(0) { $0 + $1.count },
                    "places counted at z\(zoom) in \(region)")
                clusters += want.compactMap(\.cluster).prefix(2)
            }
            for limit in [1, 50, 500] {
                let want = try sqlite.query(region, filter: .standard, limit: limit).map(\.id)
                let got = try await postgis.places(in: region, filter: .standard, limit: limit).map(\.id)
                #expect(got == want, "places in \(region), limit \(limit)")
            }
        }
        #expect(clusters.count > 10)
        for cluster in clusters {
            let want = try sqlite.leaders(of: cluster, filter: .standard, limit: 5).map(\.id)
            let got = try await postgis.mostImportant(in: cluster, filter: .standard, limit: 5).map(\.id)
            #expect(got == want, "leaders of \(cluster)")
        }

        for (words, typos) in [
            (["place", "4242"], false), (["4242"], false), (["plcae", "77"], true), (["ap"], false),
        ] {
            let want = try sqlite.candidates(for: words, near: .init(lat: 0, lon: 0), typos: typos, limit: 20).map(
                \.placeID)
            let got = try postgis.candidates(for: words, near: .init(lat: 0, lon: 0), typos: typos, limit: 20).map(
                \.placeID)
            #expect(got == want, "search candidates for \(words)")
        }
        let center = LatLon(lat: 10, lon: 10)
        let sqliteSearch = PlaceSearch(sources: [sqlite]) { _ in nil }
        let postgisSearch = PlaceSearch(sources: [postgis]) { _ in nil }
        for text in ["Place 4242", "place 99", "Place 12345"] {
            let want = try sqliteSearch.search(SearchQuery(text), center: center, limit: 5).results
            let got = try postgisSearch.search(SearchQuery(text), center: center, limit: 5).results
            let first = try #require(want.first, "the embedded store finds \(text)")
            #expect(got.first?.candidate.placeID == first.candidate.placeID, "first result for \(text)")
        }
    }

    /// A second import replaces a place of the same id in place: its new name is found, its old one
    /// no more, nothing else changes, and its clusters count it once.
    @Test func aSecondImportReplacesByID() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try PostGISPlaceStore.forImport(url: database.url).import(PlacesContract.places)
        var renamed = try #require(PlacesContract.places.first { $0.id == "rr:1" })
        renamed.name = "Renamed Pavilion"
        #expect(try PostGISPlaceStore.forImport(url: database.url).import([renamed]) == 1)
        let store = try PostGISPlaceStore(url: database.url)
        #expect(try store.count() == PlacesContract.places.count)
        #expect(try store.place(id: "rr:1")?.name == "Renamed Pavilion")
        #expect(
            try store.candidates(for: ["pavilion"], near: .init(lat: 0, lon: 0), typos: false, limit: 10).map(\.placeID)
                == ["rr:1"])
        let cityHall = try store.candidates(
            for: ["city", "hall"], near: .init(lat: 0, lon: 0), typos: false, limit: 10
        ).map(\.placeID)
        #expect(cityHall == ["rr:50"])
        let world = try await store.markers(in: .world, zoom: 18, filter: .standard).markers
        #expect(world.reduce(0) { $0 + $1.count } == PlacesContract.places.filter(PlaceFilter.standard.allows).count)
    }

    /// A place's pane: `details(for:)` restores what a marker leaves out.
    @Test func detailsRestoreAMarkersPlace() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try PostGISPlaceStore.forImport(url: database.url).import(PlacesContract.places)
        let store = try PostGISPlaceStore(url: database.url)
        let markers = try await store.markers(in: PlacesContract.sanFrancisco, zoom: 18, filter: .standard).markers
        let marker = try #require(markers.first { $0.place?.id == "rr:12" })
        let light = try #require(marker.place)
        let full = try await store.details(for: light)
        #expect(full == PlacesContract.places.first { $0.id == "rr:12" })
    }

    /// Hostile text written straight into the table reaches the map without escape sequences.
    @Test func serverTextIsSanitised() async throws {
        let database = try TestDatabase()
        defer { database.drop() }
        try PostGISPlaceStore.forImport(url: database.url).import(PlacesContract.places)
        try database.run("UPDATE mapterm_places SET name = E'Evil\\u001b]0;pwned\\u0007 name' WHERE id = 'rr:1'")
        let store = try PostGISPlaceStore(url: database.url)
        let places = try await store.places(in: PlacesContract.sanFrancisco, filter: .standard, limit: 100)
        let evil = try #require(places.first { $0.id == "rr:1" })
        #expect(!evil.name.unicodeScalars.contains { $0.value < 0x20 })
        #expect(evil.name.contains("Evil"))
    }
}
