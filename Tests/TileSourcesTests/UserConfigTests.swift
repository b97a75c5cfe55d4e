import Foundation
import Testing
import TileSources

/// The settings file parser: what it reads and what it refuses.
@Suite struct UserConfigTests {
    @Test func aFullFileIsRead() throws {
        let text = """
            {"tiles": "https://t.example/x.json", "tile_cache_mb": 50, "tile_max_age_days": 1.5,
             "layers": ["a.geojson", "b.csv"], "unknown": {"x": [1]}}
            """
        let config = try UserConfig.parse(Data(text.utf8))
        var expected = UserConfig(
            tiles: ["https://t.example/x.json"], tileCacheMB: 50, tileMaxAgeDays: 1.5, layers: ["a.geojson", "b.csv"])
        expected.unknownKeys = ["unknown"]
        #expect(config == expected)
    }

    @Test func unknownKeysAreKeptForAWarning() throws {
        let config = try UserConfig.parse(
            Data(#"{"tiles": [], "colour": "red", "Tiles": 1, "source": "embedded"}"#.utf8))
        #expect(config.unknownKeys == ["Tiles", "colour"])
        #expect(config.tiles == [] && config.source == "embedded")
        #expect(try UserConfig.parse(Data("{}".utf8)).unknownKeys.isEmpty)
    }

    /// Regression: the cache size was converted to `Int` before its range check, and Foundation wraps
    /// numbers past `Int64` (2⁶⁴ became 0 MB, 2⁶⁴ + 100 became 100 MB), so they were taken as valid.
    @Test func cacheSizesPastInt64AreRefusedNotWrapped() {
        for number in ["18446744073709551616", "18446744073709551716", "1e19", "-1e300"] {
            #expect(
                throws: UserConfigError.outOfRange(key: "tile_cache_mb", expected: UserConfig.cacheSizeRule)
            ) {
                try UserConfig.parse(Data("{\"tile_cache_mb\": \(number)}".utf8))
            }
        }
    }

    @Test func aFractionalCacheSizeIsRefused() {
        #expect(throws: UserConfigError.outOfRange(key: "tile_cache_mb", expected: UserConfig.cacheSizeRule)) {
            try UserConfig.parse(Data("{\"tile_cache_mb\": 50.7}".utf8))
        }
    }

    @Test func thePlaceSourceIsReadAndMustBeANonEmptyString() throws {
        #expect(try UserConfig.parse(Data("{\"source\": \"embedded\"}".utf8)).source == "embedded")
        #expect(try UserConfig.parse(Data("{}".utf8)).source == nil, "no key: the default source")
        for bad in ["\"\"", "[\"refuge\"]", "7", "null"] {
            #expect(throws: UserConfigError.self, "\(bad)") {
                try UserConfig.parse(Data("{\"source\": \(bad)}".utf8))
            }
        }
    }

    @Test func wrongTypesAreNamed() {
        #expect(throws: UserConfigError.notStrings(key: "layers")) {
            try UserConfig.parse(Data("{\"layers\":[1]}".utf8))
        }
        #expect(throws: UserConfigError.notAnObject) { try UserConfig.parse(Data("[]".utf8)) }
        #expect(
            UserConfigError.notStrings(key: "tiles").message(file: "/c.json")
                == "\"tiles\" in /c.json must be a string or a list of strings")
    }
}
