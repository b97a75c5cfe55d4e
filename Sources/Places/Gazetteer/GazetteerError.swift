import Foundation

/// Why the gazetteer files (`Resources/gazetteer/*.bin`, written by `Resources/tools/make_gazetteer.py`,
/// and `search.bin` by `GazetteerSearchIndex.fileBytes()`)
/// could not be loaded. `description` is one short sentence for an alert or a log line.
public enum GazetteerError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The file is missing or unreadable; the text says which and why.
    case unreadable(String)
    /// The file is not a gazetteer file of the expected kind (wrong magic bytes or kind).
    case wrongKind(file: String, expected: String)
    /// The file was written by a newer version of the tool.
    case unsupportedVersion(file: String, version: Int)
    /// The file ends early or holds an impossible value; the text says where.
    case corrupt(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): return "Gazetteer file unreadable: \(reason)."
        case .wrongKind(let file, let expected): return "\(file) is not a gazetteer \(expected) file."
        case .unsupportedVersion(let file, let version): return "\(file) has unsupported version \(version)."
        case .corrupt(let file, let reason): return "\(file) is corrupt: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}
