import GeoCore
import MapFeature
import Testing
import TileSources

@testable import mapterm

/// The configuration is made from the arguments, the environment and the settings, opening nothing.
struct MapConfigurationTests {
    func configuration(_ arguments: [String], environment: [String: String] = [:], settings: UserConfig = UserConfig())
        throws -> MapConfiguration
    {
        try MapConfiguration(InteractiveCommand.spec.parse(arguments), environment: environment, settings: settings)
    }

    @Test func theOptionsAreTheirParsedValues() throws {
        let made = try configuration([
            "--center", "Atlantis", "--zoom", "4.5", "--tiles", "a.mbtiles", "--ascii", "--hide", "airport", "--ada",
            "--source", "refuge", "--api-base", "http://localhost:1",
        ])
        #expect(made.center == .named("Atlantis"))
        #expect(made.zoom == 4.5)
        #expect(made.tiles == ["a.mbtiles"])
        #expect(made.ascii)
        #expect(!made.filter.kinds.contains(.airport) && made.filter.kinds.contains(.restroom))
        #expect(made.filter.amenities.contains(.accessible))
        #expect(made.placeSource == "refuge" && made.apiBase == "http://localhost:1")
        #expect(made.location == nil)
    }

    @Test func hideTakesTheKindsOfTheMapsTiles() throws {
        let made = try configuration(["--hide", "cafe,drinking_water,station,atm,hospital,pharmacy,restaurant"])
        #expect(made.filter.kinds == [.restroom, .airport, .heliport, .seaplaneBase, .balloonport])
        #expect(try configuration(["--hide", "restroom"]).filter.kinds.contains(.cafe))
    }

    @Test func filesAndLocationComeFromTheEnvironment() throws {
        let environment = [
            "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "MAPTERM_LOCATION": "1,2",
        ]
        let made = try configuration([], environment: environment)
        #expect(made.pinsURL.path.hasPrefix("/d/"))
        #expect(made.lastView.url.path == "/s/mapterm/view.json")
        #expect(made.tileCacheURL.path == "/c/mapterm/tiles")
        #expect(try made.location?.value.get().fixedPoint == LatLon(lat: 1, lon: 2))
        let given = try configuration(["--location", "3,4"], environment: environment)
        #expect(try given.location?.value.get().fixedPoint == LatLon(lat: 3, lon: 4))
    }

    @Test func layersComeFromTheSettingsWithoutLayerOptions() throws {
        var settings = UserConfig()
        settings.layers = ["/a.geojson:color=red"]
        #expect(try configuration([], settings: settings).layers.specs.map(\.path) == ["/a.geojson"])
        #expect(try configuration(["--layer", "/b.gpx"], settings: settings).layers.specs.map(\.path) == ["/b.gpx"])
    }

    @Test func thePlaceSourceIsTheOptionsElseTheSettingsElseTheDefault() throws {
        #expect(try configuration([]).placeSource == nil, "the default: the database and the live API")
        var settings = UserConfig()
        settings.source = "embedded"
        #expect(try configuration([], settings: settings).placeSource == "embedded")
        #expect(try configuration(["--source", "refuge"], settings: settings).placeSource == "refuge")
        #expect(try configuration(["--offline"]).offline)
    }

    @Test func aBadLocationIsKeptForTheAlert() throws {
        let made = try configuration([], environment: ["MAPTERM_LOCATION": "123,456"])
        let location = try #require(made.location)
        #expect(throws: UsageError.self) { try location.value.get() }
        let alert = try #require(StartupState.alert(location: location, pinsProblem: nil))
        #expect(alert.title == "Location '123,456' is not valid.")
        #expect(alert.detail?.contains("LAT,LON") == true)
        #expect(StartupState.alert(location: nil, pinsProblem: nil) == nil)
    }

    @Test func aBadLocationOptionSaysTheRange() throws {
        let location = #expect(throws: UsageError.self) { try configuration(["--location", "999,0"]) }
        #expect(location?.description == "--location: latitude 999 is out of range: it must lie in -90...90")
        let center = #expect(throws: UsageError.self) { try configuration(["--center", "91,0"]) }
        #expect(center?.description == "--center: latitude 91 is out of range: it must lie in -90...90")
    }

    @Test func badValuesAreUsageErrors() throws {
        for arguments in [
            ["--zoom", "x"], ["--hide", "cats"], ["--trail", "5"], ["--center", "91,0"], ["--location", "999,0"],
        ] {
            #expect(throws: UsageError.self, "\(arguments)") { try configuration(arguments) }
        }
    }
}
