import Testing
import TileSources

@testable import mapterm

/// `mapterm download` refuses, from the source's text alone, the services whose terms forbid bulk
/// copies, however the source is given; other sources pass.
struct DownloadRefusalTests {
    @Test(arguments: [
        "https://tiles.openfreemap.org/planet", "https://tiles.openfreemap.org/planet/20261201_001/{z}/{x}/{y}.pbf",
        "https://tiles.openstreetmap.us/vector/openmaptiles.json",
        "https://tiles.openstreetmap.us/vector/openmaptiles/{z}/{x}/{y}.mvt",
        "https://vector.openstreetmap.org/shortbread_v1/tilejson.json",
        "https://vector.openstreetmap.org/shortbread_v1/{z}/{x}/{y}.mvt",
        "http://a.tiles.openfreemap.org/x.pmtiles",
    ])
    func servicesForbiddingCopiesAreRefused(source: String) throws {
        let line = try #require(DownloadCommand.refusal(try TileSourceSpec(parsing: source)))
        #expect(line.contains("does not allow bulk downloads") && line.contains("build.protomaps.com"))
    }

    @Test(arguments: [
        "https://build.protomaps.com/20261201.pmtiles", "https://tiles.versatiles.org/tiles/osm/{z}/{x}/{y}",
        "http://127.0.0.1:8080/tiles/{z}/{x}/{y}.pbf", "https://example.org/openfreemap.org/tiles.json",
    ])
    func otherSourcesPass(source: String) throws {
        #expect(DownloadCommand.refusal(try TileSourceSpec(parsing: source)) == nil)
    }
}
