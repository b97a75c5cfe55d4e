import GeoCore
import Network
import Positioning
import Testing

@Suite struct GPSReportParseTests {
    /// A TPV exactly as gpsd 3.22 sends it, fed by Tests/services/nmea-feed.py.
    static let real =
        #"{"class":"TPV","device":"tcp://127.0.0.1:37747","mode":3,"time":"2026-12-02T17:44:48.510Z","ept":0.005,"lat":37.774900000,"lon":-122.419400000,"altHAE":12.5000,"altMSL":12.5000,"alt":12.5000,"track":0.0000,"magtrack":13.2607,"magvar":13.3,"speed":0.000,"climb":0.000,"geoidSep":0.000,"eph":17.100}"#

    static func parse(_ text: String) -> Result<GPSReport, GPSLineProblem> {
        GPSReport.parse(line: Array(text.utf8))
    }

    static func fix(_ text: String) throws -> GPSFix {
        let report = try parse(text).get()
        guard case .fix(let fix) = report else {
            Issue.record("not a fix: \(report)")
            throw GPSLineProblem.noClass
        }
        return fix
    }

    /// Every text a report or problem can put on screen.
    static func texts(_ result: Result<GPSReport, GPSLineProblem>) -> [String] {
        switch result {
        case .success(.rejected(let why)): return [why]
        case .success: return []
        case .failure(let problem): return [problem.description]
        }
    }

    static func isTerminalSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    @Test func aRealThreeDimensionalReportIsAFix() throws {
        let fix = try Self.fix(Self.real)
        #expect(fix.mode == .threeD)
        #expect(fix.position == LatLon(lat: 37.7749, lon: -122.4194))
        #expect(fix.time == 1_796_233_488.51)
        #expect(fix.horizontalError == 17.1)
        #expect(fix.speed == 0)
        #expect(fix.heading == 0)
        #expect(fix.altitude == 12.5)
    }

    @Test func aTwoDimensionalReportWithOnlyAPositionIsAFixWithoutExtras() throws {
        let fix = try Self.fix(#"{"class":"TPV","mode":2,"lat":-33.8688,"lon":151.2093}"#)
        #expect(fix == GPSFix(position: LatLon(lat: -33.8688, lon: 151.2093), mode: .twoD))
    }

    @Test func modesZeroAndOneOrNoModeAreNoFix() throws {
        for line in [
            #"{"class":"TPV","mode":0}"#, #"{"class":"TPV","mode":1,"lat":1,"lon":2}"#,
            #"{"class":"TPV","lat":1,"lon":2}"#, #"{"class":"TPV","mode":4,"lat":1,"lon":2}"#,
            #"{"class":"TPV","mode":"3","lat":1,"lon":2}"#, #"{"class":"TPV","mode":2.5,"lat":1,"lon":2}"#,
        ] {
            #expect(try Self.parse(line).get() == .noFix, "\(line)")
        }
    }

    @Test func aFixWithoutAPositionYetIsNoFix() throws {
        for line in [
            #"{"class":"TPV","mode":3}"#, #"{"class":"TPV","mode":3,"lat":1}"#, #"{"class":"TPV","mode":2,"lon":1}"#,
            #"{"class":"TPV","mode":3,"lat":null,"lon":1}"#,
        ] {
            #expect(try Self.parse(line).get() == .noFix, "\(line)")
        }
    }

    @Test func positionsOffTheEarthAreRejectedSayingSo() throws {
        let cases: [(String, String)] = [
            (#"{"class":"TPV","mode":3,"lat":91,"lon":0}"#, "position out of range: 91.0, 0.0"),
            (#"{"class":"TPV","mode":3,"lat":0,"lon":181}"#, "position out of range: 0.0, 181.0"),
            (#"{"class":"TPV","mode":2,"lat":-90.000001,"lon":0}"#, "position out of range: -90.000001, 0.0"),
            (#"{"class":"TPV","mode":3,"lat":NaN,"lon":0}"#, "position out of range: nan, 0.0"),
            (#"{"class":"TPV","mode":3,"lat":1e400,"lon":0}"#, "position out of range: inf, 0.0"),
            (#"{"class":"TPV","mode":3,"lat":0,"lon":-Infinity}"#, "position out of range: 0.0, -inf"),
            (#"{"class":"TPV","mode":3,"lat":1e308,"lon":0}"#, "position out of range: 1e+308, 0.0"),
            (
                #"{"class":"TPV","mode":3,"lat":"\u001b[31m","lon":0}"#,
                "position out of range: lat or lon is not a number"
            ),
        ]
        for (line, said) in cases {
            #expect(try Self.parse(line).get() == .rejected(said), "\(line)")
        }
        #expect(try Self.fix(#"{"class":"TPV","mode":3,"lat":90,"lon":-180}"#).position == LatLon(lat: 90, lon: -180))
    }

    @Test func extrasOutOfRangeAreLeftOutNotTrusted() throws {
        let fix = try Self.fix(
            #"{"class":"TPV","mode":3,"lat":1,"lon":2,"eph":-1,"speed":NaN,"track":Infinity,"alt":1e300,"time":"yesterday"}"#
        )
        #expect(fix.horizontalError == nil)
        #expect(fix.speed == nil)
        #expect(fix.heading == nil)
        #expect(fix.altitude == nil)
        #expect(fix.time == nil)
        let typed = try Self.fix(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"eph":"5","speed":[1],"time":7}"#)
        #expect(typed.horizontalError == nil && typed.speed == nil && typed.time == nil)
        #expect(try Self.fix(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"eph":1e308}"#).horizontalError == nil)
    }

    @Test func theCourseIsBroughtIntoOneTurn() throws {
        for (track, heading) in [(-90.0, 270.0), (720.0, 0.0), (359.5, 359.5), (-720.25, 359.75), (1e300, nil)] {
            let fix = try Self.fix(#"{"class":"TPV","mode":2,"lat":1,"lon":2,"track":\#(track)}"#)
            #expect(fix.heading == heading, "\(track)")
            if let value = fix.heading { #expect((0..<360).contains(value)) }
        }
    }

    @Test func heightAboveTheSeaIsPreferredToTheOldAlt() throws {
        #expect(try Self.fix(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"alt":10,"altMSL":7}"#).altitude == 7)
        #expect(try Self.fix(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"alt":10}"#).altitude == 10)
        #expect(try Self.fix(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"alt":10,"altMSL":-1e9}"#).altitude == 10)
    }

    @Test func otherClassesAreNothingToShow() throws {
        for line in [
            #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
            #"{"class":"SKY","satellites":[]}"#, #"{"class":"tpv","mode":3,"lat":1,"lon":2}"#,
            #"{"class":"WATCH","enable":true,"json":true}"#,
        ] {
            #expect(try Self.parse(line).get() == .other, "\(line)")
        }
    }

    @Test func linesThatAreNoReportSayWhy() {
        #expect(Self.parse("[1,2]") == .failure(.notObject))
        #expect(Self.parse(#""TPV""#) == .failure(.notObject))
        #expect(Self.parse("3") == .failure(.notObject))
        #expect(Self.parse(#"{"mode":3,"lat":1,"lon":2}"#) == .failure(.noClass))
        #expect(Self.parse(#"{"class":3}"#) == .failure(.noClass))
        for line in ["", "not json", #"{"class":"TPV""#, #"{"class":"TPV"} {"class":"TPV"}"#, "{,}", "$GPGGA,1*00"] {
            guard case .failure(.notJSON(let why)) = Self.parse(line) else {
                Issue.record("\(line) was not refused as not JSON")
                continue
            }
            #expect(!why.isEmpty)
        }
    }

    @Test func aLineOverTheLimitIsTooLongAndOneAtItIsRead() throws {
        let head = #"{"class":"TPV","mode":2,"lat":1,"lon":2,"device":""#
        let filler = String(repeating: "x", count: GPSReport.maximumLineBytes - head.utf8.count - 2)
        let atLimit = head + filler + #""}"#
        #expect(atLimit.utf8.count == GPSReport.maximumLineBytes)
        #expect(try Self.fix(atLimit).mode == .twoD)
        #expect(Self.parse(head + filler + #"x"}"#) == .failure(.tooLong))
    }

    @Test func deepNestingIsRefusedNotACrash() {
        // Deeper than the parser's 512 levels, shorter than the 64 KiB limit.
        let deep = #"{"class":"TPV","x":"# + String(repeating: "[", count: 60_000) + "}"
        guard case .failure(.notJSON) = Self.parse(deep) else {
            Issue.record("60 000-deep nesting was not refused")
            return
        }
    }

    @Test func escapeSequencesNeverComeOutRaw() {
        let payloads = [
            #"{"class":"TPV","mode":3,"lat":1e999,"lon":0,"device":"\u001b]0;owned\u0007"}"#,
            #"{"\u001b[31mclass\u001b[0m" 5}"#, "{\"class\":\"TPV\",\u{1B}]0;owned\u{07}}",
            "{\"class\u{9B}2J\":}", "\u{1B}[2J\u{1B}]52;c;b3duZWQ=\u{07}", #"{"a":"\u009b31m" "b"}"#,
            "{\"class\":\"TPV\",\"mode\":3,\"lat\":\"\u{1B}[31m\",\"lon\":1}", "{\"\u{202E}evil\": ]",
        ]
        for payload in payloads {
            let result = Self.parse(payload)
            let texts = Self.texts(result)
            #expect(!texts.isEmpty, "\(payload.debugDescription) gave \(result)")
            for text in texts {
                #expect(Self.isTerminalSafe(text) && !text.contains("\u{202E}"), "\(text.debugDescription)")
            }
        }
    }

    @Test func aSliceOfABufferIsALine() throws {
        let buffer = Array(("junk\n" + Self.real + "\n").utf8)
        let report = try GPSReport.parse(line: buffer[5..<(buffer.count - 1)]).get()
        guard case .fix(let fix) = report else {
            Issue.record("not a fix: \(report)")
            return
        }
        #expect(fix.position == LatLon(lat: 37.7749, lon: -122.4194))
    }
}
