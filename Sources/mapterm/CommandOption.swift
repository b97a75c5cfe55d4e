/// One entry of the option table: its name (`--name`), the value it takes (nil for a switch), and its
/// help, its lines as `mapterm --help` prints them (the first after the synopsis, the others below).
protocol CommandOption: Sendable {
    var name: String { get }
    /// The value's placeholder in usage and help ("LAT,LON", "Z"); nil for a switch.
    var placeholder: String? { get }
    var help: [String] { get }
    /// A hidden option is accepted but left out of usage and help (test hooks).
    var isHidden: Bool { get }
    /// What a shell's completion offers for the value (nothing for a switch).
    var completion: ValueCompletion { get }
    /// True when `text` is a value the option's parser takes (a switch takes none).
    func accepts(_ text: String) -> Bool
}

/// What the completion scripts offer for an option's value or a command's words: fixed words its
/// parser takes, file paths, or nothing (free text such as a coordinate).
struct ValueCompletion: Sendable, Equatable {
    /// Words taken as they are ("car", "restroom").
    var words: [String] = []
    /// True when the value may be a file's path.
    var files = false
    /// True when the value is a comma-separated list of `words` ("cafe,atm").
    var isList = false
    /// What may follow a file's path, then one of `qualifierWords` (":color=" of `--layer`); empty for none.
    var qualifier = ""
    var qualifierWords: [String] = []

    /// Nothing to offer.
    static let none = ValueCompletion()
    /// A file's path.
    static let file = ValueCompletion(files: true)

    static func words(_ words: [String]) -> ValueCompletion { ValueCompletion(words: words) }
}

/// `--name VALUE`, read by `parse` into a checked value (a bad value is a `UsageError`).
struct ValueOption<Value>: CommandOption {
    let name: String
    let value: String
    let help: [String]
    var isHidden = false
    let completion: ValueCompletion
    let parse: @Sendable (String) throws -> Value

    init(
        _ name: String, _ value: String, help: [String], isHidden: Bool = false, completion: ValueCompletion = .none,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.isHidden = isHidden
        self.completion = completion
        self.parse = parse
    }

    var placeholder: String? { value }

    func accepts(_ text: String) -> Bool { (try? parse(text)) != nil }
}

extension ValueOption where Value == String {
    /// An option whose value is used as given (a path, a URL, an id).
    init(_ name: String, _ value: String, help: [String], isHidden: Bool = false, completion: ValueCompletion = .none) {
        self.init(name, value, help: help, isHidden: isHidden, completion: completion) { $0 }
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
    var completion: ValueCompletion { .none }
    func accepts(_ text: String) -> Bool { false }
}

extension CommandOption {
    /// "--center LAT,LON|NAME" or "--ascii".
    var synopsis: String { placeholder.map { "--\(name) \($0)" } ?? "--\(name)" }
}
