import Foundation
import Layers
import TestSupport
import Testing

/// Seeded structure-aware fuzzing of the CSV and TSV reader: a header with coordinate, name and
/// hostile columns, rows of random and extreme numbers and quoted hostile text, then damaged
/// (unterminated quotes, cut rows, CRLF, a byte order mark, invalid UTF-8).
@Suite struct CSVFuzzTests {
    static let tokens = ["\"", "\"\"", ",", ";", "\t", "\n", "\r", "\r\n", "\"a\nb\"", ",,,,", "lat", "lon"]

    @Test func generatedFilesReadSafely() {
        var checks = LayerFuzzChecks()
        let figures = FuzzMeter.run("CSV", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x6373_76)) {
            _, rng in
            let tab = Int.random(in: 0..<4, using: &rng) == 0
            let delimiter = tab ? "\t" : [",", ";"].randomElement(using: &rng)!
            var bytes = Array(Self.file(delimiter: delimiter, using: &rng).utf8)
            if Bool.random(using: &rng) { bytes = FuzzMutator.mutate(bytes, tokens: Self.tokens, using: &rng) }
            checks.check(bytes, format: tab ? .tsv : .csv)
        }
        FuzzMeter.expectBounded(figures)
        #expect(checks.loaded > figures.cases / 4 && checks.refused > 0)
        #expect(checks.hostile > 0, "the generated files carry hostile text into the data")
    }

    @Test func aGiantUnterminatedQuoteIsBounded() {
        var checks = LayerFuzzChecks()
        let field = "\"" + FuzzText.giant(1 << 20)
        checks.check(Array("lat,lon,name\n1,2,\(field)".utf8), format: .csv)
        #expect(checks.loaded + checks.refused == 1)
    }

    // MARK: Generators

    static func file(delimiter: String, using rng: inout SeededGenerator) -> String {
        var headers = [
            ["lat", "latitude", "Y", "LAT"].randomElement(using: &rng)!,
            ["lon", "lng", "Longitude", "x"].randomElement(using: &rng)!,
        ]
        if Bool.random(using: &rng) { headers.append(["name", "title", "Label"].randomElement(using: &rng)!) }
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            headers.append(FuzzText.random(using: &rng, giantLength: 2_000))
        }
        headers.shuffle(using: &rng)
        var lines = [headers.map { field($0, delimiter: delimiter) }.joined(separator: delimiter)]
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let cells = headers.map { header -> String in
                switch header.lowercased() {
                case "lat", "latitude", "y": return number(-90...90, using: &rng)
                case "lon", "lng", "longitude", "x": return number(-180...180, using: &rng)
                default: return field(FuzzText.random(using: &rng), delimiter: delimiter)
                }
            }
            let count =
                Int.random(in: 0..<10, using: &rng) == 0
                ? Int.random(in: 0...cells.count + 2, using: &rng) : cells.count
            lines.append((cells + cells).prefix(count).joined(separator: delimiter))
        }
        return lines.joined(separator: "\n")
    }

    static func number(_ range: ClosedRange<Double>, using rng: inout SeededGenerator) -> String {
        Int.random(in: 0..<10, using: &rng) == 0
            ? FuzzText.extremeNumbers.randomElement(using: &rng)! : String(Double.random(in: range, using: &rng))
    }

    /// `text` quoted when it holds the delimiter, a quote or a line break (quotes doubled).
    static func field(_ text: String, delimiter: String) -> String {
        guard text.contains(delimiter) || text.contains("\"") || text.contains("\n") || text.contains("\r") else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
