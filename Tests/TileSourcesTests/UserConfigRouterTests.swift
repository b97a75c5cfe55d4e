import Foundation
import Testing
import TileSources

/// `"router"` in the settings file: one URL, or one per profile; anything else is refused in one line.
@Suite struct UserConfigRouterTests {
    func parse(_ json: String) throws -> UserConfig { try UserConfig.parse(Data(json.utf8)) }

    @Test func oneURLServesEveryProfile() throws {
        let config = try parse(#"{"router": "http://127.0.0.1:5000"}"#)
        #expect(config.router == .all(URL(string: "http://127.0.0.1:5000")!))
        #expect(try parse("{}").router == nil)
    }

    @Test func anObjectNamesOneURLPerProfile() throws {
        let config = try parse(
            #"{"router": {"car": "https://r.example/car", "foot": "https://r.example/foot/"}}"#)
        #expect(
            config.router
                == .perProfile([
                    "car": URL(string: "https://r.example/car")!, "foot": URL(string: "https://r.example/foot/")!,
                ]))
    }

    @Test(arguments: [
        #"{"router": 5}"#, #"{"router": ""}"#, #"{"router": ["http://a.example"]}"#, #"{"router": null}"#,
        #"{"router": "ftp://a.example"}"#, #"{"router": "file:///etc/passwd"}"#, #"{"router": "http://"}"#,
        #"{"router": "not a url"}"#, #"{"router": "http://a.example/?x=1"}"#, #"{"router": {}}"#,
        #"{"router": {"plane": "http://a.example"}}"#, #"{"router": {"car": 1}}"#,
        #"{"router": {"car": "gopher://a.example"}}"#, #"{"router": true}"#,
    ])
    func wrongValuesAreRefusedInOneLine(_ json: String) throws {
        let error = #expect(throws: UserConfigError.self) { try parse(json) }
        #expect(error == .outOfRange(key: "router", expected: UserConfig.routerRule))
        let line = try #require(error).message(file: "/x/config.json")
        #expect(line.hasPrefix(#""router" in /x/config.json must be an http(s) URL"#))
        #expect(!line.contains("\n"))
    }
}
