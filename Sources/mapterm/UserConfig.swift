import Foundation
import GeoCore
import TextSafety

/// The settings file `$XDG_CONFIG_HOME/mapterm/config.json` (else `~/.config/mapterm/config.json`):
///
/// ```json
/// { "tiles": ["https://tiles.example.org/planet.json", "~/maps/city.pmtiles"],
///   "tile_cache_mb": 500, "tile_max_age_days": 7, "layers": ["~/trips.geojson:color=red"] }
/// ```
/// Every key is optional; a missing file means the defaults. `--tiles` on the command line replaces
/// the file's `tiles`, and `--layer` its `layers`.
struct UserConfig: Equatable {
    /// Tile sources drawn over the shipped maps, in order (later over earlier).
    var tiles: [String] = []
    /// Most megabytes each remote source's disk cache may take; 0: no disk cache (tiles fetched in a
    /// session are kept in memory either way).
    var tileCacheMB = 500
    /// Days a downloaded tile is reused when its server does not say.
    var tileMaxAgeDays = 7.0
    /// Layer files drawn over the map (`--layer` values), in order.
    var layers: [String] = []

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
        guard let data = try? Data(contentsOf: url), data.count <= 1 << 20 else {
            throw UsageError("cannot read the settings file \(shown)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
            throw UsageError("the settings file \(shown) is not a JSON object")
        }
        var config = UserConfig()
        switch json["tiles"] {
        case nil: break
        case let one as String: config.tiles = [one]
        case let list as [Any] where list.allSatisfy({ $0 is String }): config.tiles = list.compactMap { $0 as? String }
        default: throw UsageError("\"tiles\" in \(shown) must be a string or a list of strings")
        }
        switch json["layers"] {
        case nil: break
        case let one as String: config.layers = [one]
        case let list as [Any] where list.allSatisfy({ $0 is String }):
            config.layers = list.compactMap { $0 as? String }
        default: throw UsageError("\"layers\" in \(shown) must be a string or a list of strings")
        }
        if let value = json["tile_cache_mb"] {
            guard let number = (value as? NSNumber)?.doubleValue, number.rounded() == number,
                let mb = number.checkedInt(in: 0...1_000_000)
            else {
                throw UsageError(
                    "\"tile_cache_mb\" in \(shown) must be a whole number of megabytes, 0...1000000 (0: no disk cache)")
            }
            config.tileCacheMB = mb
        }
        if let value = json["tile_max_age_days"] {
            guard let days = (value as? NSNumber)?.doubleValue, days.isFinite, days >= 0, days <= 3650 else {
                throw UsageError("\"tile_max_age_days\" in \(shown) must be a number of days, 0...3650")
            }
            config.tileMaxAgeDays = days
        }
        return config
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
