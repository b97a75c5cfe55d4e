import Foundation
import Places

/// Reads the files of the gazetteer (`Resources/gazetteer`) for the parsers of Places.
public enum GazetteerFile {
    /// The bytes of the file at `url`.
    /// - Throws: `GazetteerError.unreadable` naming the file and why.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw GazetteerError.unreadable("\(url.path): \(error.localizedDescription)")
        }
    }
}

extension ReverseGeocoder {
    /// Loads the gazetteer from `directory` (the `Resources/gazetteer` folder).
    /// - Throws: `GazetteerError` when a file is missing, of the wrong kind or corrupt.
    public convenience init(directory: URL) throws {
        try self.init { name in try GazetteerFile.bytes(directory.appendingPathComponent(name)) }
    }
}
