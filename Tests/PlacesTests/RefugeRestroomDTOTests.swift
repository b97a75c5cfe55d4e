import Foundation
import GeoCore
import Layers
import Places
import Testing

@Suite struct RefugeRestroomDTOTests {
    func decode(_ json: String) throws -> RefugeRestroomDTO {
        try RefugeRestroomDTO(json: try #require(JSONValue.strict(Array(json.utf8))))
    }

    /// The records of the Austin fixture, every element a record.
    func austinRecords() throws -> [RefugeRestroomDTO] {
        try RefugeRestroomDTO.records(inJSON: [UInt8](Fixtures.data(Fixtures.austinJSON))).map { try $0.get() }
    }

    @Test func decodesEveryAustinRecord() throws {
        let records = try austinRecords()
        #expect(records.count == 255)
        #expect(Set(records.map(\.id)).count == 245)
        let places = try records.map { try $0.toPlace() }
        #expect(places.allSatisfy { $0.coordinate.isValid && $0.kind == .restroom && $0.id.hasPrefix("rr:") })
        #expect(records.allSatisfy { $0.bearing != nil && $0.distance != nil }, "bearing arrives as a string")
        #expect(records.filter { $0.comment == nil }.count == 17)
        #expect(records.filter { $0.directions == nil }.count == 5)
        // Multi-line text (CR, CRLF) is folded into single spaces.
        let withBreaks = try #require(places.first { $0.id == "rr:162" })
        #expect(withBreaks.restroom?.directions == "NUR 2.104MAA, floor 2 across Red River from the Frank Erwin Center")
        for place in places {
            let texts = [place.name, place.restroom?.directions ?? "", place.restroom?.comment ?? ""]
            #expect(texts.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
        }
    }

    @Test func firstAustinRecordInDetail() throws {
        let records = try austinRecords()
        let dto = records[0]
        #expect(dto.id == 16273)
        #expect(dto.latitude == 30.2648963 && dto.longitude == -97.747196)
        #expect(dto.bearing == 64.440315615862)
        #expect(dto.distance == 0.0492506860822029)
        #expect(dto.changingTable == false && dto.accessible && dto.unisex)
        #expect(dto.createdAt == "2015-03-07T22:54:17.185Z")
        let place = try dto.toPlace()
        #expect(place.id == "rr:16273")
        #expect(place.name == "Austin City Hall")
        #expect(place.coordinate == LatLon(lat: 30.2648963, lon: -97.747196))
        let details = try #require(place.restroom)
        #expect(details.address == "301 W. 2nd St, Austin TX")
        #expect(details.directions == nil, "empty directions become nil")
        #expect(details.comment?.hasPrefix("All single occupancy restrooms") == true)
        #expect(details.country == "US" && details.upvote == 0 && details.downvote == 0)
        #expect(details.updatedAt == "2015-03-07T22:54:17.185Z")
    }

    @Test func toleratesStringsNullsAndUnknownKeys() throws {
        let dto = try decode(
            #"{"id":"42","name":null,"latitude":"37.5","longitude":" -122.25 ","accessible":"t","unisex":1,"#
                + #""changing_table":null,"upvote":"3","downvote":null,"bearing":"12.5","distance":"0.5","#
                + #""approved":true,"edit_id":7,"nested":{"a":[1,2]}}"#)
        #expect(dto.id == 42)
        #expect(dto.latitude == 37.5 && dto.longitude == -122.25)
        #expect(dto.accessible && dto.unisex && !dto.changingTable)
        #expect(dto.upvote == 3 && dto.downvote == 0)
        #expect(dto.bearing == 12.5 && dto.distance == 0.5)
        let place = try dto.toPlace()
        #expect(place.name == RefugeRestroomDTO.fallbackName)
        #expect(place.restroom?.address == "")
    }

    @Test func minimalRecord() throws {
        let place = try decode(#"{"id":7,"name":"Min","latitude":1,"longitude":2}"#).toPlace()
        #expect(
            place
                == Place(
                    id: "rr:7", kind: .restroom, name: "Min", coordinate: LatLon(lat: 1, lon: 2),
                    details: .restroom(RestroomDetails())))
    }

    @Test func requiresAnID() {
        #expect(throws: PlaceRecordError.missing(field: "id")) {
            try decode(#"{"name":"x","latitude":1,"longitude":2}"#)
        }
        #expect(throws: PlaceRecordError.notANumber(field: "id", text: "abc")) {
            try decode(#"{"id":"abc","latitude":1,"longitude":2}"#)
        }
        #expect(throws: PlaceRecordError.notAnObject) { try decode("[1]") }
    }

    @Test(arguments: [
        (#""latitude":123.4,"longitude":2"#, PlaceRecordError.outOfRange(field: "latitude", value: 123.4)),
        (#""latitude":1,"longitude":-180.5"#, .outOfRange(field: "longitude", value: -180.5)),
        (#""latitude":"abc","longitude":2"#, .notANumber(field: "latitude", text: "abc")),
        (#""latitude":"nan","longitude":2"#, .notANumber(field: "latitude", text: "nan")),
        (#""latitude":1,"longitude":"inf""#, .notANumber(field: "longitude", text: "inf")),
        (#""latitude":1,"longitude":"0x1p3""#, .notANumber(field: "longitude", text: "0x1p3")),
        (#""latitude":true,"longitude":2"#, .notANumber(field: "latitude", text: "true")),
        (#""longitude":2"#, .missing(field: "latitude")),
        (#""latitude":null,"longitude":2"#, .missing(field: "latitude")),
        (#""latitude":"","longitude":2"#, .missing(field: "latitude")),
        (#""latitude":0,"longitude":0"#, .notGeocoded),
    ])
    func rejectsBadCoordinates(fields: String, error: PlaceRecordError) throws {
        let dto = try decode(#"{"id":1,"name":"x","# + fields + "}")
        #expect(throws: error) { try dto.toPlace() }
    }

    @Test func acceptsEdgeCoordinates() throws {
        for (lat, lon) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0001)] {
            let place = try decode(#"{"id":1,"latitude":\#(lat),"longitude":\#(lon)}"#).toPlace()
            #expect(place.coordinate == LatLon(lat: lat, lon: lon))
        }
    }

    @Test func sanitisesEveryString() throws {
        let dto = try decode(
            #"{"id":1,"name":"Evil\u001b]0;owned\u0007 Loo\u202e","street":"1 Main\tSt","city":"A\u0085B","#
                + #""state":"\u001b[31mCA","country":"US\u0000","directions":"up\r\nstairs","comment":"\u009b2J","#
                + #""created_at":"2015\u0007","latitude":1,"longitude":2}"#)
        let place = try dto.toPlace()
        #expect(place.name == "Evil Loo")
        let details = try #require(place.restroom)
        #expect(details.street == "1 Main St")
        #expect(details.city == "A B")
        #expect(details.state == "CA")
        #expect(details.country == "US")
        #expect(details.directions == "up stairs")
        #expect(details.comment == nil)
        #expect(details.createdAt == "2015")
    }
}
