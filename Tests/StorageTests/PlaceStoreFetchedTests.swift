import Foundation
import GeoCore
import Places
import TestSupport
import Testing

@testable import Storage

/// What a live source brought is kept (`PlaceStore.keep`): new and changed places are written and
/// clustered, unchanged ones only get a new fetch time, and every kept place carries its fetch time.
@Suite struct PlaceStoreFetchedTests {
    static let shipped = PlacesRandom.places(
        count: 200, in: GeoBounds(south: 37, west: -123, north: 38, east: -122), seed: 5
    )
    .map { place -> Place in
        var restroom = place
        restroom.kind = .restroom
        restroom.details = .restroom(RestroomDetails(street: "1 Shipped St"))
        return restroom
    }

    static func live(_ id: String, name: String, lat: Double = 37.5, lon: Double = -122.5) -> Place {
        Place(
            id: id, kind: .restroom, name: name, coordinate: LatLon(lat: lat, lon: lon),
            details: .restroom(RestroomDetails(street: "2 Live St", city: "San Francisco", accessible: true)))
    }

    /// The number of places counted in the markers of the whole world at `zoom`.
    static func counted(_ store: PlaceStore, zoom: Int) throws -> Int {
        try store.markerQuery(.world, zoom: zoom, filter: .standard).reduce(0) { $0 + $1.count }
    }

    @Test func newPlacesAreAddedClusteredAndDated() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.shipped)
        let fresh = [Self.live("rr:9001", name: "City Hall"), Self.live("rr:9002", name: "Library", lat: 37.6)]
        #expect(try store.keep(fresh, fetchedAt: 1_764_000_000) == 2)
        #expect(try store.count() == 202)
        for zoom in [0, 8, 16] { #expect(try Self.counted(store, zoom: zoom) == 202, "z\(zoom)") }
        let kept = try #require(try store.place(id: "rr:9001"))
        #expect(kept.fetchedAt == 1_764_000_000 && kept.restroom?.street == "2 Live St")
        #expect(try store.place(id: Self.shipped[0].id)?.fetchedAt == nil, "shipped places have no fetch time")
    }

    @Test func anUnchangedPlaceOnlyGetsANewFetchTime() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.shipped)
        let place = Self.live("rr:9001", name: "City Hall")
        #expect(try store.keep([place], fetchedAt: 100) == 1)
        // Given back with a fetch time of its own (as a source that dates places would): still unchanged.
        var dated = place
        dated.fetchedAt = 50
        #expect(try store.keep([dated, place], fetchedAt: 200) == 0)
        #expect(try store.place(id: "rr:9001")?.fetchedAt == 200)
        var renamed = place
        renamed.name = "City Hall (north)"
        #expect(try store.keep([renamed], fetchedAt: 300) == 1)
        let kept = try #require(try store.place(id: "rr:9001"))
        #expect(kept.name == "City Hall (north)" && kept.fetchedAt == 300)
        #expect(try store.count() == 201)
    }

    @Test func aShippedRefugePlaceIsReplacedByItsLiveVersion() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.shipped)
        var moved = Self.shipped[7]
        moved.name = "Renamed upstream"
        moved.coordinate = LatLon(lat: moved.coordinate.lat + 0.01, lon: moved.coordinate.lon)
        #expect(try store.keep([moved], fetchedAt: 10) == 1)
        #expect(try store.count() == 200, "merged by id, not added")
        let found = try store.query(GeoBounds.around(moved.coordinate, radiusKm: 0.01), limit: 5)
        #expect(found.map(\.id) == [moved.id] && found[0].name == "Renamed upstream")
    }

    @Test func placesWithBadCoordinatesAreNotKept() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: [])
        let bad = Self.live("rr:1", name: "Nowhere", lat: .nan, lon: 0)
        #expect(try store.keep([bad, Self.live("rr:2", name: "Somewhere")], fetchedAt: 1) == 1)
        #expect(try store.place(id: "rr:1") == nil && store.count() == 1)
    }

    @Test func aVersionFiveStoreGainsTheFetchTableAndKeepsEveryPlace() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let count = try folder.store(with: Self.shipped).count()
        let path = folder.path("places.sqlite")
        try SQLiteDatabase(path: path, readOnly: false).execute("DROP TABLE place_fetches; PRAGMA user_version = 5")
        let readOnly = try PlaceStore(path: path, create: false, mode: .readOnly, storeNotice: nil)
        #expect(try readOnly.count() == count && readOnly.place(id: Self.shipped[0].id)?.fetchedAt == nil)
        let store = try PlaceStore(path: path, create: false)
        #expect(try store.database.pragmaInt("user_version") == PlaceStoreSchema.version)
        #expect(try store.count() == count)
        #expect(try store.keep([Self.live("rr:9", name: "New")], fetchedAt: 5) == 1)
        #expect(try store.place(id: "rr:9")?.fetchedAt == 5)
    }
}
