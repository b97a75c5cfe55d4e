import Foundation
import Layers
import TestSupport
import Testing

/// Seeded structure-aware fuzzing of the GPX reader: waypoints, routes and tracks with random and
/// extreme coordinates and hostile names and descriptions (as text, CDATA, entities and numeric
/// references to control characters), deep nesting, then damaged.
@Suite struct GPXFuzzTests {
    static let tokens = [
        "<", ">", "</", "/>", "<wpt lat=\"1\" lon=\"2\">", "</wpt>", "<trkseg>", "<![CDATA[", "]]>", "<!--", "-->",
        "&", "&#", "&#x1B;", "&#0;", "&#xD800;", "&amp", "\"", "'", "<?xml", "<!DOCTYPE gpx [",
    ]

    @Test func generatedFilesReadSafely() {
        var checks = LayerFuzzChecks()
        let figures = FuzzMeter.run("GPX", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x6770_78)) {
            _, rng in
            var bytes = Array(Self.file(using: &rng).utf8)
            if Bool.random(using: &rng) { bytes = FuzzMutator.mutate(bytes, tokens: Self.tokens, using: &rng) }
            checks.check(bytes, format: .gpx)
        }
        FuzzMeter.expectBounded(figures)
        #expect(checks.loaded > figures.cases / 4 && checks.refused > 0)
        #expect(checks.hostile > 0, "the generated files carry hostile text into the data")
    }

    @Test func aGiantDescriptionIsReadSafely() {
        let text = FuzzText.giant(1 << 20).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;")
        let file =
            "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>\(text)</name><desc>&#x1B;]0;X&#7;\(text)</desc></wpt></gpx>"
        var checks = LayerFuzzChecks()
        checks.check(Array(file.utf8), format: .gpx)
        #expect(checks.loaded == 1 && checks.hostile == 1)
    }

    @Test func deepNestingIsBounded() {
        for levels in [511, 512, 513, 100_000] {
            var checks = LayerFuzzChecks()
            let deep = String(repeating: "<e>", count: levels) + "x" + String(repeating: "</e>", count: levels)
            let file = "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>n</name>\(deep)</wpt></gpx>"
            checks.check(Array(file.utf8), format: .gpx)
            #expect(checks.loaded + checks.refused == 1)
        }
    }

    // MARK: Generators

    static func file(using rng: inout SeededGenerator) -> String {
        var parts = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"fuzz\">"]
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: parts.append(point("wpt", using: &rng))
            case 1:
                parts.append(
                    "<rte>" + details(using: &rng)
                        + (0..<Int.random(in: 0...5, using: &rng)).map { _ in point("rtept", using: &rng) }.joined()
                        + "</rte>")
            default:
                let segments = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    "<trkseg>"
                        + (0..<Int.random(in: 0...6, using: &rng)).map { _ in point("trkpt", using: &rng) }.joined()
                        + "</trkseg>"
                }
                parts.append("<trk>" + details(using: &rng) + segments.joined() + "</trk>")
            }
        }
        parts.append("</gpx>")
        return parts.joined(separator: "\n")
    }

    static func point(_ element: String, using rng: inout SeededGenerator) -> String {
        "<\(element) lat=\"\(number(-90...90, using: &rng))\" lon=\"\(number(-180...180, using: &rng))\">"
            + details(using: &rng) + "</\(element)>"
    }

    /// A name and other simple children, their text escaped, in CDATA, or (when short) as numeric
    /// references.
    static func details(using rng: inout SeededGenerator) -> String {
        var out = ""
        for element in ["name", "desc", "cmt", "ele", "time", "sym", "extensions"] where Bool.random(using: &rng) {
            let text = element == "ele" ? number(-500...9000, using: &rng) : FuzzText.random(using: &rng)
            out += "<\(element)>\(encoded(text, using: &rng))</\(element)>"
        }
        return out
    }

    static func encoded(_ text: String, using rng: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return "<![CDATA[" + text.replacingOccurrences(of: "]]>", with: "") + "]]>"
        case 1 where text.unicodeScalars.count < 1000:  // references decode at ~20 µs each in debug builds
            return text.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
        default:
            return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
    }

    static func number(_ range: ClosedRange<Double>, using rng: inout SeededGenerator) -> String {
        Int.random(in: 0..<10, using: &rng) == 0
            ? FuzzText.extremeNumbers.randomElement(using: &rng)! : String(Double.random(in: range, using: &rng))
    }
}
