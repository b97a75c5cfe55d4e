import Foundation
import Places
import Testing

@Suite struct CSVReaderTests {
    func records(_ text: String) throws -> [CSVRecord] { try CSVReader.records(in: Data(text.utf8)) }

    @Test func plainAndQuotedFields() throws {
        let result = try records("a,b,c\n1,\"two, too\",\"say \"\"hi\"\"\"\n")
        #expect(
            result == [
                CSVRecord(line: 1, fields: ["a", "b", "c"]),
                CSVRecord(line: 2, fields: ["1", "two, too", "say \"hi\""]),
            ])
    }

    @Test func quotedLineBreaksKeepLineNumbersRight() throws {
        let result = try records("h1,h2\r\n1,\"multi\r\nline\r\ntext\"\r\n2,after\r\n")
        #expect(result.map(\.line) == [1, 2, 5])
        #expect(result[1].fields == ["1", "multi\r\nline\r\ntext"])
        #expect(result[2].fields == ["2", "after"])
    }

    @Test func lineEndingsAndEdges() throws {
        #expect(try records("a\rb\rc").map(\.fields) == [["a"], ["b"], ["c"]], "CR-only files")
        #expect(try records("a,\n,b\n").map(\.fields) == [["a", ""], ["", "b"]])
        #expect(try records("\n\na\n\n\nb").map(\.line) == [3, 6], "blank lines are skipped but counted")
        #expect(try records("\u{FEFF}x,y").map(\.fields) == [["x", "y"]], "BOM ignored")
        #expect(try records("\"\"").map(\.fields) == [[""]], "a quoted empty field is a record")
        #expect(try records("ab\"c,d").map(\.fields) == [["ab\"c", "d"]], "stray quote kept")
        #expect(try records("").isEmpty)
    }

    @Test func unterminatedQuoteNamesItsLine() {
        #expect(throws: CSVError.unterminatedQuote(line: 2)) { try records("a,b\n1,\"never\nclosed") }
    }
}
