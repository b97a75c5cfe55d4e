import Positioning
import Testing

@Suite struct GPSTimeTests {
    @Test func utcTimesAreSecondsSince1970() {
        #expect(GPSTime.seconds("2026-12-02T17:30:05Z") == 1_796_232_605)
        #expect(GPSTime.seconds("2026-12-02T17:30:05.000Z") == 1_796_232_605)
        #expect(GPSTime.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(GPSTime.seconds("2000-01-01T00:00:00Z") == 946_684_800)
        #expect(GPSTime.seconds("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(GPSTime.seconds("9999-12-31T23:59:59Z") == 253_402_300_799)
        #expect(GPSTime.seconds("2016-12-31T23:59:60Z") == 1_483_228_800)
    }

    @Test func fractionsOfASecondCount() throws {
        #expect(GPSTime.seconds("2026-12-02T17:30:05.5Z") == 1_796_232_605.5)
        let nanos = try #require(GPSTime.seconds("2026-12-02T17:30:05.123456789Z"))
        #expect(abs(nanos - 1_796_232_605.123456789) < 1e-6)
        let millis = try #require(GPSTime.seconds("2026-12-02T17:44:48.510Z"))
        #expect(abs(millis - 1_796_233_488.51) < 1e-6)
    }

    @Test func anythingElseIsNoTime() {
        for text in [
            "", "Z", "2026-12-02", "2026-12-02T17:30:05", "2026-12-02T17:30:05+00:00", "2026-12-02 17:30:05Z",
            "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
            "2026-12-00T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-02T24:00:00Z", "2026-12-02T23:60:00Z",
            "2026-12-02T23:59:61Z", "1969-12-31T23:59:59Z", "2026-12-02T17:30:05.Z", "2026-12-02T17:30:05,5Z",
            "2026-12-02T17:30:05.1234567890Z", "+026-12-02T17:30:05Z", "2026-12-02T17:30:0xZ", "२०२६-12-02T17:30:05Z",
            "2026-12-02T17:30:05.-1Z", "2026-12-02t17:30:05z",
        ] {
            #expect(GPSTime.seconds(text) == nil, "\(text)")
        }
    }
}
