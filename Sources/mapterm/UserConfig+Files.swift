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
    /// `warn`: unknown keys are one warning line on stderr (`unknownKeysNote`); the map, whose screen
    /// would hide it, shows the note in its status bar instead.
    static func load(from url: URL = defaultURL(), warn: Bool = true) throws -> UserConfig {
        guard FileManager.default.fileExists(atPath: url.path) else { return UserConfig() }
        let shown = TextSanitizer.clean(url.path, maxLength: 200)
        guard let data = try? Data(contentsOf: url) else {
            throw UsageError("cannot read the settings file \(shown)")
        }
        let config: UserConfig
        do {
            config = try parse(data)
        } catch {
            throw UsageError(error.message(file: shown))
        }
        if warn, let note = config.unknownKeysNote(file: url) { Diagnostics.say(note) }
        return config
    }

    /// The settings for commands that only inform (`--about`, `--help`, `--version`): a broken file is
    /// one line on stderr ("…; going on without it") and the defaults.
    static func loadOrDefaults(from url: URL = defaultURL()) -> UserConfig {
        do {
            return try load(from: url)
        } catch {
            Diagnostics.say("\(error); going on without it")
            return UserConfig()
        }
    }

    /// "the settings file FILE has an unknown key "colour" (ignored)" (several keys listed); nil when
    /// every key is known.
    func unknownKeysNote(file url: URL) -> String? {
        guard !unknownKeys.isEmpty else { return nil }
        let names = unknownKeys.map { "\"\(TextSanitizer.clean($0, maxLength: 40))\"" }.joined(separator: ", ")
        let noun = unknownKeys.count == 1 ? "an unknown key" : "unknown keys"
        return "the settings file \(TextSanitizer.clean(url.path, maxLength: 200)) has \(noun) \(names) (ignored)"
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
