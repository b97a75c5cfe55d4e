import Foundation
import TestSupport
import Testing
import TileSources

/// Seeded, structure-aware fuzzing of the TileJSON parser: mostly valid documents whose fields are
/// set to extremes (huge, negative, fractional numbers, wrong types, deep nesting, long lists,
/// terminal escapes). Each must give a document within the spec's ranges with terminal-safe text,
/// or one safe line of error; never a trap, and quickly.
@Suite struct TileJSONFuzzTests {
    /// Numbers a server may send, from sound to extreme (1e400 is beyond Double: not JSON to Foundation).
    static let numbers = [
        "0", "14", "30", "31", "-1", "2.5", "-0.0", "1e300", "-1e300", "1e400", "9223372036854775807",
        "-9223372036854775808", "18446744073709551616", "4.9e-324", "1.7976931348623157e308", "180", "-90.5",
    ]
    static let soundNumbers = ["0", "2", "14", "22.5", "30", "-10", "40", "5", "50"]
    static let hostile = [
        "\\u001b[31mred", "a\\u0007b", "\\u009b2J", "\\u0085x", "tab\\tand\\nnewline", "\\u202ertl",
        "<b>&copy; OSM</b>", "\\u001b]0;title\\u0007", String(repeating: "é", count: 3000), "", "\\u0000",
    ]

    private struct Case {
        var rng: SeededGenerator

        mutating func pick<T>(_ list: [T]) -> T { list.randomElement(using: &rng)! }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

        mutating func string() -> String { "\"\(pick(TileJSONFuzzTests.hostile))\"" }

        /// Any JSON value, nested up to `depth` levels.
        mutating func value(depth: Int = 3) -> String {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1: return pick(TileJSONFuzzTests.numbers)
            case 2: return string()
            case 3: return pick(["true", "false", "null"])
            case 4 where depth > 0:
                return "["
                    + (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth: depth - 1) }
                    .joined(separator: ",") + "]"
            case 5 where depth > 0: return "{\"id\": \(value(depth: depth - 1))}"
            case 6:
                let levels = Int.random(in: 1...600, using: &rng)
                return String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            default:
                return "[" + (0..<Int.random(in: 0...500, using: &rng)).map { _ in "0" }.joined(separator: ",") + "]"
            }
        }

        /// `valid`, or now and then any value.
        mutating func field(_ valid: String) -> String { chance(0.1) ? value() : valid }

        /// A number: mostly a sound one, else one from the extremes.
        mutating func number() -> String {
            chance(0.7) ? pick(TileJSONFuzzTests.soundNumbers) : pick(TileJSONFuzzTests.numbers)
        }

        mutating func document() -> String {
            var fields: [String] = []
            let template = pick([
                "https://t.example.org/{z}/{x}/{y}.pbf", "tiles/{z}/{x}/{y}.pbf", "{z}/{x}/{y}", "https://x/{z}.pbf",
                "ftp://x/{z}/{x}/{y}", "https://t.example.org/\\u001b[2J{z}/{x}/{y}",
            ])
            if chance(0.95) { fields.append("\"tiles\": \(field("[\"\(template)\"]"))") }
            for key in ["minzoom", "maxzoom"] where chance(0.8) {
                fields.append("\"\(key)\": \(field(number()))")
            }
            if chance(0.7) {
                let four = (0..<(chance(0.9) ? 4 : Int.random(in: 0...6, using: &rng))).map { _ in number() }
                fields.append("\"bounds\": \(field("[\(four.joined(separator: ","))]"))")
            }
            if chance(0.6) {
                let three = (0..<3).map { _ in number() }
                fields.append("\"center\": \(field("[\(three.joined(separator: ","))]"))")
            }
            for key in ["name", "attribution", "description"] where chance(0.7) {
                fields.append("\"\(key)\": \(field(string()))")
            }
            if chance(0.6) {
                let count = chance(0.05) ? 2000 : Int.random(in: 0...6, using: &rng)
                let layers = (0..<count).map { _ in "{\"id\": \(field(string()))}" }
                fields.append("\"vector_layers\": \(field("[\(layers.joined(separator: ","))]"))")
            }
            fields.shuffle(using: &rng)
            let text = "{" + fields.joined(separator: ", ") + "}"
            return chance(0.05) ? String(text.prefix(Int.random(in: 0...text.count, using: &rng))) : text
        }
    }

    /// The document is within the spec's ranges and all its text is terminal-safe.
    private func checkSound(_ document: TileJSON) {
        #expect(TileJSON.zoomRange.contains(document.minZoom))
        #expect((document.minZoom...30).contains(document.maxZoom))
        if let bounds = document.bounds {
            #expect(
                bounds.south <= bounds.north && (-90...90).contains(bounds.south) && (-90...90).contains(bounds.north))
            #expect((-180...180).contains(bounds.west) && (-180...180).contains(bounds.east))
        }
        let metadata = document.metadata(fallbackName: "fuzz")
        let texts = [metadata.name, metadata.attribution ?? ""] + metadata.layerNames
        #expect(texts.allSatisfy(FuzzChecks.isTerminalSafe), "\(texts.map { $0.prefix(40) })")
        #expect(document.template.contains("{z}") && document.template.contains("{x}"))
    }

    @Test func mutatedDocumentsParseSoundlyOrFailInOneSafeLine() throws {
        let count = FuzzBudget.cases(3000)
        var fuzz = Case(rng: SeededGenerator(seed: FuzzBudget.seed(0x7113_150A)))
        let peakBefore = FuzzChecks.peakResidentBytes
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var (parsed, refused) = (0, 0)
        let total = clock.measure {
            for _ in 0..<count {
                let text = fuzz.document()
                let elapsed = clock.measure {
                    do throws(TileSourceError) {
                        checkSound(try TileJSON(data: Data(text.utf8), base: URL(string: "https://t.example.org/a/")))
                        parsed += 1
                    } catch {
                        #expect(!error.description.contains("\n") && FuzzChecks.isTerminalSafe(error.description))
                        refused += 1
                    }
                }
                slowest = max(slowest, elapsed)
            }
        }
        let peak = FuzzChecks.peakResidentBytes
        let growth = peak - peakBefore
        print(
            "TileJSON fuzz: \(count) cases (\(parsed) parsed, \(refused) refused) in \(total), slowest \(slowest), peak RSS"
                + " \(peak >> 20) MiB (\(growth >> 10) KiB above the peak before)")
        #expect(parsed > count / 10 && refused > count / 10, "the mutations keep most documents close to valid")
        #expect(slowest < .seconds(5), "one case took \(slowest)")
        #expect(growth < 64 << 20, "peak RSS grew by \(growth) bytes")
    }
}
