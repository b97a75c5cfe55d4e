import Foundation
import Testing
import TileSources

/// Numbers in a TileJSON come from a server: a zoom that is not one from 0 to 30 is one clear line,
/// never a trap, and bounds outside the world are dropped.
@Suite struct TileJSONNumberTests {
    private func document(_ fields: String) throws(TileSourceError) -> TileJSON {
        try TileJSON(data: Data("{\"tiles\": [\"https://t.example.org/{z}/{x}/{y}.pbf\"], \(fields)}".utf8), base: nil)
    }

    @Test(arguments: [
        "1e300", "-1e300", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "31", "-1",
    ])
    func aZoomOutsideZeroToThirtyIsOneClearLine(value: String) throws {
        for key in ["minzoom", "maxzoom"] {
            let error = try #require(throws: TileSourceError.self) { try document("\"\(key)\": \(value)") }
            #expect(error.description.hasPrefix("TileJSON \(key) "), "\(error)")
            #expect(error.description.hasSuffix("is not a zoom from 0 to 30"), "\(error)")
        }
    }

    @Test func aNumberBeyondDoubleIsNotJSONToFoundation() throws {
        let error = try #require(throws: TileSourceError.self) { try document("\"maxzoom\": 1e400") }
        #expect(error.description == "not a TileJSON document (not a JSON object)")
    }

    @Test func aZoomThatIsNotANumberIsOneClearLine() throws {
        for value in ["\"14\"", "[]", "{}"] {
            let error = try #require(throws: TileSourceError.self) { try document("\"maxzoom\": \(value)") }
            #expect(error.description == "TileJSON maxzoom is not a number")
        }
    }

    @Test func zoomsInRangeAreKeptWithFractionsRoundedDown() throws {
        let plain = try document("\"minzoom\": 0, \"maxzoom\": 30")
        #expect(plain.minZoom == 0 && plain.maxZoom == 30)
        let fractional = try document("\"minzoom\": 2.7, \"maxzoom\": 14.99")
        #expect(fractional.minZoom == 2 && fractional.maxZoom == 14)
        let crossed = try document("\"minzoom\": 9, \"maxzoom\": 4, \"bounds\": null")
        #expect(crossed.minZoom == 9 && crossed.maxZoom == 9)
        let absent = try document("\"minzoom\": null")
        #expect(absent.minZoom == 0 && absent.maxZoom == 14)
    }

    @Test func boundsOutsideTheWorldAreDropped() throws {
        for bounds in ["[-1e300, 0, 1e300, 10]", "[0, 0, 10, 9223372036854775807]", "[0, 0, 10]", "[\"a\", 0, 1, 1]"] {
            #expect(try document("\"bounds\": \(bounds)").bounds == nil, "\(bounds)")
        }
        #expect(try document("\"bounds\": [-10, 40, 5, 50]").bounds?.south == 40)
    }
}
