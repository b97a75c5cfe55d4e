import Foundation
import TextSafety
import TileSources

/// Where the settings file and the tile cache live, and reading the settings file (parsed by
/// `UserConfig.parse`).
extension UserConfig {
    /// The file's location for this environment.
    static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_CONFIG_HOME", fallback: ".config", environment).appendingPathComponent("mapterm/config.json")
    }

    /// Where remote tiles are cached: `$XDG_CACHE_HOME/mapterm/tiles` (else `~/.cache/mapterm/tiles`).
    static func tileCacheURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_CACHE_HOME", fallback: ".cache", environment).appendingPathComponent("mapterm/tiles")
    }

    /// Reads the file at `url`; a missing file gives the defaults, a broken one a `UsageError` (one line).
    static func load(from url: URL = defaultURL()) throws -> UserConfig {
        guard FileManager.default.fileExists(atPath: url.path) else { return UserConfig() }
        let shown = TextSanitizer.clean(url.path, maxLength: 200)
        guard let data = try? Data(contentsOf: url) else {
            throw UsageError("cannot read the settings file \(shown)")
        }
        do {
            return try parse(data)
        } catch {
            throw UsageError(error.message(file: shown))
        }
    }

    private static func folder(_ variable: String, fallback: String, _ environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let base =
            home.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
        return base.appendingPathComponent(fallback, isDirectory: true)
    }
}
