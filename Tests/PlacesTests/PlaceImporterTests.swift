import Foundation
import GeoCore
import Places
import Storage
import Testing

@Suite struct PlaceImporterTests {
    static let header = PlaceImporter.refugeColumns.joined(separator: ",")

    func importCSV(_ text: String) throws -> PlaceImportResult {
        try PlaceImporter.importData(Data(text.utf8), format: .csv)
    }

    func row(_ id: String, lat: String, lon: String, name: String = "Loo") -> String {
        "\(id),\(name),1 Main St,Austin,TX,US,true,false,true,,,\(lat),\(lon),1,0,2015-01-01T00:00:00Z,"
    }

    @Test func importsTheAustinCSV() throws {
        let result = try PlaceImporter.importFile(at: Fixtures.url(Fixtures.austinCSV))
        #expect(result.issues.isEmpty, "\(result.issues)")
        #expect(result.places.count == 245)
        #expect(result.duplicates == 0)
        let hall = try #require(result.places.first { $0.id == "rr:16273" })
        #expect(hall.name == "Austin City Hall")
        #expect(hall.coordinate == LatLon(lat: 30.2648963, lon: -97.747196))
        #expect(hall.restroom?.address == "301 W. 2nd St, Austin TX")
        #expect(
            hall.restroom?.accessible == true && hall.restroom?.unisex == true && hall.restroom?.changingTable == false)
        // A record whose directions span two lines in the file.
        let vespasio = try #require(result.places.first { $0.id == "rr:29325" })
        #expect(vespasio.restroom?.directions?.contains("Gender Neutral. Very safe") == true)
    }

    @Test func csvAndJSONAgree() throws {
        let csv = try PlaceImporter.importFile(at: Fixtures.url(Fixtures.austinCSV))
        let json = try PlaceImporter.importFile(at: Fixtures.url(Fixtures.austinJSON))
        #expect(json.places.count == 245)
        #expect(json.duplicates == 10)
        #expect(json.issues.isEmpty)
        let csvByID = Dictionary(uniqueKeysWithValues: csv.places.map { ($0.id, $0) })
        for place in json.places {
            let other = try #require(csvByID[place.id])
            #expect(other.coordinate == place.coordinate && other.name == place.name, "\(place.id)")
        }
    }

    @Test func rejectsBadRowsWithLineNumbers() throws {
        let text = [
            Self.header,
            row("1", lat: "30.1", lon: "-97.1"),
            row("2", lat: "123.4", lon: "-97.1"),
            row("3", lat: "abc", lon: "-97.1"),
            "4,\"Two\nline name\",x,y,z,US,false,false,false,,,30,-200,0,0,,",
            row("5", lat: "", lon: "-97.1"),
            row("6", lat: "0", lon: "0"),
            "7,too,few,fields",
            row("x", lat: "30", lon: "-97"),
            row("8", lat: "nan", lon: "-97"),
            row("9", lat: "-90", lon: "180"),
            row("1", lat: "31", lon: "-98", name: "Duplicate of 1"),
        ].joined(separator: "\n")
        let result = try importCSV(text)
        #expect(result.places.map(\.id) == ["rr:1", "rr:9"])
        #expect(result.duplicates == 1)
        #expect(
            result.issues.map(\.description) == [
                "line 3: latitude 123.4 out of range",
                "line 4: latitude \"abc\" is not a number",
                "line 5: longitude -200 out of range",
                "line 7: latitude is missing",
                "line 8: coordinates 0, 0 (not geocoded)",
                "line 9: expected 17 fields, found 4",
                "line 10: id \"x\" is not a number",
                "line 11: latitude \"nan\" is not a number",
            ])
        #expect(result.issues.map(\.record) == [2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test func headerColumnsMayComeInAnyOrder() throws {
        let text = "LONGITUDE,Latitude,name,id,extra\n-97.5,30.5,\"Quoted, \"\"name\"\"\",12,ignored\n"
        let result = try importCSV(text)
        #expect(result.issues.isEmpty)
        #expect(result.places.first?.name == "Quoted, \"name\"")
        #expect(result.places.first?.coordinate == LatLon(lat: 30.5, lon: -97.5))
        // Without an id column the ids are made from the rows (they used to be refused).
        #expect(
            try importCSV("latitude,longitude,name\n1,2,x\n").places.map(\.id) == [
                PlaceImporter.generatedID(name: "x", latitude: "1", longitude: "2")
            ])
    }

    @Test func withoutHeaderUsesRefugeOrder() throws {
        let result = try importCSV(row("5", lat: "30", lon: "-97") + "\n")
        #expect(result.places.map(\.id) == ["rr:5"])
        #expect(result.places.first?.restroom?.changingTable == true)
        #expect(result.places.first?.restroom?.upvote == 1)
    }

    @Test func sanitisesImportedText() throws {
        let result = try importCSV(
            Self.header + "\n" + row("5", lat: "30", lon: "-97", name: "\"Evil\u{1B}[31m\r\nName\u{202E}\""))
        #expect(result.places.first?.name == "Evil Name")
    }

    @Test func jsonIssuesNameTheRecord() throws {
        let json =
            #"[{"id":1,"latitude":1,"longitude":2},{"id":2,"latitude":95,"longitude":2},"nonsense",{"latitude":1}]"#
        let result = try PlaceImporter.importData(Data(json.utf8), format: .json)
        #expect(result.places.map(\.id) == ["rr:1"])
        #expect(result.issues.map(\.description).prefix(1) == ["record 2: latitude 95 out of range"])
        #expect(result.issues.map(\.record) == [2, 3, 4])
        #expect(throws: PlaceImportError.malformed("expected a JSON array of restrooms")) {
            try PlaceImporter.importData(Data(#"{"id":1}"#.utf8), format: .json)
        }
        #expect(throws: PlaceImportError.malformed("not valid JSON")) {
            try PlaceImporter.importData(Data("[{".utf8), format: .json)
        }
    }

    @Test func refusesInputsOverTenMegabytes() throws {
        let big = Data(count: PlaceImporter.maxInputBytes + 1)
        #expect(throws: PlaceImportError.tooLarge(bytes: big.count)) { try PlaceImporter.importData(big, format: .csv) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-big-\(UUID().uuidString).csv")
        try big.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: PlaceImportError.tooLarge(bytes: big.count)) { try PlaceImporter.importFile(at: url) }
        #expect(throws: PlaceImportError.self) {
            try PlaceImporter.importFile(at: url.appendingPathExtension("missing"))
        }
    }

    @Test func sniffsTheFormat() {
        #expect(PlaceImporter.sniff(Data("  \n[{}]".utf8)) == .json)
        #expect(PlaceImporter.sniff(Data("id,name".utf8)) == .csv)
    }
}

/// CSV files that are not Refuge exports: a header naming the coordinates (any of the usual spellings)
/// and no id column imports with ids made from each row; a file that is no place file at all is
/// refused whole.
struct PlaceImporterPlainCSVTests {
    @Test(arguments: [("latitude", "longitude"), ("lat", "lon"), ("Lat", "Lng"), ("LAT", "long")])
    func aHeaderWithNameAndCoordinatesImportsWithoutIDs(lat: String, lon: String) throws {
        let csv = "name,\(lat),\(lon)\nCafe A,37.77,-122.41\nCafe B,37.78,-122.42\n"
        let result = try PlaceImporter.importData(Data(csv.utf8), format: .csv)
        #expect(result.issues.isEmpty)
        #expect(result.places.map(\.name) == ["Cafe A", "Cafe B"])
        #expect(
            result.places.map(\.coordinate) == [LatLon(lat: 37.77, lon: -122.41), LatLon(lat: 37.78, lon: -122.42)])
        let ids = result.places.map(\.id)
        #expect(
            ids == [
                PlaceImporter.generatedID(name: "Cafe A", latitude: "37.77", longitude: "-122.41"),
                PlaceImporter.generatedID(name: "Cafe B", latitude: "37.78", longitude: "-122.42"),
            ])
        #expect(ids.allSatisfy { $0.hasPrefix("csv:") && $0.count == 20 })
    }

    @Test func generatedIDsAreStableAndDependOnTheRow() {
        let a = PlaceImporter.generatedID(name: "Cafe A", latitude: "37.77", longitude: "-122.41")
        #expect(a == PlaceImporter.generatedID(name: " Cafe A ", latitude: "37.77", longitude: "-122.41"))
        #expect(a != PlaceImporter.generatedID(name: "Cafe A", latitude: "37.77", longitude: "-122.4"))
        // FNV-1a 64 of "" is its offset basis.
        #expect(PlaceImporter.generatedID(name: "", latitude: "", longitude: "") != a)
    }

    @Test func aPasswordFileIsRefusedWhole() throws {
        let passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
        #expect(throws: PlaceImportError.self) { try PlaceImporter.importData(Data(passwd.utf8), format: .csv) }
    }

    @Test func aBinaryFileIsRefusedWhole() throws {
        let binary = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x2C, 0x0A])
        let error = #expect(throws: PlaceImportError.self) {
            try PlaceImporter.importData(binary, format: PlaceImporter.sniff(binary))
        }
        #expect(error?.description.contains("binary") == true)
    }
}
