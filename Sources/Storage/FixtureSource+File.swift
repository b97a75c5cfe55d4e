import Foundation
import Places

extension FixtureSource {
    /// A source over the places of a JSON file, sanitised (see `decode`).
    /// - Throws: `PlaceSourceError.unavailable` (missing or unreadable), `.tooLarge` (over 10 MiB),
    ///   `.undecodable` (not a JSON array of places, or a place with an invalid coordinate).
    public init(contentsOf url: URL) throws {
        do {
            try RegularFile.check(url.path)
        } catch {
            throw PlaceSourceError.unavailable("\(error)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue else {
            throw PlaceSourceError.unavailable("\(url.path) does not exist or is not accessible")
        }
        guard size <= Self.maxFileBytes else { throw PlaceSourceError.tooLarge }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PlaceSourceError.unavailable("\(url.path) cannot be read")
        }
        self.init(places: try Self.decode(data))
    }

    /// A source over the places of the JSON file at `path`; see `init(contentsOf:)`.
    public init(path: String) throws {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }
}
