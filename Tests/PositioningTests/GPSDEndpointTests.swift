import Positioning
import Testing

@Suite struct GPSDEndpointTests {
    @Test func gpsdAloneIsThisMachine() throws {
        let endpoint = try GPSDEndpoint.parse("gpsd")
        #expect(endpoint == GPSDEndpoint(host: "localhost", port: 2947))
        #expect(endpoint == .local)
        #expect(endpoint.description == "gpsd localhost:2947")
    }

    @Test func hostsAndPorts() throws {
        #expect(try GPSDEndpoint.parse("gpsd://127.0.0.1:40000") == GPSDEndpoint(host: "127.0.0.1", port: 40000))
        #expect(try GPSDEndpoint.parse("gpsd://pi.local") == GPSDEndpoint(host: "pi.local", port: 2947))
        #expect(try GPSDEndpoint.parse("gpsd://h:1").port == 1)
        #expect(try GPSDEndpoint.parse("gpsd://h:65535").port == 65535)
        let v6 = try GPSDEndpoint.parse("gpsd://[::1]:2948")
        #expect(v6 == GPSDEndpoint(host: "::1", port: 2948))
        #expect(v6.description == "gpsd [::1]:2948")
        #expect(try GPSDEndpoint.parse("gpsd://[fe80::1]").port == 2947)
        #expect(try GPSDEndpoint.parse("gpsd://127.0.0.1:40000").description == "gpsd 127.0.0.1:40000")
    }

    @Test func badLocationsSayWhatIsWrong() {
        let cases: [(String, GPSDEndpointError)] = [
            ("gps", .notGPSD), ("37.7,-122.4", .notGPSD), ("GPSD", .notGPSD), ("gpsd:", .notGPSD),
            ("http://localhost:2947", .notGPSD), ("gpsd://", .noHost), ("gpsd://:2947", .noHost),
            ("gpsd://[]:2947", .badHost), ("gpsd://[::1", .badHost), ("gpsd://[::1]x", .badHost),
            ("gpsd://[host]:1", .badHost), ("gpsd://ho st", .badHost), ("gpsd://-h", .badHost),
            ("gpsd://h\u{1B}[31m", .badHost), ("gpsd://hôte", .badHost),
            ("gpsd://" + String(repeating: "a", count: 254), .badHost), ("gpsd://h:0", .badPort),
            ("gpsd://h:65536", .badPort), ("gpsd://h:", .badPort), ("gpsd://h:-1", .badPort),
            ("gpsd://h:+80", .badPort), ("gpsd://h:99999999999999999999", .badPort), ("gpsd://h:1:2", .badPort),
            ("gpsd://h:８０", .badPort), ("gpsd://user@h:2947", .userInfo), ("gpsd://u:p@h", .userInfo),
            ("gpsd://h:2947/dev/ttyUSB0", .path), ("gpsd://h/", .path), ("gpsd://h?x=1", .path), ("gpsd://h#x", .path),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try GPSDEndpoint.parse(text) }
        }
    }

    @Test func errorsAreOneLineOfOurOwnWords() {
        for error in [GPSDEndpointError.notGPSD, .noHost, .badHost, .badPort, .userInfo, .path] {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }

    @Test func gpsdTextIsToldFromAPoint() {
        #expect(GPSDEndpoint.isGPSD("gpsd"))
        #expect(GPSDEndpoint.isGPSD("gpsd://x"))
        #expect(!GPSDEndpoint.isGPSD("37.7,-122.4"))
        #expect(!GPSDEndpoint.isGPSD("gpsdx"))
    }
}
