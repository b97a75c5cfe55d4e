import Foundation
import Testing
import TileSources

/// Which tile sources the map uses: `--tiles`, else the settings file's, else OpenFreeMap's planet.
@Suite struct DefaultTilesTests {
    @Test func givenThenConfiguredThenTheDefault() throws {
        #expect(DefaultTiles.texts(given: ["a.mbtiles"], configured: ["b.mbtiles"]) == ["a.mbtiles"])
        #expect(DefaultTiles.texts(given: [], configured: ["b.mbtiles"]) == ["b.mbtiles"])
        #expect(DefaultTiles.texts(given: [], configured: []) == [], "\"tiles\": [] asks for none")
        #expect(DefaultTiles.texts(given: [], configured: nil) == [DefaultTiles.source])
        #expect(try TileSourceSpec(parsing: DefaultTiles.source) == .tileJSON(URL(string: DefaultTiles.source)!))
    }

    @Test func theSettingsFileTellsNoneFromUnsaid() throws {
        #expect(try UserConfig.parse(Data(#"{"tiles": []}"#.utf8)).tiles == [])
        #expect(try UserConfig.parse(Data(#"{"tile_cache_mb": 5}"#.utf8)).tiles == nil)
    }
}
