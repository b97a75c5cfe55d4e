import Foundation

/// Paths inside the source tree, found from this file's location (tests never read ../shared).
public enum RepositoryPaths {
    /// The repository root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `Resources/`.
    public static func resource(_ name: String) -> URL {
        root.appendingPathComponent("Resources").appendingPathComponent(name)
    }
}
