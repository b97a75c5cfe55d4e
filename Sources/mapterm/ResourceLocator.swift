import Foundation

/// Finds the data files the program ships: `$MAPTERM_RESOURCES`, else a `Resources` folder above the
/// executable (a SwiftPM build inside the source tree), else `../share/mapterm` next to it (installed).
struct ResourceLocator {
    let directory: URL

    static func locate() throws -> ResourceLocator {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["MAPTERM_RESOURCES"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            guard isResources(url) else { throw UsageError("MAPTERM_RESOURCES=\(explicit) holds no world.mbtiles") }
            return ResourceLocator(directory: url)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(
            URL.init(fileURLWithPath:))
        for start in [real, executable].compactMap({ $0 }) {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<8 {
                for candidate in [
                    folder.appendingPathComponent("Resources"), folder.appendingPathComponent("share/mapterm"),
                ]
                where isResources(candidate) {
                    return ResourceLocator(directory: candidate)
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw UsageError("cannot find the Resources folder (world.mbtiles); set MAPTERM_RESOURCES")
    }

    static func isResources(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("world.mbtiles").path)
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
