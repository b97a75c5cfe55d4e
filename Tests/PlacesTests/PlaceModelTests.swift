import Foundation
import GeoCore
import Places
import Testing

@Suite struct PlaceModelTests {
    static let restroom = Place(
        id: "rr:16273", kind: .restroom, name: "Austin City Hall", coordinate: LatLon(lat: 30.2648963, lon: -97.747196),
        details: .restroom(
            RestroomDetails(
                street: "301 W. 2nd St", city: "Austin", state: "TX", country: "US", accessible: true, unisex: true,
                comment: "Gender neutral", upvote: 2, createdAt: "2015-03-07T22:54:17.185Z")))

    static let airport = Place(
        id: "ap:KSFO", kind: .airport, name: "San Francisco International Airport",
        coordinate: LatLon(lat: 37.619, lon: -122.375),
        details: .airport(
            AirportDetails(
                ident: "KSFO", type: "large_airport", iataCode: "SFO", icaoCode: "KSFO", gpsCode: "KSFO",
                elevationFt: 13,
                municipality: "San Francisco", region: "US-CA", country: "US",
                runways: [
                    Runway(
                        lengthFt: 11870, widthFt: 200, surface: "ASP", lighted: true, lowEndIdent: "10L",
                        highEndIdent: "28R"),
                    Runway(
                        lengthFt: 7650, widthFt: 200, surface: "ASP", lighted: true, lowEndIdent: "1R",
                        highEndIdent: "19L"),
                    Runway(lengthFt: 15000, surface: "GRS", closed: true, lowEndIdent: "X"),
                ])))

    @Test func addressLeavesOutMissingParts() {
        #expect(
            RestroomDetails(street: "301 W. 2nd St", city: "Austin", state: "TX").address == "301 W. 2nd St, Austin TX")
        #expect(RestroomDetails(city: "Austin", state: "TX").address == "Austin TX")
        #expect(RestroomDetails(street: "301 W. 2nd St", state: "TX").address == "301 W. 2nd St, TX")
        #expect(RestroomDetails(street: "301 W. 2nd St", city: "Austin").address == "301 W. 2nd St, Austin")
        #expect(RestroomDetails(street: "301 W. 2nd St").address == "301 W. 2nd St")
        #expect(RestroomDetails(street: " ", city: "", state: " ").address == "")
    }

    @Test func airportRunways() throws {
        let details = try #require(Self.airport.airport)
        #expect(details.runwayCount == 2)
        #expect(details.longestRunway?.name == "10L/28R")
        #expect(details.longestRunway?.lengthFt == 11870)
        #expect(details.typeDescription == "Large airport")
        #expect(AirportDetails(ident: "X", type: "closed").longestRunway == nil)
        #expect(Runway(lowEndIdent: "H1").name == "H1")
    }

    @Test func accessorsMatchDetails() {
        #expect(Self.restroom.restroom?.city == "Austin")
        #expect(Self.restroom.airport == nil)
        #expect(Self.airport.airport?.iataCode == "SFO")
        #expect(PlaceKind(rawValue: "airport") == .airport)
        #expect(PlaceKind.restroom < PlaceKind.airport)
    }

    @Test func jsonRoundTrip() throws {
        let places = [
            Self.restroom, Self.airport,
            Place(id: "osm:node/1", kind: .restroom, name: "Bare", coordinate: LatLon(lat: 1, lon: 2)),
        ]
        let data = try FixtureSource.encode(places)
        #expect(try JSONDecoder().decode([Place].self, from: data) == places)
        #expect(try FixtureSource.encode(places) == data, "encoding is stable")
    }

    @Test func jsonFormIsDocumented() throws {
        let data = try FixtureSource.encode([Self.restroom])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        #expect(object?["id"] as? String == "rr:16273")
        #expect(object?["kind"] as? String == "restroom")
        #expect(object?["lat"] as? Double == 30.2648963)
        #expect(object?["lon"] as? Double == -97.747196)
        let details = object?["restroom"] as? [String: Any]
        #expect(details?["changingTable"] as? Bool == false)
        #expect(details?["street"] as? String == "301 W. 2nd St")
        #expect(details?["directions"] == nil, "nil fields are left out")
    }

    @Test func decodingIsTolerantOfMissingFields() throws {
        let json =
            #"[{"id":"rr:1","kind":"restroom","name":"X","lat":1.5,"lon":2.5,"restroom":{"unisex":true}},"#
            + #"{"id":"ap:X","kind":"airport","lat":0,"lon":0,"airport":{"ident":"X","type":"heliport"}}]"#
        let places = try JSONDecoder().decode([Place].self, from: Data(json.utf8))
        #expect(places[0].restroom == RestroomDetails(unisex: true))
        #expect(places[1].name == "")
        #expect(places[1].airport?.runways == [])
    }

    @Test func sanitizedCleansEveryString() {
        var place = Self.airport
        place.name = "Evil\u{1B}[2J Name"
        if case .airport(var details) = place.details {
            details.municipality = "\u{202E}San Francisco"
            details.runways[0].surface = "A\u{07}SP"
            place.details = .airport(details)
        }
        let clean = place.sanitized()
        #expect(clean.name == "Evil Name")
        #expect(clean.airport?.municipality == "San Francisco")
        #expect(clean.airport?.runways[0].surface == "ASP")
        var restroom = Self.restroom
        restroom.details = .restroom(RestroomDetails(street: "a\tb", comment: "\u{1B}[0m \r\n"))
        #expect(restroom.sanitized().restroom == RestroomDetails(street: "a b", comment: nil))
    }

    @Test func errorDescriptionsReadWell() {
        #expect(PlaceSourceError.httpStatus(404).description == "The server answered with HTTP status 404 (not found).")
        #expect(PlaceSourceError.timeout.description == "The server did not answer in time.")
        #expect(
            PlaceSourceError.transport("could not connect to x").localizedDescription
                == "Network error: could not connect to x.")
        #expect(
            PlaceRecordError.outOfRange(field: "latitude", value: 123.4).description == "latitude 123.4 out of range")
    }
}
