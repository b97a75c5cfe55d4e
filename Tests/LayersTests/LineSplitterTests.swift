import Layers
import Testing

/// Lines cut from chunks as a stream delivers them: any chunk boundary, CRLF, a last line without a
/// newline, and a line over the limit reported as nil without being kept.
@Suite struct LineSplitterTests {
    static func lines(_ chunks: [String], limit: Int = 100) -> [String?] {
        var splitter = LineSplitter(limit: limit)
        var out: [String?] = []
        let take = { (line: ArraySlice<UInt8>?, number: Int) in
            #expect(number == out.count + 1)
            out.append(line.map { String(decoding: $0, as: UTF8.self) })
        }
        for chunk in chunks { splitter.feed(Array(chunk.utf8)[...], take) }
        splitter.finish(take)
        return out
    }

    @Test func linesAcrossChunkBoundariesAndCRLF() {
        #expect(Self.lines(["1,2,a\r", "\n3,", "4\n\n5,6"]) == ["1,2,a", "3,4", "", "5,6"])
    }

    @Test func everySplitOfTheBytesGivesTheSameLines() {
        let text = "10,20,x\r\n30,40\n{\"type\":\"Feature\"}\n"
        let whole = Self.lines([text])
        for cut in 0...text.utf8.count {
            let bytes = Array(text.utf8)
            let parts = [
                String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self),
            ]
            #expect(Self.lines(parts) == whole)
        }
    }

    @Test func aLineOverTheLimitIsNilAndTheNextIsWhole() {
        let long = String(repeating: "x", count: 250)
        #expect(Self.lines([long.prefix(120) + "", long.dropFirst(120) + "\n1,2\n"], limit: 100) == [nil, "1,2"])
        #expect(Self.lines([long], limit: 100) == [nil])
    }
}
