import Places

/// The text of the search line and its cursor, edited as a shell line is: characters go in at the
/// cursor, Backspace and Delete take one out on either side, Ctrl-W the word before the cursor,
/// Ctrl-U everything before it; Left/Right/Home/End move. Text is kept as `Character`s, so a cursor
/// step moves over a whole `ü` or `東` and never splits one.
public struct SearchLine: Equatable, Sendable {
    /// The characters typed, at most `SearchQuery.maxLength` (the rest of a paste is dropped).
    public private(set) var characters: [Character] = []
    /// Where the next character goes: 0 before the first, `characters.count` after the last.
    public private(set) var cursor = 0

    public init(_ text: String = "") {
        for character in text { insert(character) }
    }

    /// The line as text.
    public var text: String { String(characters) }

    /// True when no more characters fit.
    public var isFull: Bool { characters.count >= SearchQuery.maxLength }

    /// Inserts a printable character at the cursor; a control or format character (a stray part of an
    /// escape sequence, a bidi override) is ignored, as is anything past the length limit.
    /// - Returns: true when the line changed.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard !isFull, Self.isPrintable(character) else { return false }
        characters.insert(character, at: cursor)
        cursor += 1
        return true
    }

    /// Deletes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor -= 1
        characters.remove(at: cursor)
    }

    /// Deletes the character under the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Deletes everything before the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Moves the cursor by `offset` characters, staying within the line.
    public mutating func move(by offset: Int) { cursor = min(max(cursor + offset, 0), characters.count) }

    /// Moves the cursor before the first character (Home) or after the last (End).
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = characters.count }

    /// False for control and format characters (C0, DEL, C1, zero-width and bidi controls); the zero
    /// width joiner inside an emoji sequence is kept.
    static func isPrintable(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        return scalars.allSatisfy { scalar in
            if scalar == "\u{200D}", scalars.count > 1 { return true }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return false
            default: return true
            }
        }
    }
}
