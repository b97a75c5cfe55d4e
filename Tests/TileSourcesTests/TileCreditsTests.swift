import Testing
import TileSources
import VectorTiles

/// The short credit in the map's corner: the names each source's attribution credits, merged over the
/// sources drawn, and its shorter forms for narrow screens.
@Suite struct TileCreditsTests {
    static let credits = TileCredits(
        ids: [TileSourceID("world"), TileSourceID("city"), TileSourceID("planet"), TileSourceID("odd")],
        attributions: [
            "Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com.",
            "© OpenStreetMap contributors, ODbL · © OpenMapTiles",
            #"OpenFreeMap © OpenMapTiles Data from OpenStreetMap"#,
            "Tiles by a friend, with a long credit that goes on and on",
        ])

    @Test func theCornerNamesWhatIsDrawnServiceFirst() {
        let all = Self.credits.corner(drawn: [
            TileSourceID("world"): 3, TileSourceID("city"): 1, TileSourceID("planet"): 2,
        ])
        #expect(
            all == [
                "OpenFreeMap © OpenMapTiles © OpenStreetMap · Natural Earth",
                "OpenFreeMap © OpenMapTiles © OpenStreetMap",
                "OpenFreeMap © OpenStreetMap", "© OpenStreetMap",
            ])
        #expect(Self.credits.corner(drawn: [TileSourceID("world"): 1]) == ["Natural Earth"])
        #expect(
            Self.credits.corner(drawn: [TileSourceID("world"): 0]) == [], "a source drawing nothing is not credited")
    }

    @Test func anUnknownCreditIsItsTextCut() {
        let corner = Self.credits.corner(drawn: [TileSourceID("odd"): 1])
        #expect(corner == ["Tiles by a friend, with a long credit t…"], "39 characters and an ellipsis")
    }

    @Test func theFullTextKeepsEveryAttributionOnce() {
        let twice = TileCredits(ids: [TileSourceID("a"), TileSourceID("b")], attributions: ["© me", "© me"])
        #expect(twice.full == "© me")
        #expect(Self.credits.full.hasPrefix("Made with Natural Earth."))
        let hostile = TileCredits(ids: [TileSourceID("x")], attributions: ["\u{1B}[31m© OpenStreetMap\u{7}"])
        #expect(!hostile.full.unicodeScalars.contains { $0.value < 0x20 }, "control characters are removed")
    }
}

/// A service's own credit (`TileServiceTerms`) joins what its source states, or stands in for it.
@Suite struct TileCreditsServiceTests {
    @Test func aServiceCreditJoinsOrStandsIn() throws {
        let osmUS = try #require(TileServiceTerms.forHost("tiles.openstreetmap.us"))
        let credits = TileCredits(
            ids: [TileSourceID("us"), TileSourceID("silent")], attributions: ["© OpenStreetMap contributors", nil],
            services: [osmUS.credit, "VersaTiles © OpenStreetMap contributors"])
        #expect(credits.corner(drawn: [TileSourceID("us"): 1]).first == "OSM US © OpenMapTiles © OpenStreetMap")
        #expect(credits.corner(drawn: [TileSourceID("silent"): 1]).first == "VersaTiles © OpenStreetMap")
        #expect(credits.full == "© OpenStreetMap contributors · VersaTiles © OpenStreetMap contributors")
    }
}
