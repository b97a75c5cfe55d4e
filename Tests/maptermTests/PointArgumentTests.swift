import GeoCore
import Testing
import TileSources

@testable import mapterm

/// One point parser for every option that takes a point: each form through each option.
struct PointArgumentTests {
    /// Paris, Notre-Dame, in every form, and the point each spells.
    static let forms: [(String, LatLon)] = [
        ("48.8566,2.3522", LatLon(lat: 48.8566, lon: 2.3522)),
        ("48.8566 2.3522", LatLon(lat: 48.8566, lon: 2.3522)),
        ("48°51'N 2°21'E", LatLon(lat: 48 + 51 / 60.0, lon: 2 + 21 / 60.0)),
        ("48°51′36″N 2°21′36″E", LatLon(lat: 48.86, lon: 2.36)),
        ("N 48 51.6 E 2 21.6", LatLon(lat: 48.86, lon: 2.36)),
        ("2°21'E 48°51'N", LatLon(lat: 48 + 51 / 60.0, lon: 2 + 21 / 60.0)),
        ("geo:48.8566,2.3522", LatLon(lat: 48.8566, lon: 2.3522)),
        ("33°52'S 151°12'E", LatLon(lat: -(33 + 52 / 60.0), lon: 151.2)),
    ]

    /// Every option that takes a point, reading `text` as that option does.
    static let readers: [(String, @Sendable (String) throws -> LatLon?)] = [
        (
            "--center",
            { text in
                guard case .point(let point) = try OptionTable.center.parse(text) else { return nil }
                return point
            }
        ),
        ("places --near", { try OptionTable.placesNear.parse($0) }),
        ("search --near", { try OptionTable.searchNear.parse($0) }),
        ("download --around", { try OptionTable.around.parse($0) }),
        (
            "--location",
            { text in
                let args = try InteractiveCommand.spec.parse(["--location", text])
                return try configuration(args, environment: [:]).location?.value.get().fixedPoint
            }
        ),
        (
            "MAPTERM_LOCATION",
            { text in
                let args = try InteractiveCommand.spec.parse([])
                return try configuration(args, environment: ["MAPTERM_LOCATION": text]).location?.value.get().fixedPoint
            }
        ),
    ]

    static func configuration(_ args: ArgumentList, environment: [String: String]) throws -> MapConfiguration {
        try MapConfiguration(args, environment: environment, settings: UserConfig())
    }

    @Test func everyFormThroughEveryOption() throws {
        for (option, read) in Self.readers {
            for (text, expected) in Self.forms {
                let point = try #require(try read(text), "\(option) \(text)")
                #expect(
                    abs(point.lat - expected.lat) < 1e-9 && abs(point.lon - expected.lon) < 1e-9,
                    "\(option) \(text): \(point)")
            }
        }
    }

    @Test func offTheEarthIsRefusedNamingTheOption() throws {
        for (option, read) in Self.readers {
            for text in ["91,0", "0,181", "91°N 0°E"] {
                let error = try #require(throws: UsageError.self, "\(option) \(text)") { _ = try read(text) }
                #expect(error.description.contains("out of range"), "\(option) \(text): \(error)")
            }
        }
        let error = try #require(throws: UsageError.self) { try PointArgument.parse("0,181", option: "near") }
        #expect(error.description == "--near: longitude 181 is out of range: it must lie in -180...180")
    }

    @Test func notAPointIsRefusedNamingTheOption() throws {
        for option in ["near", "around", "location"] {
            let error = try #require(throws: UsageError.self) { try PointArgument.parse("1;2", option: option) }
            #expect(error.description.hasPrefix("--\(option) must be LAT,LON"), "\(error)")
            #expect(error.description.contains("(got '1;2')"), "\(error)")
        }
        #expect(throws: UsageError.self) { try OptionTable.center.parse("1;2") }
    }

    @Test func aCenterWithLettersIsANameLeftForTheSetUp() throws {
        #expect(try OptionTable.center.parse("San Francisco") == .named("San Francisco"))
        let error = try #require(throws: UsageError.self) { try OptionTable.center.parse("Par\u{1b}[31mis") }
        #expect(error.description.contains("without control characters"))
    }
}
