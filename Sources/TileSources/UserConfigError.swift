/// What is wrong with a settings file (see `UserConfig.parse`).
public enum UserConfigError: Error, Equatable, Sendable {
    /// Larger than `UserConfig.maximumBytes`.
    case tooLarge
    /// Not JSON, or JSON but not an object.
    case notAnObject
    /// `key` holds something other than a string or a list of strings.
    case notStrings(key: String)
    /// `key` holds something other than `expected` ("a number of days, 0...3650").
    case outOfRange(key: String, expected: String)

    /// One line naming the file as `file` (which the caller has sanitised).
    public func message(file: String) -> String {
        switch self {
        case .tooLarge: return "cannot read the settings file \(file)"
        case .notAnObject: return "the settings file \(file) is not a JSON object"
        case .notStrings(let key): return "\"\(key)\" in \(file) must be a string or a list of strings"
        case .outOfRange(let key, let expected): return "\"\(key)\" in \(file) must be \(expected)"
        }
    }
}
