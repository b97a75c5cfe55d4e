import Foundation
import Network
import TestSupport
import Testing
import TileSources

/// What `--tiles` values and TileJSON documents become, and the HTTP headers tile fetching obeys.
@Suite struct TileSourceParsingTests {
    @Test func urlsAreToldApart() throws {
        #expect(
            try TileSourceSpec(parsing: "https://t.example.org/{z}/{x}/{y}.pbf")
                == .template("https://t.example.org/{z}/{x}/{y}.pbf"))
        #expect(
            try TileSourceSpec(parsing: "https://t.example.org/planet.pmtiles")
                == .remotePMTiles(URL(string: "https://t.example.org/planet.pmtiles")!))
        #expect(
            try TileSourceSpec(parsing: "HTTP://t.example.org/planet")
                == .tileJSON(URL(string: "HTTP://t.example.org/planet")!))
        #expect(throws: TileSourceError.self) { try TileSourceSpec(parsing: "ftp://t.example.org/x") }
        #expect(throws: TileSourceError.self) { try TileSourceSpec(parsing: "  ") }
    }

    @Test func filesAreToldApartByTheirFirstBytes() throws {
        let monaco = RepositoryPaths.resource("monaco.mbtiles").path
        #expect(try TileSourceSpec(parsing: monaco) == .mbtiles(path: monaco))
        let archive = RepositoryPaths.root.appendingPathComponent("Tests/VectorTilesTests/Fixtures/monaco.pmtiles").path
        #expect(try TileSourceSpec(parsing: archive) == .pmtiles(path: archive))
        for (path, reason) in [
            ("/etc/hostname", "not an MBTiles or PMTiles file"), ("/nonexistent/x.mbtiles", "no such file"),
            ("/tmp", "is a folder"), ("/dev/null", "not a regular file"),
        ] {
            #expect(throws: TileSourceError.self) { try TileSourceSpec(parsing: path) }
            do {
                _ = try TileSourceSpec(parsing: path)
            } catch {
                #expect(error.description.contains(reason), "\(path): \(error)")
            }
        }
    }

    @Test func aTileJSONGivesItsTemplateZoomsBoundsLayersAndPlainAttribution() throws {
        let text = """
            {"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "minzoom": 2, "maxzoom": 15,
             "bounds": [-10, 40, 5, 50], "name": "Test\\u001b[31m set",
             "attribution": "<a href=\\"https://osm.org\\">&copy; OpenStreetMap</a> <b>contributors</b>",
             "vector_layers": [{"id": "water"}, {"id": "transportation"}]}
            """
        let document = try TileJSON(data: Data(text.utf8), base: URL(string: "https://t.example.org/v1/tiles.json"))
        #expect(document.template == "https://t.example.org/v1/tiles/{z}/{x}/{y}.pbf")
        #expect(document.minZoom == 2 && document.maxZoom == 15)
        #expect(document.bounds?.west == -10 && document.bounds?.north == 50)
        #expect(document.attribution == "© OpenStreetMap contributors")
        #expect(document.vectorLayers == ["water", "transportation"])
        #expect(document.name?.contains("\u{1B}") == false)
        let metadata = document.metadata(fallbackName: "x")
        #expect(metadata.layerMismatch(drawn: ["water"]) == nil)
        #expect(metadata.layerMismatch(drawn: ["roads"])?.contains("water, transportation") == true)
    }

    @Test func aTileJSONWithoutUsableTilesIsOneLine() {
        for text in ["[]", "{\"name\": \"x\"}", "{\"tiles\": []}", "{\"tiles\": [\"https://x/a.pbf\"]}", "not json"] {
            #expect(throws: TileSourceError.self) { try TileJSON(data: Data(text.utf8), base: nil) }
        }
    }

    @Test func cacheControlAndRetryAfterAreRead() {
        #expect(HTTPResponse(status: 200, headers: ["cache-control": "public, max-age=3600"]).maxAge() == 3600)
        #expect(HTTPResponse(status: 200, headers: ["cache-control": "max-age=600", "age": "100"]).maxAge() == 500)
        #expect(HTTPResponse(status: 200, headers: ["cache-control": "no-cache"]).maxAge() == 0)
        #expect(HTTPResponse(status: 200).maxAge() == nil)
        #expect(HTTPResponse(status: 429, headers: ["retry-after": "7"]).retryAfter() == 7)
        let now = Date(timeIntervalSince1970: 1_000_000_000)
        let date = HTTPResponse(status: 503, headers: ["retry-after": "Sun, 09 Sep 2001 01:47:00 GMT"])
        #expect(abs((date.retryAfter(now: now) ?? 0) - 20) < 0.01, "01:47:00 is 20 s after 01:46:40")
        #expect(HTTPResponse(status: 503, headers: ["retry-after": "soon"]).retryAfter() == nil)
    }

    @Test func aTemplateNeedsHTTPAndAllThreePlaceholders() throws {
        #expect(throws: TileFetchError.self) { try TileServerClient(template: "https://x/{z}/{x}.pbf") }
        #expect(throws: TileFetchError.self) { try TileServerClient(template: "file:///{z}/{x}/{y}") }
        let client = try TileServerClient(template: "https://a.example.org/t/{z}/{x}/{y}.pbf")
        #expect(client.url(for: .init(z: 3, x: -1, y: 2))?.absoluteString == "https://a.example.org/t/3/7/2.pbf")
        #expect(client.host == "a.example.org")
    }
}
