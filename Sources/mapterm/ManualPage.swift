import MapFeature
import Network
import TextSafety

/// The manual page mapterm(1) in roff (`man` macros), made from what `--help` is made from: the
/// commands' `CommandSpec`s and the option table, the `KeyTable`, the environment and files of
/// `HelpText` and the credits of `--about`. Every text passes `roff(_:)`, so no line starts a request
/// by accident and every hyphen, backslash and non-ASCII character is spelled as groff wants it.
enum ManualPage {
    /// Command lines the EXAMPLES section shows, each checked against its command's spec by the tests.
    static let examples: [(arguments: [String], meaning: String)] = [
        (["--center", "San Francisco", "--zoom", "12"], "Opens the map over San Francisco."),
        (
            ["render", "--center", "48.8566,2.3522", "--zoom", "11", "--size", "100x30", "--color"],
            "Prints Paris, in colour, as 100 columns by 30 rows of text."
        ),
        (["search", "--kind", "airport", "heathrow"], "Finds London Heathrow."),
        (
            ["places", "--near", "37.7749,-122.4194", "--kind", "restroom", "--ada", "--limit", "5"],
            "The five nearest wheelchair-accessible restrooms."
        ),
        (["route", "Oakland", "San Francisco", "--profile", "bike"], "The way by bike, with its steps."),
        (["--layer", "run.gpx:color=red"], "Draws a GPX track in red over the map."),
        (
            [
                "download", "--tiles", "https://tiles.openfreemap.org/planet", "--around", "37.77,-122.42", "--radius",
                "3", "--zoom", "0-14", "--out", "sf.mbtiles",
            ],
            "Keeps 3 km around San Francisco for offline use; --tiles sf.mbtiles then draws it."
        ),
    ]

    /// The whole page.
    static var text: SafeText {
        var page: [String] = [
            #".TH MAPTERM 1 "" "mapterm \#(roff(MaptermRelease.version))" "User Commands""#,
            // No hyphenation (an option broken at its hyphen reads as two), ragged right.
            ".nh", ".ad l",
            ".SH NAME", "mapterm \\- " + roff(HelpText.tagline),
            ".SH SYNOPSIS",
        ]
        for command in HelpText.everyCommand {
            page += [".PP", synopsis(command)]
        }
        page += [".PP", #"\fBmapterm\fR \fB\-\-help\fR | \fB\-h\fR | \fB\-\-version\fR | \fB\-V\fR"#]
        page += [".PP", #"\fBmapterm\fR \fICOMMAND\fR \fB\-\-help\fR | \fB\-h\fR"#]
        page += [
            ".SH DESCRIPTION",
            roff(
                "mapterm draws a map of the world in the terminal, from the world map and street tiles it ships and "
                    + "from vector tile sources you name, with places, search, pins, your own layers and routes. "
                    + "Without a command it opens the map full screen; the commands below print to the standard output for "
                    + "scripts. Every option is described once per meaning under the commands that take it."),
            ".PP", roff("After --, every argument is a word, not an option: mapterm search -- -h looks for \"-h\"."),
            ".PP", roff(HelpText.searchForms.string),
            ".SH COMMANDS",
        ]
        for command in HelpText.everyCommand { page += section(command) }
        page += keys()
        page += [".SH ENVIRONMENT"] + HelpText.environment.flatMap { [".TP", bold($0.name), roff($0.meaning)] }
        page += [".SH FILES"] + HelpText.files.flatMap { [".TP", italic($0.path), roff($0.meaning)] }
        page += [
            ".SH EXIT STATUS",
            ".TP", "0", roff("success"),
            ".TP", "1", roff("failure: a file or server that cannot be used, a search or route that found nothing"),
            ".TP", "2",
            roff("a bad command line, option value or input file (one line on the standard error says which)"),
            ".TP", roff("128+N"), roff("stopped by signal N (Ctrl-C: 130), the terminal restored"),
            ".SH EXAMPLES",
        ]
        for example in examples {
            page += [".PP", roff(example.meaning), ".RS", ".nf", roff(shellLine(example.arguments)), ".fi", ".RE"]
        }
        page +=
            [".SH DATA"] + credits()
        page += [
            ".SH SEE ALSO",
            roff("docs/usage.md and docs/keys.md of the source, " + MaptermRelease.homepage + "."),
        ]
        return page.map { SafeText(sanitizing: $0) }.joined(separator: "\n") + "\n"
    }

    /// The credits of `--about` (its first line, the version, left out) as paragraphs: a line at the
    /// margin starts one; under a heading ending in ":" each line indented by two starts a line of its
    /// own; any other indented line goes on with the one before.
    static func credits() -> [String] {
        var lines: [String] = []
        var listing = false
        for line in HelpText.about.string.split(separator: "\n").dropFirst() {
            let indent = line.prefix { $0 == " " }.count
            let text = roff(line.trimmingCharacters(in: .whitespaces))
            if indent == 0 {
                lines += [".PP", text]
                listing = line.hasSuffix(":")
            } else if indent == 2, listing {
                lines += [".br", text]
            } else {
                lines.append(text)
            }
        }
        return lines
    }

    /// A command's usage line: its words in bold, placeholders in italics.
    static func synopsis(_ command: CommandSpec) -> String {
        let words = command.usage.split(separator: " ")
        let fixed = 1 + (command.name == nil ? 0 : 1)
        return words.enumerated().map { index, word in
            index < fixed ? bold(String(word)) : roff(String(word))
        }.joined(separator: " ")
    }

    /// A command's part of COMMANDS: its name, what it does, its options.
    static func section(_ command: CommandSpec) -> [String] {
        let title = command.name.map { "mapterm " + $0 } ?? "mapterm (the map)"
        var lines = [".SS " + quoted(title), roff(command.summary)]
        if command.name == nil {
            lines += [".PP", roff("In the map, press ? for the keys and the legend (KEYS below).")]
        }
        for option in command.shownOptions {
            let synopsis = bold("--" + option.name) + (option.placeholder.map { " " + italic($0) } ?? "")
            lines += [".TP", synopsis, roff(option.help.joined(separator: " "))]
        }
        return lines
    }

    /// KEYS: a subsection per part of the screen, a tagged paragraph per line of the `KeyTable`.
    static func keys() -> [String] {
        var lines = [".SH KEYS"]
        for section in KeyTable.Section.allCases {
            lines += [".SS " + quoted(section.title)]
            for entry in KeyTable.entries(in: section) {
                lines += [".TP", bold(keys(of: entry)), roff(entry.meaning)]
            }
        }
        return lines
    }

    /// An entry's keys as the page shows them, single spaces between.
    static func keys(of entry: KeyTable.Entry) -> String { entry.shown.split(separator: " ").joined(separator: " ") }

    /// `arguments` as a shell would take them: words with spaces or quotes in single quotes.
    static func shellLine(_ arguments: [String]) -> String {
        (["mapterm"] + arguments).map { word in
            word.allSatisfy { $0.isLetter || $0.isNumber || "-_.,:/=+@%".contains($0) }
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    static func bold(_ text: String) -> String { "\\fB" + roff(text) + "\\fR" }

    static func italic(_ text: String) -> String { "\\fI" + roff(text) + "\\fR" }

    /// A macro argument in double quotes (a double quote inside is written twice, as groff reads it).
    static func quoted(_ text: String) -> String {
        "\"" + roff(text).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as roff input on one line: a backslash is `\e`, a hyphen `\-`, a character outside ASCII
    /// `\[uXXXX]`, a comma or slash inside a word may break the line there (`\:`: lists of kinds and
    /// paths are longer than a line), and a line starting with `.` or `'` (a request) is guarded with `\&`.
    static func roff(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if index > 0, scalars[index - 1] == "," || scalars[index - 1] == "/", scalar != " " { out += "\\:" }
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n", "\t": out += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default: out += "\\[u" + hex(scalar.value) + "]"
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }

    /// `value` in upper-case hexadecimal, at least four digits (groff's `\[uXXXX]`).
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
