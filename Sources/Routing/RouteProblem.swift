import TextSafety

/// Why no route came back; each says itself in one sanitised line.
public enum RouteProblem: Error, Equatable, Sendable {
    /// No router was asked: `--offline`, or none is configured.
    case noServer(String)
    /// The router could not be reached or failed (network, HTTP status, time-out).
    case unreachable(String)
    /// The router answered something that is not a route (garbage, wrong types, numbers out of range).
    case badAnswer(String)
    /// The router found no way between the points (an island, a closed area).
    case noRoute(String)
    /// The router refused the question (its own error code and message).
    case refused(String)

    /// One line for the user, cleaned of control characters.
    public var message: String {
        switch self {
        case .noServer(let why): return TextSanitizer.clean("no route server (\(why))", maxLength: 200)
        case .unreachable(let why): return TextSanitizer.clean("route server unreachable: \(why)", maxLength: 200)
        case .badAnswer(let why): return TextSanitizer.clean("route server answered badly: \(why)", maxLength: 200)
        case .noRoute(let why): return TextSanitizer.clean("no way along roads: \(why)", maxLength: 200)
        case .refused(let why): return TextSanitizer.clean("route server refused: \(why)", maxLength: 200)
        }
    }

    /// True when a server answered (a route cannot exist); false when none could be asked or reached.
    public var serverAnswered: Bool {
        switch self {
        case .noRoute, .refused: return true
        case .noServer, .unreachable, .badAnswer: return false
        }
    }
}
