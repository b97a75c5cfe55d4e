import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

@Suite struct FixtureSourceTests {
    @Test func passesTheContract() async throws {
        try await checkPlaceSourceContract { places in FixtureSource(places: places) }
    }

    @Test func passesTheContractThroughAFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapterm-fixture-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try await checkPlaceSourceContract { places in
            try FixtureSource.encode(places).write(to: url)
            return try FixtureSource(contentsOf: url)
        }
    }

    @Test func loadsSanitisedPlacesFromAFile() throws {
        let json =
            #"[{"id":"rr:1","kind":"restroom","name":"A\u001b[2Jb","lat":1,"lon":2,"restroom":{"comment":"\u202eoops"}}]"#
        let places = try FixtureSource.decode(Data(json.utf8))
        #expect(places.first?.name == "Ab")
        #expect(places.first?.restroom?.comment == "oops")
    }

    @Test func reportsBadFiles() throws {
        #expect(
            throws: PlaceSourceError.undecodable(
                "not valid JSON (a CSV file of places is added with `mapterm import FILE`)")
        ) { try FixtureSource.decode(Data("nope".utf8)) }
        #expect(throws: PlaceSourceError.undecodable("place 2: kind is missing")) {
            try FixtureSource.decode(
                Data(#"[{"id":"a","kind":"restroom","lat":1,"lon":2},{"id":"b","lat":1,"lon":2}]"#.utf8))
        }
        #expect(throws: PlaceSourceError.undecodable("place 1 has an invalid coordinate")) {
            try FixtureSource.decode(Data(#"[{"id":"a","kind":"restroom","lat":91,"lon":2}]"#.utf8))
        }
        #expect(throws: PlaceSourceError.self) { try FixtureSource(path: "/nonexistent/places.json") }
    }

    /// Regression: a file of the wrong shape was described in the decoder's own words ("Expected to
    /// decode String but found number instead").
    @Test(arguments: [
        (#"[{"id":"a","kind":"restroom","lat":"x","lon":2}]"#, "place 1, lat is not a number"),
        (#"[{"id":1,"kind":"restroom","lat":1,"lon":2}]"#, "place 1, id is not text"),
        (#"[{"id":"a","kind":"castle","lat":1,"lon":2}]"#, "place 1, kind has a value that is not allowed"),
        (#"[{"id":"a","kind":"restroom","lat":null,"lon":2}]"#, "place 1, lat is null"),
        (#"[7]"#, "place 1 is not a JSON object"),
        (#"{"id":"a"}"#, "not a JSON array of places"),
        (
            #"[{"id":16273,"name":"Austin City Hall","latitude":30.26,"longitude":-97.74}]"#,
            "it holds Refuge Restrooms records, not mapterm places; add them with `mapterm import FILE`"
        ),
    ])
    func wrongShapesAreSaidInOurWords(json: String, reason: String) throws {
        #expect(throws: PlaceSourceError.undecodable(reason)) { try FixtureSource.decode(Data(json.utf8)) }
    }

    @Test func dropsDuplicateIDsAndInvalidCoordinates() async throws {
        let a = Place(id: "x", kind: .restroom, name: "first", coordinate: LatLon(lat: 1, lon: 1))
        let b = Place(id: "x", kind: .restroom, name: "second", coordinate: LatLon(lat: 1, lon: 1))
        let c = Place(id: "y", kind: .restroom, name: "bad", coordinate: LatLon(lat: .nan, lon: 1))
        let source = FixtureSource(places: [a, b, c])
        #expect(source.index.places == [a])
        #expect(try await source.places(in: .world, limit: 10) == [a])
    }

    @Test func austinImportServedByRegion() async throws {
        let imported = try PlaceImporter.importFile(at: Fixtures.url(Fixtures.austinJSON))
        let source = FixtureSource(places: imported.places)
        let downtown = GeoBounds(south: 30.26, west: -97.76, north: 30.28, east: -97.73)
        let result = try await source.places(in: downtown, kinds: [.restroom], limit: 5)
        #expect(result.count == 5)
        let center = PlaceRanking.center(of: downtown)
        let distances = result.map { Geodesy.sphericalDistance(center, $0.coordinate) }
        #expect(distances == distances.sorted())
    }
}

@Suite struct PlacesStubSourceTests {
    @Test func passesTheContractAndRecordsQueries() async throws {
        let stub = PlacesStubSource()
        try await checkPlaceSourceContract { places in
            stub.answer(with: places)
            return stub
        }
        #expect(stub.queries.count > 10)
        stub.answer(with: [], error: PlaceSourceError.timeout)
        await #expect(throws: PlaceSourceError.timeout) { try await stub.places(in: .world, limit: 1) }
    }
}
