/// Something wrong in a layer file that did not stop the rest from loading: where it is and what.
public struct LayerProblem: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the file, when known.
    public var line: Int?
    /// The 0-based index of the feature in the file (or in its collection), when known.
    public var feature: Int?
    /// One sentence, without the file name: "latitude 1e308 is out of range".
    public var message: String

    public init(line: Int? = nil, feature: Int? = nil, message: String) {
        self.line = line
        self.feature = feature
        self.message = message
    }

    /// "line 12: latitude 1e308 is out of range", "feature 3: …", or the message alone.
    public var description: String {
        if let line { return "line \(line): \(message)" }
        if let feature { return "feature \(feature): \(message)" }
        return message
    }
}

/// A problem is also the failure of a `Result` (a stream line that did not load).
extension LayerProblem: Error {}

extension LayerProblem {
    /// The problem where reading stopped: "…; the rest of the file is skipped", unless `message` says
    /// the file ends there.
    static func stop(line: Int, message: String) -> LayerProblem {
        LayerProblem(
            line: line,
            message: message.hasPrefix("the file ends") ? message : "\(message); the rest of the file is skipped")
    }
}
