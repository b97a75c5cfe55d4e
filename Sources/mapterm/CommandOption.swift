/// One entry of the option table: its name (`--name`), the value it takes (nil for a switch), and its
/// help, its lines as `mapterm --help` prints them (the first after the synopsis, the others below).
protocol CommandOption: Sendable {
    var name: String { get }
    /// The value's placeholder in usage and help ("LAT,LON", "Z"); nil for a switch.
    var placeholder: String? { get }
    var help: [String] { get }
    /// A hidden option is accepted but left out of usage and help (test hooks).
    var isHidden: Bool { get }
}

/// `--name VALUE`, read by `parse` into a checked value (a bad value is a `UsageError`).
struct ValueOption<Value>: CommandOption {
    let name: String
    let value: String
    let help: [String]
    var isHidden = false
    let parse: @Sendable (String) throws -> Value

    init(
        _ name: String, _ value: String, help: [String], isHidden: Bool = false,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.isHidden = isHidden
        self.parse = parse
    }

    var placeholder: String? { value }
}

extension ValueOption where Value == String {
    /// An option whose value is used as given (a path, a URL, an id).
    init(_ name: String, _ value: String, help: [String], isHidden: Bool = false) {
        self.init(name, value, help: help, isHidden: isHidden) { $0 }
    }
}

/// `--name` without a value.
struct SwitchOption: CommandOption {
    let name: String
    let help: [String]

    init(_ name: String, help: [String]) {
        self.name = name
        self.help = help
    }

    var placeholder: String? { nil }
    var isHidden: Bool { false }
}

extension CommandOption {
    /// "--center LAT,LON|NAME" or "--ascii".
    var synopsis: String { placeholder.map { "--\(name) \($0)" } ?? "--\(name)" }
}
