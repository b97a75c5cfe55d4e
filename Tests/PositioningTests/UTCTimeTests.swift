import Positioning
import Testing

@Suite struct UTCTimeTests {
    @Test func knownTimesAreWrittenAsISO8601() {
        #expect(UTCTime.iso8601(0) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTime.iso8601(1_795_953_662.25) == "2026-11-29T12:01:02.250Z")
        #expect(UTCTime.iso8601(951_782_400) == "2000-02-29T00:00:00.000Z")
        #expect(UTCTime.iso8601(-1) == "1969-12-31T23:59:59.000Z")
        #expect(UTCTime.fileStamp(1_795_953_662.9) == "2026-11-29T12-01-02Z")
    }

    @Test func timesOutsideTheCalendarAreClamped() {
        #expect(UTCTime.iso8601(1e300) == "9999-12-31T23:59:59.999Z")
        #expect(UTCTime.iso8601(-1e300) == "0001-01-01T00:00:00.000Z")
        #expect(UTCTime.iso8601(.nan) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTime.iso8601(.infinity) == "9999-12-31T23:59:59.999Z")
    }

    @Test func parsingTheFormsGPXAndGpsdWrite() {
        #expect(UTCTime.parse("2026-11-29T12:01:02Z") == 1_795_953_662)
        #expect(UTCTime.parse("2026-11-29T12:01:02.250Z") == 1_795_953_662.25)
        #expect(UTCTime.parse(" 2026-11-29T14:01:02+02:00\n") == 1_795_953_662)
        #expect(UTCTime.parse("2026-11-29T11:31:02-0030") == 1_795_953_662)
        #expect(UTCTime.parse("2026-11-29T12:01:02") == 1_795_953_662)
        #expect(UTCTime.parse("2000-02-29T00:00:00Z") == 951_782_400)
    }

    @Test func badTimesAreRefused() {
        for text in [
            "", "2026-02-30T00:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-29T24:00:00Z",
            "2026-11-29T12:01:02.Z", "2026-11-29T12:01:02Zjunk", "26-11-29T12:01:02Z", "2026-11-29",
            "2026-11-29T12:01:02" + String(repeating: "0", count: 40), "\u{1B}[31m2026-11-29T12:01:02Z",
        ] {
            #expect(UTCTime.parse(text) == nil, "\(text.debugDescription)")
        }
    }

    /// Every millisecond written reads back as itself, across four centuries of seeded times.
    @Test func writtenTimesReadBack() {
        var state: UInt64 = 0x5452_4143_4B53_0001
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(bitPattern: state >> 1) % 12_622_780_800_000 - 4_000_000_000_000
            let seconds = Double(milliseconds) / 1000
            let text = UTCTime.iso8601(seconds)
            let back = UTCTime.parse(text)
            #expect(
                back.map { abs($0 - seconds) < 0.0005 } == true, "\(seconds) → \(text) → \(String(describing: back))")
        }
    }
}
