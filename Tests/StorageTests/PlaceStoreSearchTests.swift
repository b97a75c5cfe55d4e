import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

@Suite struct PlaceStoreSearchTests {
    static let places = [
        Place(id: "rr:1", kind: .restroom, name: "Café Nœud – Ünïcode", coordinate: LatLon(lat: 1, lon: 1)),
        Place(id: "rr:2", kind: .restroom, name: "Civic Center Plaza", coordinate: LatLon(lat: 2, lon: 2)),
        Place(id: "rr:3", kind: .restroom, name: "City Hall", coordinate: LatLon(lat: 3, lon: 3)),
        Place(id: "ap:KSFO", kind: .airport, name: "San Francisco International", coordinate: LatLon(lat: 4, lon: 4)),
        Place(id: "ap:KOAK", kind: .airport, name: "Oakland International", coordinate: LatLon(lat: 5, lon: 5)),
        Place(id: "rr:4", kind: .restroom, name: "\"Quoted\" O'Brien's Pub (back)", coordinate: LatLon(lat: 6, lon: 6)),
    ]

    @Test func search() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        // Diacritics fold ("é" is "e"); ligatures do not ("œ" is not "oe").
        #expect(try store.search(text: "CAFE nœud", limit: 10).map(\.id) == ["rr:1"])
        #expect(try store.search(text: "café noeud", limit: 10).isEmpty)
        #expect(try store.search(text: "UNICODE", limit: 10).map(\.id) == ["rr:1"])
        #expect(try store.search(text: "ci", limit: 10).map(\.id).sorted() == ["rr:2", "rr:3"])
        #expect(try Set(store.search(text: "international", limit: 10).map(\.id)) == ["ap:KOAK", "ap:KSFO"])
        #expect(try store.search(text: "international", limit: 1).count == 1)
        #expect(try store.search(text: "san fran", limit: 10) == [light(Self.places[3])])
        #expect(try store.search(text: "\"quoted\" o'brien", limit: 10).map(\.id) == ["rr:4"])
        #expect(try store.search(text: "pub) (back", limit: 10).map(\.id) == ["rr:4"])
        #expect(try store.search(text: "  ", limit: 10).isEmpty)
        #expect(try store.search(text: "*", limit: 10).isEmpty)
        #expect(try store.search(text: "nothing here", limit: 10).isEmpty)
        #expect(try store.search(text: "city", limit: 0).isEmpty)
    }
}
