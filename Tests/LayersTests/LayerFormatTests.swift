import Foundation
import GeoCore
import Layers
import Testing

@Suite struct LayerFormatTests {
    @Test func theExtensionNamesTheFormat() {
        #expect(LayerFormat(path: "/a/b.GeoJSON") == .geoJSON)
        #expect(LayerFormat(path: "x.json") == .geoJSON)
        #expect(LayerFormat(path: "x.geojsonl") == .geoJSONSequence)
        #expect(LayerFormat(path: "x.ndjson") == .geoJSONSequence)
        #expect(LayerFormat(path: "x.csv") == .csv)
        #expect(LayerFormat(path: "x.tsv") == .tsv)
        #expect(LayerFormat(path: "x.gpx") == .gpx)
        #expect(LayerFormat(path: "x.txt") == nil)
        #expect(LayerFormat(path: "dir.csv/file") == nil)
    }

    @Test func theFirstBytesNameTheFormat() {
        #expect(LayerFormat(sniffing: Array("\u{FEFF} \n{\"type\"".utf8)) == .geoJSON)
        #expect(LayerFormat(sniffing: Array("\u{1E}{".utf8)) == .geoJSONSequence)
        #expect(LayerFormat(sniffing: Array("<?xml?><gpx>".utf8)) == .gpx)
        #expect(LayerFormat(sniffing: Array("lat,lon\n1,2".utf8)) == .csv)
        #expect(LayerFormat(sniffing: Array("lat\tlon\n".utf8)) == .tsv)
        #expect(LayerFormat(sniffing: Array("hello world\n".utf8)) == nil)
        #expect(LayerFormat(sniffing: [UInt8]()) == nil)
    }

    @Test func readingAPathTakesTheFormatFromTheNameElseTheBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unnamed = folder.appendingPathComponent("points").path
        try Data("lat,lon\n1,2\n".utf8).write(to: URL(fileURLWithPath: unnamed))
        #expect(try LayerReader.read(path: unnamed).features.count == 1)
        let text = folder.appendingPathComponent("notes.txt").path
        try Data("just words\n".utf8).write(to: URL(fileURLWithPath: text))
        do {
            let error = try #require(throws: LayerFileError.self) { try LayerReader.read(path: text) }
            #expect("\(error)".hasPrefix("\(text): not a layer file"), "\(error)")
        }
        do {
            let error = try #require(throws: LayerFileError.self) { try LayerReader.read(path: folder.path) }
            #expect("\(error)" == "\(folder.path): is a directory, not a file")
        }
        do {
            let error = try #require(throws: LayerFileError.self) {
                try LayerReader.read(path: folder.appendingPathComponent("none.csv").path)
            }
            #expect("\(error)".hasSuffix("none.csv: no such file"), "\(error)")
        }
    }
}

extension LayerFormatTests {
    @Test func aPipeIsRefusedBeforeItIsOpened() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layers-fifo-\(getpid()).csv").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        do {
            let error = try #require(throws: LayerFileError.self) { try LayerReader.read(path: path) }
            #expect("\(error)" == "\(path): is not a regular file (a pipe or a device?)")
        }
    }
}
