/// A bad command line, described in one line for stderr (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Parsed `--name value` options and `--flag` switches of one subcommand; rejects anything unknown.
struct ArgumentList {
    private(set) var values: [String: String] = [:]
    /// Every value of each option, in order (an option given twice keeps both; `values` the last).
    private(set) var allValues: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// Parses `arguments` where `options` take a value and `switches` do not.
    init(_ arguments: [String], options: Set<String>, switches: Set<String>, positional maxPositional: Int = 0) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument.hasPrefix("--") {
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
                    values[name] = value
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

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// Every value given to a repeatable option, in order.
    func all(_ name: String) -> [String] { allValues[name] ?? [] }
    subscript(name: String) -> String? { values[name] }
}
