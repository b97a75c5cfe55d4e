import GeoCore
import Places
import Testing

@testable import Storage

/// The places a search reads around its centre are kept between keystrokes (`NearbyRowCache`), and
/// dropped as soon as the store changes, through this connection or another one.
@Suite struct PlaceStoreNearbyTests {
    static let center = LatLon(lat: 37.7793, lon: -122.4137)

    /// More kiosks than one search reads in word order, all far from `center`, and cafés near it.
    static func places() -> [Place] {
        let far = (0..<(PlaceStore.searchScanLimit + 100)).map { i in
            Place(
                id: "rr:k\(i)", kind: .restroom, name: "Kiosk \(i)",
                coordinate: LatLon(lat: -30 + Double(i % 20) * 0.1, lon: 20 + Double(i / 20) * 0.1))
        }
        let near = (0..<20).map { i in
            Place(
                id: "rr:c\(i)", kind: .restroom, name: "Cafe \(i)",
                coordinate: LatLon(lat: center.lat + Double(i) * 0.001, lon: center.lon))
        }
        return far + near
    }

    /// The ids of the candidates for "kio" seen from `center`.
    static func kiosks(_ store: PlaceStore) throws -> [String] {
        try store.candidates(for: ["kio"], near: center, typos: false, limit: 10).compactMap(\.placeID)
    }

    /// A kiosk added beside the centre: last in word order, so only the near pass finds it.
    static let newKiosk = Place(
        id: "rr:new", kind: .restroom, name: "Kiosk Beside", coordinate: LatLon(lat: 37.78, lon: -122.414))

    @Test func aPlaceAddedThroughTheSameConnectionIsFoundNearAtOnce() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places())
        let before = try Self.kiosks(store)
        #expect(before.count == 10)
        #expect(!before.contains(Self.newKiosk.id))
        try store.import([Self.newKiosk])
        #expect(try Self.kiosks(store).first == Self.newKiosk.id)
    }

    @Test func aPlaceAddedByAnotherConnectionIsFoundNearAtOnce() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let reader = try folder.store(with: Self.places())
        #expect(try !Self.kiosks(reader).contains(Self.newKiosk.id))
        let writer = try PlaceStore(path: folder.path("places.sqlite"), create: false)
        try writer.import([Self.newKiosk])
        #expect(try Self.kiosks(reader).first == Self.newKiosk.id)
    }

    @Test func theKeptBoxesAreDroppedWhenTheStampChanges() {
        var cache = NearbyRowCache()
        let box = GeoBounds(south: 0, west: 0, north: 1, east: 1)
        let stamp = SQLiteDatabase.ChangeStamp(ownChanges: 1, otherCommits: 1)
        let place = SearchCandidate(name: "Kiosk", kind: .city, coordinate: LatLon(lat: 0.5, lon: 0.5), importance: 1)
        #expect(cache.rows(in: box, limit: 5, at: stamp) == nil)
        cache.keep([(7, place)], in: box, limit: 5)
        #expect(cache.rows(in: box, limit: 5, at: stamp)?.map(\.0) == [7])
        #expect(cache.rows(in: box, limit: 6, at: stamp) == nil)
        #expect(cache.rows(in: box, limit: 5, at: .init(ownChanges: 2, otherCommits: 1)) == nil)
        #expect(cache.rows(in: box, limit: 5, at: .init(ownChanges: 2, otherCommits: 1)) == nil)
    }
}
