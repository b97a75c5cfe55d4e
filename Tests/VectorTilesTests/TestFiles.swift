import Foundation

/// Paths of test data, found from this file's location (never from /work/shared).
enum TestFiles {
    /// The repository root: Tests/VectorTilesTests/TestFiles.swift → three levels up.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Monaco OpenMapTiles file: `Resources/monaco.mbtiles`, else the test fixture copy.
    static var monaco: String {
        let resource = repoRoot.appendingPathComponent("Resources/monaco.mbtiles").path
        if FileManager.default.fileExists(atPath: resource) { return resource }
        return repoRoot.appendingPathComponent("Tests/VectorTilesTests/Fixtures/monaco.mbtiles").path
    }

    /// The generated world basemap, when another step has produced it.
    static var world: String? {
        let path = repoRoot.appendingPathComponent("Resources/world.mbtiles").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A file of `Tests/VectorTilesTests/Fixtures` (PMTiles archives: see `make_pmtiles.sh` there).
    static func fixture(_ name: String) -> String {
        repoRoot.appendingPathComponent("Tests/VectorTilesTests/Fixtures").appendingPathComponent(name).path
    }

    /// A fresh private directory, removed by the caller with `removeItem`.
    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapterm-vt-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
