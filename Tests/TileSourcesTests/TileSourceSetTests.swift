import Foundation
import Storage
import TestSupport
import Testing
import TileSources

/// How the set of sources opens their disk caches.
@Suite struct TileSourceSetTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-sources-\(UUID().uuidString)")
    }

    static func open(limit: Int, in folder: URL) throws -> TileSourceSet {
        let port = try HTTPTestServer.unusedPort()
        let spec = try TileSourceSpec(parsing: "http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.pbf")
        return try TileSourceSet(
            specs: [spec], options: .init(cacheDirectory: folder, cacheLimitBytes: limit),
            openLocal: { _ in throw TileSourceError.unusable("no local sources here") })
    }

    @Test func aCacheLimitOfZeroMeansNoCacheFile() throws {
        let none = Self.folder()
        let sources = try Self.open(limit: 0, in: none)
        #expect(sources.remote.count == 1)
        #expect(sources.cacheProblem == nil, "no cache is what was asked for, not a problem")
        let made = (try? FileManager.default.contentsOfDirectory(atPath: none.path)) ?? []
        #expect(made.isEmpty, "no cache file: \(made)")

        let some = Self.folder()
        _ = try Self.open(limit: 1 << 20, in: some)
        #expect(try FileManager.default.contentsOfDirectory(atPath: some.path).count == 1, "a limit makes one")
    }
}
