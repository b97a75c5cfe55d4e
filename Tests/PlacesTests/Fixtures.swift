import Foundation

/// Files in `Tests/PlacesTests/Fixtures`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Refuge Restrooms API v1 JSON, Austin, 2017: 255 records, 245 distinct ids.
    static let austinJSON = "refuge_austin_2017_api.json"
    /// The same data as CSV, deduplicated: 245 records, some with quoted line breaks.
    static let austinCSV = "refuge_austin_2017.csv"
}
