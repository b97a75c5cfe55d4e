import TextSafety

/// One command's command line, made from the option table: what its usage line shows, in order, and
/// so which options it accepts, its usage line and its `--help`.
struct CommandSpec {
    /// One piece of a usage line.
    enum Item {
        /// `--name VALUE`, which must be given.
        case required(any CommandOption)
        /// `[--name VALUE]`.
        case optional(any CommandOption)
        /// `[--name VALUE]...`: may be given again.
        case repeated(any CommandOption)
        /// A word that is not an option (QUERY, FILE).
        case positional(String)
        /// `(A | B C)` when one of the groups is required, else `[A | B C]`.
        case oneOf([[any CommandOption]], required: Bool)
        /// `[NAME]`: the options of a group described in its own help section (FILTERS).
        case group(String, [any CommandOption])
    }

    /// The command's word after `mapterm` ("render"), or nil for the map itself.
    let name: String?
    /// What the command does, one sentence (its `--help`, the man page, the completions).
    let summary: String
    let items: [Item]
    /// Most arguments that are not options (words of a query, a file).
    var maxPositional = 0
    /// Options accepted but not shown (test hooks).
    var hidden: [any CommandOption] = []
    /// What the completions offer for the arguments that are not options (a file, fixed words).
    var words: ValueCompletion = .none

    /// Every option the command takes, in usage order, `--help` last.
    var options: [any CommandOption] {
        items.flatMap { item -> [any CommandOption] in
            switch item {
            case .required(let option), .optional(let option), .repeated(let option): return [option]
            case .positional: return []
            case .oneOf(let groups, _): return groups.flatMap { $0 }
            case .group(_, let options): return options
            }
        } + hidden + [OptionTable.help]
    }

    /// Parses the command's arguments.
    /// - Throws: `UsageError` for an unknown option, a missing value or an extra argument.
    func parse(_ arguments: [String]) throws -> ArgumentList {
        try ArgumentList(arguments, accepting: options, positional: maxPositional)
    }

    /// Parses `arguments` and runs `body` with them, or prints the command's help for `--help`.
    func run(_ arguments: [String], _ body: (ArgumentList) throws -> Void) throws {
        let args = try parse(arguments)
        if args.has(OptionTable.help) {
            Console.outRaw(help)
        } else {
            try body(args)
        }
    }

    /// "render needs --size COLSxROWS (USAGE)": the error for a required option (or word) left out.
    func missing(_ what: String) -> UsageError {
        UsageError("\(name ?? "mapterm") needs \(what) (\(usage))")
    }

    /// The error for a required option left out.
    func missing(_ option: any CommandOption) -> UsageError { missing(option.synopsis) }

    // MARK: Text

    /// The usage on one line, for messages: "mapterm render --center LAT,LON|NAME --zoom Z ...".
    var usage: String { (["mapterm"] + (name.map { [$0] } ?? []) + items.map(Self.text)).joined(separator: " ") }

    /// The usage as `mapterm --help` shows it: indented two spaces, wrapped at `width` characters, each
    /// line after the first indented to the command's arguments.
    func usageLines(width: Int = 104) -> [SafeText] {
        var lines = [["mapterm"] + (name.map { [$0] } ?? [])]
        var length = lines[0].joined(separator: " ").count + 2
        let indent = "mapterm".count + 3
        for piece in items.map(Self.text) {
            if length + 1 + piece.count > width {
                lines.append([piece])
                length = indent + piece.count
            } else {
                lines[lines.count - 1].append(piece)
                length += 1 + piece.count
            }
        }
        return lines.enumerated().map { index, words in
            .spaces(index == 0 ? 2 : indent) + SafeText(sanitizing: words.joined(separator: " "))
        }
    }

    /// Every option the command shows (in usage, help, the man page and the completions).
    var shownOptions: [any CommandOption] { options.filter { !$0.isHidden } }

    /// `mapterm CMD --help` (or `-h`): the usage, what the command does, then every option the
    /// command takes with its help.
    var help: SafeText {
        let head: [SafeText] = ["usage:"] + usageLines() + ["", SafeText(sanitizing: summary), "", "options:"]
        return (head + shownOptions.flatMap(Self.helpLines)).joined(separator: "\n") + "\n"
    }

    /// Width of the synopsis column of the help, before its one space.
    static let synopsisWidth = 18

    /// An option's help: "  --zoom Z           zoom 0...18, ...", more lines under the first; a synopsis
    /// wider than its column stands on a line of its own.
    static func helpLines(_ option: any CommandOption) -> [SafeText] {
        helpLines(name: option.synopsis, help: option.help)
    }

    /// Help lines of a name (an option's synopsis, an environment variable) and its help.
    static func helpLines(name: String, help lines: [String]) -> [SafeText] {
        let synopsis = SafeText(sanitizing: name)
        let indent = SafeText.spaces(2 + synopsisWidth + 1)
        let help = lines.map { SafeText(sanitizing: $0) }
        guard let first = help.first else { return ["  " + synopsis] }
        let width = name.count
        let head: [SafeText] =
            width <= synopsisWidth
            ? ["  " + synopsis + .spaces(synopsisWidth - width + 1) + first] : ["  " + synopsis, indent + first]
        return head + help.dropFirst().map { indent + $0 }
    }

    private static func text(_ item: Item) -> String {
        func shown(_ group: [any CommandOption]) -> String { group.map(\.synopsis).joined(separator: " ") }
        switch item {
        case .required(let option): return option.synopsis
        case .optional(let option): return "[\(option.synopsis)]"
        case .repeated(let option): return "[\(option.synopsis)]..."
        case .positional(let word): return word
        case .oneOf(let groups, let required):
            let inner = groups.map(shown).joined(separator: " | ")
            return required ? "(\(inner))" : "[\(inner)]"
        case .group(let name, _): return "[\(name)]"
        }
    }
}
