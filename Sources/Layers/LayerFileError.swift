/// A file that cannot be read as a layer at all: unreadable, or not the format it was taken for. Its
/// description is one sentence naming the file (and the line when known): "trip.gpx: line 3: not a
/// GPX file (the root element is <html>)". The reason may quote the file: sanitise before printing.
public struct LayerFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path or name as given.
    public var file: String
    /// The 1-based line where reading stopped, when known.
    public var line: Int?
    /// What is wrong, without the file name.
    public var reason: String

    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { return "\(file): line \(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
