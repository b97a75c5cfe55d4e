import Foundation
import TestSupport
import Testing
import TextSafety
import TileSources

/// Seeded structure-aware fuzzing of the settings file parser: random well-formed settings (which must
/// read back exactly), then wrong types, extreme numbers, duplicate keys, deep nesting and damage.
@Suite struct UserConfigFuzzTests {
    static let tokens = [
        "{", "}", "[", "]", ",", ":", "\"", "\"tiles\":", "\"layers\":", "\"tile_cache_mb\":", "\"tile_max_age_days\":",
        "true", "null", "\\u0000", "\\uDFFF",
    ]

    @Test func generatedSettingsParseSafely() {
        var parsed = 0
        var refused = 0
        let figures = FuzzMeter.run("config", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x636F_6E66)) {
            _, rng in
            let (text, expected) = Self.settings(using: &rng)
            let mutated = Bool.random(using: &rng)
            let bytes =
                mutated ? FuzzMutator.mutate(Array(text.utf8), tokens: Self.tokens, using: &rng) : Array(text.utf8)
            do throws(UserConfigError) {
                let config = try UserConfig.parse(Data(bytes))
                parsed += 1
                if !mutated { #expect(Self.same(config, expected), "read back wrong: \(text.prefix(300))") }
                #expect((0...1_000_000).contains(config.tileCacheMB))
                #expect((0...3650).contains(config.tileMaxAgeDays))
            } catch {
                refused += 1
                #expect(mutated || expected == nil, "a valid file is refused: \(text.prefix(300))")
                let shown = TextSanitizer.clean("/home/\u{1B}]0;x\u{07}/config.json", maxLength: 200)
                #expect(FuzzText.isTerminalSafe(error.message(file: shown)))
            }
        }
        FuzzMeter.expectBounded(figures)
        #expect(parsed > figures.cases / 4 && refused > 0)
    }

    @Test func extremeNumbersAreRefusedWithoutTrapping() throws {
        for number in ["1e308", "-1e308", "1e300", "9.3e18", "-9.3e18", "-0", "1e-400", "1000000.9"] {
            for key in ["tile_cache_mb", "tile_max_age_days"] {
                let result = Result { () throws(UserConfigError) in
                    try UserConfig.parse(Data("{\"\(key)\":\(number)}".utf8))
                }
                switch result {
                case .success(let config):
                    #expect(config.tileCacheMB <= 1_000_000 && config.tileMaxAgeDays <= 3650, "\(key): \(number)")
                case .failure(.outOfRange(key, _)): break
                case .failure(let error): Issue.record("\(key): \(number) refused as \(error), not out of range")
                }
            }
        }
        #expect(
            throws: UserConfigError.outOfRange(key: "tile_cache_mb", expected: UserConfig.cacheSizeRule)
        ) {
            try UserConfig.parse(Data("{\"tile_cache_mb\":1e300}".utf8))
        }
    }

    @Test func aFileOverTheLimitIsRefusedAndOneUnderItRead() throws {
        let giant = FuzzJSON.string(FuzzText.giant(UserConfig.maximumBytes / 2))
        #expect(throws: UserConfigError.tooLarge) { try UserConfig.parse(Data("{\"tiles\":[\(giant),\(giant)]}".utf8)) }
        let config = try UserConfig.parse(Data("{\"layers\":\(FuzzJSON.string(FuzzText.giant(100_000)))}".utf8))
        #expect(config.layers.count == 1)
    }

    @Test func nestingPastTheLimitIsRefused() {
        let deep = { (levels: Int) in Data(("{\"x\":" + FuzzJSON.nested("1", levels: levels) + "}").utf8) }
        #expect(throws: Never.self, "an unknown key nested 500 levels is ignored") { try UserConfig.parse(deep(500)) }
        #expect(throws: UserConfigError.notAnObject) { try UserConfig.parse(deep(100_000)) }
        #expect(throws: UserConfigError.notStrings(key: "tiles")) {
            try UserConfig.parse(Data(("{\"tiles\":" + FuzzJSON.nested("\"a\"", levels: 100) + "}").utf8))
        }
        #expect(throws: UserConfigError.notAnObject, "Foundation's parser refuses nesting past 512 levels") {
            try UserConfig.parse(Data(("{\"tiles\":" + FuzzJSON.nested("\"a\"", levels: 600) + "}").utf8))
        }
    }

    /// True when `config` holds what was written: the same texts (but for U+FEFF, which Foundation's
    /// JSON parser drops inside strings) and numbers equal to 1e-12 (its parser rounds the last digit).
    static func same(_ config: UserConfig, _ expected: UserConfig?) -> Bool {
        guard let expected else { return false }
        let withoutBOM = { (list: [String]) in list.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") } }
        return config.tiles.map(withoutBOM) == expected.tiles.map(withoutBOM)
            && withoutBOM(config.layers) == withoutBOM(expected.layers) && config.tileCacheMB == expected.tileCacheMB
            && abs(config.tileMaxAgeDays - expected.tileMaxAgeDays) <= 1e-12 * max(1, expected.tileMaxAgeDays)
    }

    // MARK: Generators

    /// A settings file and what it holds; nil when a generated value is out of range (then refused).
    static func settings(using rng: inout SeededGenerator) -> (String, UserConfig?) {
        var expected: UserConfig? = UserConfig()
        var members: [String] = []
        for key in ["tiles", "layers", "tile_cache_mb", "tile_max_age_days", "other"].shuffled(using: &rng)
        where Bool.random(using: &rng) {
            switch key {
            case "tiles", "layers":
                let list = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    FuzzText.random(using: &rng)
                }
                if key == "tiles" { expected?.tiles = list } else { expected?.layers = list }
                members.append("\"\(key)\":[" + list.map(FuzzJSON.string).joined(separator: ",") + "]")
            case "tile_cache_mb" where Int.random(in: 0..<10, using: &rng) == 0:
                // Past Int64: once wrapped into range by NSNumber.intValue (2^64 + 100 read as 100).
                let huge = ["18446744073709551616", "18446744073709551716", "9223372036854775808", "1e19", "-1e300"]
                expected = nil
                members.append("\"\(key)\":" + huge.randomElement(using: &rng)!)
            case "tile_cache_mb":
                let mb = Int.random(in: -10...1_000_010, using: &rng)
                expected?.tileCacheMB = mb
                if !(0...1_000_000).contains(mb) { expected = nil }
                members.append("\"\(key)\":\(mb)")
            case "tile_max_age_days":
                let days = Double.random(in: -1...3651, using: &rng)
                expected?.tileMaxAgeDays = days
                if !(0...3650).contains(days) { expected = nil }
                members.append("\"\(key)\":\(days)")
            default:
                let text = FuzzJSON.string(FuzzText.random(using: &rng))
                members.append("\"\(key)\":" + FuzzJSON.nested(text, levels: Int.random(in: 0...5, using: &rng)))
            }
        }
        return ("{" + members.joined(separator: ",") + "}", expected)
    }
}
