import Layers
import TestSupport
import Testing

/// Seeded structure-aware fuzzing of the GeoJSON reader: well-formed collections, features and
/// sequences of random geometries and hostile properties, then damaged (cut, spliced, re-encoded,
/// nested past the parser's limit of 512 levels).
@Suite struct GeoJSONFuzzTests {
    static let tokens = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\uD800", "null", "\"type\":", "\"Feature\"",
        "\"coordinates\":[", "\"properties\":{", "\"geometry\":null", "\u{1E}", "\n", "[[[[", "]]]]",
    ]

    @Test func generatedDocumentsReadSafely() {
        var checks = LayerFuzzChecks()
        let figures = FuzzMeter.run("GeoJSON", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x6765_6F6A)) {
            index, rng in
            let sequence = index % 5 == 4
            var bytes = Array(
                (sequence ? Self.sequence(using: &rng) : Self.collection(using: &rng)).utf8)
            if Bool.random(using: &rng) { bytes = FuzzMutator.mutate(bytes, tokens: Self.tokens, using: &rng) }
            checks.check(bytes, format: sequence ? .geoJSONSequence : .geoJSON)
        }
        FuzzMeter.expectBounded(figures)
        #expect(checks.loaded > figures.cases / 4 && checks.refused > 0)
        #expect(checks.hostile > 0, "the generated documents carry hostile text into the data")
    }

    @Test func aGiantStringIsReadSafely() throws {
        let giant = FuzzJSON.string(FuzzText.giant(1 << 20))
        let document = "{\"type\":\"Feature\",\"id\":\(giant),\"geometry\":null,\"properties\":{\(giant):\(giant)}}"
        var checks = LayerFuzzChecks()
        checks.check(Array(document.utf8), format: .geoJSON)
        #expect(checks.loaded == 1 && checks.hostile == 1)
    }

    @Test func nestingAroundTheLimitIsReadOrRefused() throws {
        for levels in [510, 511, 512, 513, 600, 100_000] {
            for objects in [false, true] {
                let value = FuzzJSON.nested("1", levels: levels, objects: objects)
                let document = "{\"type\":\"Feature\",\"geometry\":null,\"properties\":{\"deep\":\(value)}}"
                var checks = LayerFuzzChecks()
                checks.check(Array(document.utf8), format: .geoJSON)
                let data = try? LayerReader.read(bytes: Array(document.utf8), name: "deep", format: .geoJSON)
                // One level for the feature, one for its properties: the value may nest 510 levels.
                #expect((data?.features.count == 1) == (levels <= 510), "\(levels) levels")
            }
        }
    }

    // MARK: Generators

    static func collection(using rng: inout SeededGenerator) -> String {
        let features = (0..<Int.random(in: 0...6, using: &rng)).map { _ in feature(using: &rng) }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return features.first ?? geometry(using: &rng)
        case 1: return "[" + features.joined(separator: ",") + "]"
        default:
            return "{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",\n") + "]}"
        }
    }

    static func sequence(using rng: inout SeededGenerator) -> String {
        let separator = Bool.random(using: &rng) ? "\n" : "\u{1E}"
        return (0..<Int.random(in: 1...10, using: &rng)).map { _ in separator + feature(using: &rng) }.joined()
    }

    static func feature(using rng: inout SeededGenerator) -> String {
        var members = ["\"type\":\"Feature\"", "\"geometry\":" + geometry(using: &rng)]
        if Bool.random(using: &rng) { members.append("\"id\":" + FuzzJSON.value(using: &rng, depth: 0)) }
        var properties: [String] = []
        if Bool.random(using: &rng) {
            properties.append("\"name\":" + FuzzJSON.string(FuzzText.random(using: &rng)))
        }
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            properties.append(
                FuzzJSON.string(FuzzText.random(using: &rng, giantLength: 2_000)) + ":"
                    + FuzzJSON.value(using: &rng))
        }
        if Int.random(in: 0..<20, using: &rng) == 0 {
            properties.append("\"deep\":" + FuzzJSON.nested("0", levels: Int.random(in: 500...530, using: &rng)))
        }
        members.append("\"properties\":{" + properties.joined(separator: ",") + "}")
        members.shuffle(using: &rng)
        return "{" + members.joined(separator: ",") + "}"
    }

    static let geometryTypes = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    static func geometry(using rng: inout SeededGenerator) -> String {
        let type = geometryTypes.randomElement(using: &rng)!
        if Int.random(in: 0..<12, using: &rng) == 0 { return "null" }
        if type == "GeometryCollection" {
            let parts = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                "{\"type\":\"Point\",\"coordinates\":\(position(using: &rng))}"
            }
            return "{\"type\":\"GeometryCollection\",\"geometries\":[" + parts.joined(separator: ",") + "]}"
        }
        let depth = ["Point": 0, "MultiPoint": 1, "LineString": 1, "MultiLineString": 2, "Polygon": 2][type] ?? 3
        return "{\"type\":\"\(type)\",\"coordinates\":" + coordinates(depth: depth, using: &rng) + "}"
    }

    static func coordinates(depth: Int, using rng: inout SeededGenerator) -> String {
        guard depth > 0 else { return position(using: &rng) }
        let count = Int.random(in: 0...5, using: &rng)
        var items = (0..<count).map { _ in coordinates(depth: depth - 1, using: &rng) }
        if depth == 1, let first = items.first, Bool.random(using: &rng) { items.append(first) }  // a closed ring
        return "[" + items.joined(separator: ",") + "]"
    }

    static func position(using rng: inout SeededGenerator) -> String {
        func number(_ range: ClosedRange<Double>) -> String {
            Int.random(in: 0..<15, using: &rng) == 0
                ? FuzzText.extremeNumbers.randomElement(using: &rng)! : String(Double.random(in: range, using: &rng))
        }
        var parts = [number(-180...180), number(-90...90)]
        if Bool.random(using: &rng) { parts.append(number(-500...9000)) }
        return "[" + parts.joined(separator: ",") + "]"
    }
}
