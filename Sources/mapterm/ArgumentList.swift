/// A bad command line, described in one line for stderr (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Parsed `--name value` options and `--flag` switches of one subcommand; rejects anything unknown.
/// Values are read through the option table's entries, so each is parsed by its own option's parser.
/// `-h` is `--help`; after `--` every argument is a word, not an option (`search -- -h` looks for
/// "-h").
struct ArgumentList {
    private var allValues: [String: [String]] = [:]
    private var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// Parses `arguments` against `accepted` (options with a placeholder take a value, switches do not),
    /// keeping up to `maxPositional` arguments that are not options.
    init(_ arguments: [String], accepting accepted: [any CommandOption], positional maxPositional: Int = 0) throws {
        let options = Set(accepted.filter { $0.placeholder != nil }.map(\.name))
        let switches = Set(accepted.filter { $0.placeholder == nil }.map(\.name))
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if !optionsEnded, argument == "--" {
                optionsEnded = true
            } else if !optionsEnded, argument == Self.shortHelp, switches.contains(OptionTable.help.name) {
                flags.insert(OptionTable.help.name)
            } else if !optionsEnded, argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inlineValue: String?
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if switches.contains(name), inlineValue == nil {
                    flags.insert(name)
                } else if options.contains(name) {
                    guard let value = inlineValue ?? rest.popFirst() else {
                        throw UsageError("--\(name) needs a value")
                    }
                    allValues[name, default: []].append(value)
                } else {
                    throw UsageError("unknown option \(argument) (see mapterm --help)")
                }
            } else if positional.count < maxPositional {
                positional.append(argument)
            } else {
                throw UsageError("unexpected argument '\(argument)' (see mapterm --help)")
            }
        }
    }

    /// `-h`, the short form of `--help`.
    static let shortHelp = "-h"

    func has(_ option: SwitchOption) -> Bool { flags.contains(option.name) }

    /// The text of the option's last value (an option given twice keeps the last), unparsed.
    func text<Value>(_ option: ValueOption<Value>) -> String? { allValues[option.name]?.last }

    /// The option's last value, parsed; nil when it is not given.
    func value<Value>(_ option: ValueOption<Value>) throws -> Value? { try text(option).map(option.parse) }

    /// Every value given to a repeatable option, in order, parsed.
    func values<Value>(_ option: ValueOption<Value>) throws -> [Value] {
        try (allValues[option.name] ?? []).map(option.parse)
    }
}
