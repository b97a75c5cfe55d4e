import Foundation
import Network
import Testing
import TileSources

@testable import mapterm

/// Which router the map and `mapterm route` ask.
@Suite struct RouterSetupTests {
    @Test func theDefaultIsFOSSGISsPublicServers() throws {
        let setup = try RouterSetup.make(option: nil, config: UserConfig(), offline: false)
        #expect(setup.finder != nil)
        #expect(setup.whyNone == nil)
        #expect(setup.credit == "routes: OSRM at routing.openstreetmap.de, © OpenStreetMap contributors")
        #expect(try RouterSetup.endpoints(option: nil, config: UserConfig()) == .fossgis)
    }

    @Test func theOptionWinsOverTheSettings() throws {
        var config = UserConfig()
        config.router = .all(URL(string: "https://from.settings")!)
        let setup = try RouterSetup.make(option: "http://127.0.0.1:5055", config: config, offline: false)
        #expect(setup.credit == "routes: OSRM at 127.0.0.1:5055, © OpenStreetMap contributors")
        #expect(
            try RouterSetup.endpoints(option: nil, config: config)
                == RouterEndpoints(all: URL(string: "https://from.settings")!))
    }

    @Test func theSettingsMayNameOneRouterPerProfile() throws {
        var config = UserConfig()
        config.router = .perProfile([
            "car": URL(string: "http://a.example:1")!, "foot": URL(string: "http://b.example")!,
        ])
        let endpoints = try RouterSetup.endpoints(option: nil, config: config)
        #expect(endpoints.base(for: .car) == URL(string: "http://a.example:1"))
        #expect(endpoints.base(for: .bike) == nil)
        #expect(endpoints.credit == "routes: OSRM at a.example:1 and b.example, © OpenStreetMap contributors")
    }

    @Test func offlineAsksNoRouter() throws {
        let setup = try RouterSetup.make(option: "http://127.0.0.1:5055", config: UserConfig(), offline: true)
        #expect(setup.finder == nil)
        #expect(setup.whyNone == "--offline")
    }

    @Test(arguments: ["ftp://x.example", "127.0.0.1:5000", "", "http://", "https://a.example/?q=1", "\u{1B}[2J"])
    func aBadRouterOptionIsAUsageError(_ text: String) {
        #expect(throws: UsageError.self) { try RouterSetup.make(option: text, config: UserConfig(), offline: false) }
        // --offline asks none, and still refuses a malformed one.
        #expect(throws: UsageError.self) { try RouterSetup.make(option: text, config: UserConfig(), offline: true) }
    }

    @Test func theMapConfigurationCarriesTheRouter() throws {
        let args = try InteractiveCommand.spec.parse(["--router", "http://127.0.0.1:9"])
        let configuration = try MapConfiguration(args, environment: [:], settings: UserConfig())
        #expect(configuration.router.credit == "routes: OSRM at 127.0.0.1:9, © OpenStreetMap contributors")
        let offline = try MapConfiguration(
            try InteractiveCommand.spec.parse(["--offline"]), environment: [:], settings: UserConfig())
        #expect(offline.router.finder == nil)
    }
}
