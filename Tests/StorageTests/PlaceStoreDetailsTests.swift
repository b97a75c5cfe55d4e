import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

@Suite struct PlaceStoreDetailsTests {
    static let restroom = Place(
        id: "rr:16273", kind: .restroom, name: "Austin City Hall \"Main\" \\ Lobby",
        coordinate: LatLon(lat: 30.2648963, lon: -97.747196),
        details: .restroom(
            RestroomDetails(
                street: "301 W. 2nd St", city: "Austin", state: "TX", country: "US", accessible: true, unisex: true,
                changingTable: true, directions: "Ground floor, left – past the café 🚻", comment: "",
                upvote: 12, downvote: 3, createdAt: "2015-03-07T22:54:17.185Z", updatedAt: "2017-01-02T03:04:05.000Z")))

    static let bare = Place(
        id: "rr:1", kind: .restroom, name: "Bare", coordinate: LatLon(lat: -1e-7, lon: 179.9999999),
        details: .restroom(RestroomDetails()))

    static let airport = Place(
        id: "ap:KSFO", kind: .airport, name: "San Francisco International Airport",
        coordinate: LatLon(lat: 37.618999, lon: -122.375),
        details: .airport(
            AirportDetails(
                ident: "KSFO", type: "large_airport", iataCode: "SFO", icaoCode: "KSFO", gpsCode: "KSFO",
                elevationFt: -13, municipality: "San Francisco", region: "US-CA", country: "US",
                runways: [
                    Runway(
                        lengthFt: 11870, widthFt: 200, surface: "ASP", lighted: true, lowEndIdent: "10L",
                        highEndIdent: "28R"),
                    Runway(lengthFt: nil, widthFt: nil, surface: nil, closed: true),
                    Runway(lengthFt: 7650, surface: "asphalt/concrete", lowEndIdent: "1L"),
                ])))

    static let noDetails = Place(
        id: "osm:node/42", kind: .restroom, name: "Public toilet", coordinate: LatLon(lat: 43.73, lon: 7.42))

    @Test func detailsRoundTrip() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = [Self.restroom, Self.bare, Self.airport, Self.noDetails]
        let store = try folder.store(with: places)
        for place in places {
            #expect(try store.place(id: place.id) == place)
            #expect(try await store.details(for: light(place)) == place)
        }
        #expect(try store.place(id: "rr:404") == nil)
    }

    @Test func mapQueriesCarryNoDetails() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: [Self.restroom, Self.airport])
        let found = try await store.places(in: .world, kinds: PlaceKind.all, limit: 10)
        #expect(Set(found) == [light(Self.restroom), light(Self.airport)])
        let full = try await store.detailed.places(in: .world, kinds: PlaceKind.all, limit: 10)
        #expect(Set(full) == [Self.restroom, Self.airport])
    }

    /// Random details (every field filled or not) survive the trip through the store unchanged.
    @Test func randomDetailsRoundTrip() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        var g = SeededGenerator(seed: 7)
        func text() -> String? {
            let pool = ["", "a", "Ünïcode ☕", "quote \" and \\ backslash", "tab\there", "line\nbreak", "日本語", "😀👍🏽"]
            return Bool.random(using: &g) ? nil : pool[Int.random(in: 0..<pool.count, using: &g)]
        }
        func number() -> Int? { Bool.random(using: &g) ? nil : Int.random(in: -500...20_000, using: &g) }
        let places = (0..<300).map { i -> Place in
            let coordinate = LatLon(
                lat: Double.random(in: -90...90, using: &g), lon: Double.random(in: -180...180, using: &g))
            if i % 2 == 0 {
                return Place(
                    id: "rr:\(i)", kind: .restroom, name: text() ?? "", coordinate: coordinate,
                    details: .restroom(
                        RestroomDetails(
                            street: text() ?? "", city: text() ?? "", state: text() ?? "", country: text() ?? "",
                            accessible: Bool.random(using: &g), unisex: Bool.random(using: &g),
                            changingTable: Bool.random(using: &g), directions: text(), comment: text(),
                            upvote: number() ?? 0, downvote: number() ?? 0, createdAt: text(), updatedAt: text())))
            }
            let runways = (0..<Int.random(in: 0...3, using: &g)).map { _ in
                Runway(
                    lengthFt: number(), widthFt: number(), surface: text(), lighted: Bool.random(using: &g),
                    closed: Bool.random(using: &g), lowEndIdent: text(), highEndIdent: text())
            }
            return Place(
                id: "ap:X\(i)", kind: .airport, name: text() ?? "x", coordinate: coordinate,
                details: .airport(
                    AirportDetails(
                        ident: text() ?? "", type: text() ?? "", iataCode: text(), icaoCode: text(), gpsCode: text(),
                        elevationFt: number(), municipality: text(), region: text() ?? "", country: text() ?? "",
                        runways: runways)))
        }
        let store = try folder.store(with: places)
        for place in places { #expect(try store.place(id: place.id) == place) }
    }
}
