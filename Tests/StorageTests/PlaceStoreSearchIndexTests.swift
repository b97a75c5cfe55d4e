import Foundation
import GeoCore
import Places
import Storage
import Testing

/// `place_words` through `PlaceStore.candidates`: codes, streets, upserts, typos, an upgrade from
/// version 2, and input that must not reach SQL as syntax.
struct PlaceStoreSearchIndexTests {
    static let places = [
        Place(
            id: "ap:KSFO", kind: .airport, name: "San Francisco International Airport",
            coordinate: LatLon(lat: 37.619, lon: -122.375),
            details: .airport(
                AirportDetails(
                    ident: "KSFO", type: "large_airport", iataCode: "SFO", icaoCode: "KSFO",
                    municipality: "San Francisco"))),
        Place(
            id: "rr:1", kind: .restroom, name: "Café Nœud", coordinate: LatLon(lat: 37.77, lon: -122.42),
            details: .restroom(RestroomDetails(street: "1745 Folsom St", city: "San Francisco"))),
        Place(id: "rr:2", kind: .restroom, name: "Heathrow Lounge", coordinate: LatLon(lat: 51.47, lon: -0.45)),
    ]

    func ids(_ store: PlaceStore, _ words: [String], typos: Bool = false) throws -> [String] {
        try store.candidates(for: words, near: .init(lat: 0, lon: 0), typos: typos, limit: 10).compactMap(\.placeID)
            .sorted()
    }

    @Test func findsByNameCodeCityAndStreet() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        #expect(try ids(store, ["sfo"]) == ["ap:KSFO"])
        #expect(try ids(store, ["ksf"]) == ["ap:KSFO"])
        #expect(try ids(store, ["san", "fr"]) == ["ap:KSFO", "rr:1"])
        #expect(try ids(store, ["cafe", "noe"]) == ["rr:1"])
        #expect(try ids(store, ["1745", "folsom"]) == ["rr:1"])
        #expect(try ids(store, ["heathorw"]).isEmpty)
        #expect(try ids(store, ["heathorw"], typos: true) == ["rr:2"])
        let sfo = try #require(
            try store.candidates(for: ["sfo"], near: .init(lat: 0, lon: 0), typos: false, limit: 1).first)
        #expect(sfo.codes == ["sfo", "ksfo"] && sfo.keywords == "San Francisco" && sfo.kind == .place(.airport))
    }

    @Test func anUpsertIsFoundByItsNewWordsOnly() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        var renamed = Self.places[2]
        renamed.name = "Gatwick Lounge"
        try store.import([renamed])
        #expect(try ids(store, ["gatwick"]) == ["rr:2"])
        #expect(try ids(store, ["heathrow"]).isEmpty, "the old word is left behind but the place no longer matches")
    }

    @Test func syntaxTypedIsOnlyText() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        for text in ["\"", "*", "NEAR(a b)", "-x", "a:b", "^c", "'; DROP TABLE places; --", "%", "_", "\u{10FFFF}"] {
            _ = try store.candidates(for: [text], near: .init(lat: 0, lon: 0), typos: true, limit: 10)
            _ = try store.candidates(for: SearchText.words(text), near: .init(lat: 0, lon: 0), typos: false, limit: 10)
        }
        #expect(try store.count() == 3)
    }

    @Test func aVersionTwoStoreIsUpgradedInPlace() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let path = folder.path("places.sqlite")
        try PlaceStore(path: path).import(Self.places)
        try SQLiteDatabase(path: path, readOnly: false).execute(
            "ALTER TABLE places DROP COLUMN keywords; DROP TABLE place_words; PRAGMA user_version = 2")
        var notices: [String] = []
        let store = try PlaceStore(path: path, create: false) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].contains("search"))
        #expect(try store.count() == 3)
        #expect(try ids(store, ["sfo"]) == ["ap:KSFO"])
        #expect(try ids(store, ["folsom"]) == ["rr:1"])
    }
}
