import TestSupport
import Testing

@testable import Layers

/// Coordinates read flat (`JSONNumberArray`) give the very features and messages the ordinary arrays
/// give: every geometry type, good and bad, and seeded random nestings of numbers, strings and empty
/// arrays.
@Suite struct FlatCoordinatesTests {
    static let types = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "Circle"]

    static let coordinates = [
        "[8.5, 47.3]", "[8.5]", "[200, 1]", "[[1, 2], [3, 4]]", "[[1, 2], [3]]", "[[1, 2]]", "[[1, 2], 3]",
        "[[[0, 0], [1, 0], [1, 1], [0, 0]]]", "[[[0, 0], [1, 0], [1, 1]]]", "[[[0,0],[1,0],[0,0]]]",
        "[[[[179, 0], [-179, 0], [-179, 1], [179, 0]], [[179.5, 0.2], [179.6, 0.2], [179.6, 0.3]]]]",
        "[[1, 2, 3, 4], [5, 6]]", "[[\"1\", 2], [3, 4]]", "[[], [3, 4]]", "[1e400, 2]", "[NaN, 1]",
        "[\n[1, 2],\n[3, 91]\n]", "[[[[[1, 2]]]]]",
    ]

    @Test func everyTypeAndShapeReadsAsTheOrdinaryArraysDo() {
        for type in Self.types {
            for coordinates in Self.coordinates { Self.expectSame(type: type, coordinates: coordinates) }
        }
    }

    @Test func seededRandomNestingsReadAsTheOrdinaryArraysDo() {
        var random = SeededGenerator(seed: 17)
        for _ in 0..<FuzzBudget.cases(300) {
            let text = Self.randomArray(depth: Int.random(in: 1...5, using: &random), &random)
            Self.expectSame(type: Self.types.randomElement(using: &random)!, coordinates: text)
        }
    }

    /// A property named `coordinates` is shown as written, white space left out.
    @Test func aCoordinatesPropertyIsShownAsWritten() throws {
        let text =
            #"{"type":"Feature","geometry":null,"properties":{"coordinates":[ [1.50, -0],"# + "\n" + "[2e3,4] ]}}"
        let data = try LayerReader.read(bytes: Array(text.utf8), name: "p.geojson", format: .geoJSON)
        #expect(data.features.first?.properties == [LayerProperty(key: "coordinates", value: "[[1.50,-0],[2e3,4]]")])
    }

    static func expectSame(type: String, coordinates: String) {
        let text = "{\"type\":\"\(type)\",\n\"coordinates\":\(coordinates)}"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let results = [true, false].map { flat in
                var parser = JSONParser(bytes: buffer, flatCoordinates: flat)
                return (try? parser.parseValue()).map {
                    GeoJSONDecoder(source: buffer).feature($0, line: 1, index: 0)
                }
            }
            #expect(results[0] == results[1], "\(text)")
        }
    }

    static func randomArray(depth: Int, _ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...3, using: &random)
        let elements = (0..<count).map { _ -> String in
            switch Int.random(in: 0..<20, using: &random) {
            case 0: return "\"x\""
            case 1: return "[]"
            case 2..<6 where depth > 1: return randomArray(depth: depth - 2, &random)
            default:
                return depth > 1
                    ? randomArray(depth: depth - 1, &random) : String(Double.random(in: -200...200, using: &random))
            }
        }
        return "[" + elements.joined(separator: Bool.random(using: &random) ? "," : " ,\n ") + "]"
    }
}
