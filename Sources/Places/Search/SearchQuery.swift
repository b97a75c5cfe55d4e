import Foundation
import TextSafety

/// What was typed into a search, made safe and taken apart.
///
/// The text is sanitised (`TextSanitizer`: control characters and escape sequences go) and cut to
/// `maxLength` characters, so a 10 000-character paste costs what 200 do; a leading `near:` asks for
/// results near the view first. Words are folded (`SearchText`), so FTS5 syntax (`"`, `*`, `-`, `:`,
/// `^`, parentheses) only separates words, and `NEAR`, `AND`, `OR` are searched as the words they are.
public struct SearchQuery: Hashable, Sendable {
    /// The longest text searched, in characters; the rest of a longer one is ignored.
    public static let maxLength = 200

    /// The sanitised text as typed (without `near:`), for display.
    public var text: String
    /// True when the text started with `near:`: results near the view centre come first.
    public var near: Bool
    /// The folded words, in order (at most `maxWords`).
    public var words: [String]
    /// The coordinate the text spells, when it is one.
    public var coordinate: CoordinateQuery?

    /// The most words a query keeps.
    package static let maxWords = 8

    public init(_ raw: String) {
        var text = TextSanitizer.clean(String(raw.prefix(4 * Self.maxLength)), maxLength: Self.maxLength)
        text = text.trimmingCharacters(in: .whitespaces)
        near = text.lowercased().hasPrefix("near:")
        if near { text = String(text.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        self.text = text
        words = Array(SearchText.words(text).prefix(Self.maxWords))
        coordinate = CoordinateQuery.parse(text)
    }

    /// True when there is nothing to search for.
    public var isEmpty: Bool { words.isEmpty && coordinate == nil }
}
