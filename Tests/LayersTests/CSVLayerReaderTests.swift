import Foundation
import GeoCore
import Layers
import TestSupport
import Testing

@Suite struct CSVLayerReaderTests {
    private func read(_ text: String, options: LayerReadOptions = .init()) throws -> LayerData {
        try LayerReader.read(bytes: Array(text.utf8), name: "test.csv", format: .csv, options: options)
    }

    @Test func columnsByTheirUsualNamesAndQuotedFields() throws {
        let data = try read(
            "\u{FEFF}Name,Latitude,Lng,note\r\n\"Caf\u{E9}, \"\"the\"\" one\",47.5,8.25,\"two\nlines\"\r\n\r\nb,1,2,\n")
        #expect(data.problems == [])
        try #require(data.features.count == 2)
        #expect(data.features[0].name == "Caf\u{E9}, \"the\" one")
        #expect(data.features[0].geometries == [.point(LatLon(lat: 47.5, lon: 8.25))])
        #expect(data.features[0].properties == [LayerProperty(key: "note", value: "two\nlines")])
        #expect(data.features[1].properties == [])
    }
}

extension CSVLayerReaderTests {
    @Test func everyUsualColumnNameIsFound() throws {
        for (lat, lon) in [("lat", "lon"), ("latitude", "longitude"), ("Y", "X"), ("LAT", "long"), ("lat", "lng")] {
            let data = try read("id,\(lon),\(lat)\n1,8.5,47.25\n")
            #expect(data.features.first?.geometries == [.point(LatLon(lat: 47.25, lon: 8.5))], "\(lat) \(lon)")
            #expect(data.features.first?.properties == [LayerProperty(key: "id", value: "1")])
        }
    }

    @Test func columnsGivenByName() throws {
        let data = try read("a;b;Title\n1;2;x\n", options: LayerReadOptions(latColumn: "B", lonColumn: " a "))
        #expect(data.features == [LayerFeature(name: "x", geometries: [.point(LatLon(lat: 2, lon: 1))])])
    }

    @Test func missingColumnsAreAFileError() throws {
        do {
            let error = try #require(throws: LayerFileError.self) { try read("a,b\n1,2\n") }
            #expect(
                "\(error)"
                    == "test.csv: line 1: no latitude column (looked for lat, latitude, y among \"a\", \"b\"); name it with --lat-col"
            )
        }
        do {
            let error = try #require(throws: LayerFileError.self) {
                try read("lat,lon\n1,2\n", options: LayerReadOptions(lonColumn: "east"))
            }
            #expect("\(error)" == "test.csv: line 1: no column named \"east\" (the columns are \"lat\", \"lon\")")
        }
        do {
            let error = try #require(throws: LayerFileError.self) { try read("") }
            #expect("\(error)" == "test.csv: the file is empty (a header line is needed)")
        }
    }

    @Test func badRowsAreProblemsOnTheirLinesAndTheOthersLoad() throws {
        let data = try read("lat,lon,name\n1,2,a\n\"91\",2,b\nx,2,c\n,2,d\n1,nan,e\n1 , 2 ,f\n0x1p3,2,h\n\"open,2,g\n")
        #expect(data.features.map(\.name) == ["a", "f"])
        #expect(
            data.problems.map(\.description) == [
                "line 3: latitude 91.0 is out of range (-90…90)", "line 4: latitude \"x\" is not a number",
                "line 5: no latitude in column \"lat\"", "line 6: longitude nan is not a finite number",
                "line 8: latitude \"0x1p3\" is not a number",
                "line 9: a quoted field is never closed; the rest of the file is skipped",
            ])
    }

    @Test func tsvAndExtraCells() throws {
        let data = try LayerReader.read(
            bytes: Array("lon\tlat\tname\n-122.4\t37.8\tSF\tspare\n".utf8), name: "t.tsv", format: .tsv)
        #expect(data.features.first?.name == "SF")
        #expect(data.features.first?.properties == [LayerProperty(key: "column 4", value: "spare")])
    }

    @Test func seededRowsComeBackExactly() throws {
        var generator = SeededGenerator(seed: 11)
        var text = "name,lat,lon,note\n"
        var expected: [LayerFeature] = []
        for index in 0..<2000 {
            let lat = Double.random(in: -90...90, using: &generator)
            let lon = Double.random(in: -180..<180, using: &generator)
            let note = ["plain", "with, comma", "with \"quotes\"", "two\r\nlines", ""][index % 5]
            text += "n\(index),\(lat),\(lon),\"\(note.replacingOccurrences(of: "\"", with: "\"\""))\"\r\n"
            expected.append(
                LayerFeature(
                    name: "n\(index)", geometries: [.point(LatLon(lat: lat, lon: lon))],
                    properties: note.isEmpty ? [] : [LayerProperty(key: "note", value: note)]))
        }
        let data = try read(text)
        #expect(data.problems == [])
        #expect(data.features == expected)
    }
}

extension CSVLayerReaderTests {
    @Test func manyBadRowsKeepAThousandProblemsAndCountTheRest() throws {
        var text = "lat,lon\n1,2\n"
        text.reserveCapacity(200_000 * 4)
        for _ in 0..<200_000 { text += "x,2\n" }
        let data = try read(text)
        #expect(data.features.count == 1)
        #expect(data.problems.count == LayerData.maximumProblems)
        #expect(data.problemCount == 200_000)
        #expect(data.problems.last?.line == 1002)
    }
}
