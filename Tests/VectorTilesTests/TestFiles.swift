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

    /// A fresh private directory, removed by the caller with `removeItem`.
    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapterm-vt-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// SplitMix64: a tiny seeded generator so fuzz runs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
