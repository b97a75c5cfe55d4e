import Testing
import TileSources

/// The table of tile services' terms: looked up by host (subdomains too, nothing else), which refuse
/// bulk copies and why, and the cache minimum.
struct TileServiceTermsTests {
    @Test(arguments: [
        ("tiles.openfreemap.org", "OpenFreeMap"), ("TILES.OpenFreeMap.org.", "OpenFreeMap"),
        ("a.tiles.openfreemap.org", "OpenFreeMap"), ("tiles.openstreetmap.us", "the OpenStreetMap US tile service"),
        ("vector.openstreetmap.org", "the OpenStreetMap Foundation's vector tiles"),
        ("tiles.versatiles.org", "VersaTiles"), ("build.protomaps.com", "Protomaps daily builds"),
    ])
    func aServiceIsFoundByItsHostOrASubdomain(host: String, name: String) {
        #expect(TileServiceTerms.forHost(host)?.name == name)
    }

    @Test(arguments: [
        "openfreemap.org", "eviltiles.openfreemap.org", "tiles.openfreemap.org.example.com", "openstreetmap.org",
        "tile.openstreetmap.org", "127.0.0.1", "",
    ])
    func otherHostsHaveNoTerms(host: String) {
        #expect(TileServiceTerms.forHost(host) == nil)
    }

    @Test func exactlyTheServicesForbiddingCopiesRefuseDownloads() throws {
        let refusing = TileServiceTerms.all.filter { $0.downloadRefusal != nil }.map(\.host)
        #expect(refusing == ["tiles.openfreemap.org", "tiles.openstreetmap.us", "vector.openstreetmap.org"])
        let line = try #require(TileServiceTerms.forHost("tiles.openfreemap.org")?.downloadRefusal)
        #expect(!line.contains("\n") && line.contains("does not allow bulk downloads"))
        #expect(line.contains("--tiles https://build.protomaps.com/YYYYMMDD.pmtiles"))
    }

    @Test func everyServiceHasItsCredits() {
        for terms in TileServiceTerms.all {
            #expect(!terms.credit.isEmpty && !terms.shortCredit.isEmpty && terms.shortCredit.count <= 50)
        }
        #expect(
            TileServiceTerms.forHost("tiles.openfreemap.org")?.shortCredit
                == "OpenFreeMap © OpenMapTiles © OpenStreetMap")
    }

    @Test func theMinimumRaisesOnlyShorterLifetimesOfItsHost() {
        let week = 7 * 86_400.0
        let osmf = "vector.openstreetmap.org"
        #expect(TileServiceTerms.cacheSeconds(served: 60, fallback: 1, host: osmf) == week)
        #expect(TileServiceTerms.cacheSeconds(served: 0, fallback: 1, host: osmf) == week)
        #expect(TileServiceTerms.cacheSeconds(served: 30 * 86_400, fallback: 1, host: osmf) == 30 * 86_400)
        #expect(TileServiceTerms.cacheSeconds(served: nil, fallback: 5, host: osmf) == week)
        #expect(TileServiceTerms.cacheSeconds(served: 60, fallback: 1, host: "tiles.openfreemap.org") == 60)
        #expect(TileServiceTerms.cacheSeconds(served: nil, fallback: 5, host: "example.org") == 5)
    }
}
