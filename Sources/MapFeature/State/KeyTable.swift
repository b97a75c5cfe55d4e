import Render
import TextSafety

/// Every key of the map screen, by who takes it: the one list that the help overlay (`?`),
/// `mapterm --help` and docs/keys.md (and the README's key table) are made from. Tests check it
/// against what the reducer does with each key.
public enum KeyTable {
    /// Who takes a key: a `Focus`, or the alert above it.
    public enum Section: CaseIterable, Sendable {
        case map, search, filters, layers, prompt, naming, help, alert

        /// The heading of the section in docs/keys.md and `--help`.
        public var title: String {
            switch self {
            case .map: return "On the map"
            case .search: return "In the search line (/)"
            case .filters: return "In the Show panel (v)"
            case .layers: return "In the layer list (L)"
            case .prompt: return "At a yes/no question"
            case .naming: return "Typing a pin's name (p, e)"
            case .help: return "In the help (?)"
            case .alert: return "Over a message box"
            }
        }
    }

    /// One line of the table: some keys and what they do.
    public struct Entry: Equatable, Sendable {
        /// The keys in markdown: each key in backticks, words between them plain ("`n` / `N` after a
        /// search"; "mouse click" has no key).
        public var keys: String
        /// What they do.
        public var meaning: String
        public var section: Section
        /// True when the entry stands for every key that no other entry of its section names.
        public var otherKeys: Bool

        init(_ keys: String, _ meaning: String, _ section: Section, otherKeys: Bool = false) {
            self.keys = keys
            self.meaning = meaning
            self.section = section
            self.otherKeys = otherKeys
        }

        /// The keys as the help overlay shows them: without the backticks.
        public var shown: String { keys.replacingOccurrences(of: "`", with: "") }

        /// The key cell of a markdown table: the keys with single spaces.
        public var markdownKeys: String { keys.split(separator: " ").joined(separator: " ") }

        /// The keys named in backticks, as the reducer receives them (nil for a name `key(named:)`
        /// does not know).
        public var pressed: [Key?] {
            keys.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }
                .flatMap { KeyTable.keys(named: String($0.element)) }
        }
    }

    /// The whole table, section by section.
    public static let entries: [Entry] =
        mapEntries + searchEntries + filterEntries + layerEntries + promptEntries + namingEntries + helpEntries
        + alertEntries

    /// The entries of one section, in order.
    public static func entries(in section: Section) -> [Entry] { entries.filter { $0.section == section } }

    static let mapEntries: [Entry] = [
        Entry("`←` `→` `↑` `↓`  `h` `l` `k` `j`", "pan a quarter screen", .map),
        Entry("`+` `=` `a` / `-` `z`", "zoom in / out", .map),
        Entry("`0`", "whole world", .map),
        Entry("mouse drag / wheel", "pan / zoom at the pointer", .map),
        Entry("`r`", "refresh the places in view", .map),
        Entry("`v`", "show or hide kinds of place, amenities", .map),
        Entry("`/`", "search places, cities, countries, codes, lat,lon", .map),
        Entry("`L`", "your layers: legend, show/hide, fit into view", .map),
        Entry("`Tab` `n` / `S-Tab` `N`", "select the next / previous marker or pin", .map),
        Entry("`n` / `N` after a search", "the next / previous result", .map),
        Entry("`Enter` `Space`", "details; on a count, zoom in to split it", .map),
        Entry("mouse click", "select what is under the pointer", .map),
        Entry("`p`", "drop a pin at the crosshair (asks its name)", .map),
        Entry("`x` `Delete`", "remove the selected pin", .map),
        Entry("`e`", "name the selected pin", .map),
        Entry("`1…9`", "go to that pin and select it", .map),
        Entry("`f`", "fit all pins and their centres", .map),
        Entry("`c`", "centre on your location", .map),
        Entry("`F`", "follow your GPS position (a pan stops it)", .map),
        Entry("`T`", "start / stop recording your GPS track", .map),
        Entry("`g`", "the way along roads from you (or the centre) to the selection", .map),
        Entry("`m`", "travel by car / bike / foot (asks the way again)", .map),
        Entry("`PgUp` / `PgDn`", "scroll the pane (a route's steps)", .map),
        Entry("`b`", "braille / ASCII lines", .map),
        Entry("`i`", "where the map data comes from (attribution)", .map),
        Entry("`?`", "this help", .map),
        Entry("`Esc`", "close the pane, then the route, then the selection", .map),
        Entry("`q`", "quit (closes an open pane or panel first)", .map),
    ]

    static let searchEntries: [Entry] = [
        Entry("`↑` `S-Tab` `Ctrl-P` / `↓` `Tab` `Ctrl-N`", "the previous / next result, shown on the map", .search),
        Entry("`PgUp` / `PgDn`", "a page of results up / down", .search),
        Entry("`←` `→`", "move the cursor", .search),
        Entry("`Home` `Ctrl-A` / `End` `Ctrl-E`", "to the start / end of the line", .search),
        Entry(
            "`Backspace` / `Delete`", "delete before / after the cursor (Backspace on an empty line closes it)",
            .search),
        Entry("`Ctrl-W` / `Ctrl-U`", "delete the word before the cursor / all before the cursor", .search),
        Entry("`Enter`", "go to the highlighted result, selected with its pane open", .search),
        Entry("`Esc`", "close the line and put the view back", .search),
        Entry("other keys", "typed into the line; each change searches again", .search, otherKeys: true),
    ]

    /// One line per toggle of the panel, then the keys that close it.
    static let filterEntries: [Entry] =
        FilterPanel.toggles.map { Entry("`\($0.key)`", "show or hide: \($0.label)", .filters) } + [
            Entry("`Esc` `Enter` `v` `q`", "close the panel", .filters)
        ]

    static let layerEntries: [Entry] = [
        Entry("`↑` `k` / `↓` `j`", "highlight the line above / below", .layers),
        Entry("`1…9`", "show or hide that layer", .layers),
        Entry("`Space`", "show or hide the highlighted layer", .layers),
        Entry("`Enter` `f`", "fit the highlighted layer into view and close the list", .layers),
        Entry("`Esc` `L` `q`", "close the list", .layers),
    ]

    static let promptEntries: [Entry] = [
        Entry("`y` `Y` `Enter`", "yes: remove the pin (the default)", .prompt),
        Entry("other keys", "no: close the question", .prompt, otherKeys: true),
    ]

    static let namingEntries: [Entry] = [
        Entry("`Enter`", "drop the pin with the name typed (none: unnamed) / keep the new name", .naming),
        Entry("`Esc`", "cancel: no pin / the name as it was", .naming),
        Entry("`Backspace`", "delete the last character", .naming),
        Entry("other keys", "typed into the name (at most 40 characters)", .naming, otherKeys: true),
    ]

    static let helpEntries: [Entry] = [
        Entry("`↑` `k` / `↓` `j`", "scroll a line up / down", .help),
        Entry("`PgUp` / `PgDn` `Space`", "scroll a page up / down", .help),
        Entry("`Home` / `End`", "to the first / last line", .help),
        Entry("`Esc` `q` `?` `Enter`", "close the help", .help),
    ]

    static let alertEntries: [Entry] = [
        Entry("`Enter` `Esc` `Space` `q`", "close the box", .alert),
        Entry("other keys", "close the box and act as they would without it", .alert, otherKeys: true),
    ]

    /// Names of keys that are not one printable character.
    static let named: [String: Key] = [
        "←": .left, "→": .right, "↑": .up, "↓": .down, "Enter": .enter, "Esc": .escape, "Tab": .tab,
        "S-Tab": .backTab, "Backspace": .backspace, "Delete": .delete, "PgUp": .pageUp, "PgDn": .pageDown,
        "Home": .home, "End": .end, "Space": .character(" "), "Ctrl-A": .character("\u{01}"),
        "Ctrl-E": .character("\u{05}"), "Ctrl-N": .character("\u{0E}"), "Ctrl-P": .character("\u{10}"),
        "Ctrl-U": .character("\u{15}"), "Ctrl-W": .character("\u{17}"),
    ]

    /// The keys a name in the table stands for: a named key, one character, or a range "1…9"; nil
    /// for a name it does not know.
    static func keys(named name: String) -> [Key?] {
        if let key = named[name] { return [key] }
        if name.count == 1, let c = name.first { return [.character(c)] }
        let ends = name.split(separator: "…")
        if ends.count == 2, let low = ends[0].unicodeScalars.first, let high = ends[1].unicodeScalars.first,
            ends[0].unicodeScalars.count == 1, ends[1].unicodeScalars.count == 1, low < high
        {
            return (low.value...high.value).compactMap(Unicode.Scalar.init).map { .character(Character($0)) }
        }
        return [nil]
    }

    // MARK: Texts made from the table

    /// docs/keys.md: a markdown table per section.
    public static var markdown: String {
        var lines = [
            "# Keys", "",
            "Every key of the map, by what has the keys. Made from `KeyTable`",
            "(Sources/MapFeature/State/KeyTable.swift): `swift test --filter KeyTableTests` fails when this",
            "file differs from it, and writes it anew with `RECORD_SNAPSHOTS=1`.",
        ]
        for section in Section.allCases {
            lines += ["", "## " + section.title, "", "| Key | What it does |", "|---|---|"]
            lines += entries(in: section).map { "| \($0.markdownKeys) | \($0.meaning) |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key list of `mapterm --help`: each section's title, then its keys and what they do; a blank
    /// line between sections.
    public static var usage: SafeText {
        var lines: [SafeText] = []
        for section in Section.allCases {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                SafeText(sanitizing: "keys " + section.title.prefix(1).lowercased() + section.title.dropFirst() + ":"))
            let rows = entries(in: section)
            let width = rows.map { TextWidth.of(SafeText(sanitizing: $0.shown).string) }.max() ?? 0
            for row in rows {
                let keys = SafeText(sanitizing: row.shown)
                let pad = SafeText.spaces(width - TextWidth.of(keys.string) + 2)
                lines.append("  \(keys)\(pad)\(SafeText(sanitizing: row.meaning))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
