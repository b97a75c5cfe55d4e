import Foundation
import GeoCore
import Layers
import XCTest

final class LayerFormatTests: XCTestCase {
    func testTheExtensionNamesTheFormat() {
        XCTAssertEqual(LayerFormat(path: "/a/b.GeoJSON"), .geoJSON)
        XCTAssertEqual(LayerFormat(path: "x.json"), .geoJSON)
        XCTAssertEqual(LayerFormat(path: "x.geojsonl"), .geoJSONSequence)
        XCTAssertEqual(LayerFormat(path: "x.ndjson"), .geoJSONSequence)
        XCTAssertEqual(LayerFormat(path: "x.csv"), .csv)
        XCTAssertEqual(LayerFormat(path: "x.tsv"), .tsv)
        XCTAssertEqual(LayerFormat(path: "x.gpx"), .gpx)
        XCTAssertNil(LayerFormat(path: "x.txt"))
        XCTAssertNil(LayerFormat(path: "dir.csv/file"))
    }

    func testTheFirstBytesNameTheFormat() {
        XCTAssertEqual(LayerFormat(sniffing: Array("\u{FEFF} \n{\"type\"".utf8)), .geoJSON)
        XCTAssertEqual(LayerFormat(sniffing: Array("\u{1E}{".utf8)), .geoJSONSequence)
        XCTAssertEqual(LayerFormat(sniffing: Array("<?xml?><gpx>".utf8)), .gpx)
        XCTAssertEqual(LayerFormat(sniffing: Array("lat,lon\n1,2".utf8)), .csv)
        XCTAssertEqual(LayerFormat(sniffing: Array("lat\tlon\n".utf8)), .tsv)
        XCTAssertNil(LayerFormat(sniffing: Array("hello world\n".utf8)))
        XCTAssertNil(LayerFormat(sniffing: [UInt8]()))
    }

    func testReadingAPathTakesTheFormatFromTheNameElseTheBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unnamed = folder.appendingPathComponent("points").path
        try Data("lat,lon\n1,2\n".utf8).write(to: URL(fileURLWithPath: unnamed))
        XCTAssertEqual(try LayerReader.read(path: unnamed).features.count, 1)
        let text = folder.appendingPathComponent("notes.txt").path
        try Data("just words\n".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertThrowsError(try LayerReader.read(path: text)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(text): not a layer file"), "\(error)")
        }
        XCTAssertThrowsError(try LayerReader.read(path: folder.path)) { error in
            XCTAssertEqual("\(error)", "\(folder.path): is a directory, not a file")
        }
        XCTAssertThrowsError(try LayerReader.read(path: folder.appendingPathComponent("none.csv").path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("none.csv: no such file"), "\(error)")
        }
    }
}

extension LayerFormatTests {
    func testAPipeIsRefusedBeforeItIsOpened() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layers-fifo-\(getpid()).csv").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        XCTAssertThrowsError(try LayerReader.read(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): is not a regular file (a pipe or a device?)")
        }
    }
}
