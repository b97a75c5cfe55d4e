import MapFeature
import Places
import Testing

/// Line editing of the search line, key by key, against the text and cursor a shell would show.
@Suite struct SearchLineTests {
    @Test func typingInsertsAtTheCursor() {
        var line = SearchLine("heatrow")
        line.move(by: -3)
        line.insert("h")
        #expect(line.text == "heathrow")
        #expect(line.cursor == 5)
    }

    @Test func backspaceAndDeleteTakeOneCharacterEitherSide() {
        var line = SearchLine("zürich")
        line.move(by: -4)  // after "zü"
        line.deleteBackward()
        #expect(line.text == "zrich")
        line.deleteForward()
        #expect(line.text == "zich")
        #expect(line.cursor == 1)
        line.moveToStart()
        line.deleteBackward()
        #expect(line.text == "zich")
        line.moveToEnd()
        line.deleteForward()
        #expect(line.text == "zich")
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursorAndCtrlUTheStart() {
        var line = SearchLine("san francisco  ")
        line.deleteWordBackward()
        #expect(line.text == "san ")
        line.deleteWordBackward()
        #expect(line.text == "")
        line = SearchLine("near: san jose")
        line.move(by: -4)
        line.deleteToStart()
        #expect(line.text == "jose")
        #expect(line.cursor == 0)
    }

    @Test func cursorStepsOverWholeCharacters() {
        var line = SearchLine("東京")
        line.move(by: -1)
        line.insert("・")
        #expect(line.text == "東・京")
        line = SearchLine("e\u{301}")  // e + combining acute: one character
        #expect(line.characters.count == 1)
        line.deleteBackward()
        #expect(line.text.isEmpty)
        line.move(by: -5)
        #expect(line.cursor == 0)
        line.move(by: 9)
        #expect(line.cursor == 0)
    }

    @Test func controlCharactersAndEscapesAreNotTyped() {
        var line = SearchLine()
        for character in "a\u{1B}[31m\u{7}\u{9B}b\u{202E}c\u{0}" { line.insert(character) }
        #expect(line.text == "a[31mbc")
        let emoji = line.insert("👩‍💻")
        #expect(emoji)
    }

    @Test func aLongPasteStopsAtTheLimit() {
        var line = SearchLine(String(repeating: "x", count: 10_000))
        #expect(line.characters.count == SearchQuery.maxLength)
        #expect(line.isFull)
        let inserted = line.insert("y")
        #expect(!inserted)
    }
}
