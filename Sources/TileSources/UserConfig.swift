import Foundation
import GeoCore
import Network

/// The settings of the file `$XDG_CONFIG_HOME/mapterm/config.json` (else `~/.config/mapterm/config.json`):
///
/// ```json
/// { "tiles": ["https://tiles.example.org/planet.json", "~/maps/city.pmtiles"],
///   "tile_cache_mb": 500, "tile_max_age_days": 7, "layers": ["~/trips.geojson:color=red"],
///   "source": "embedded", "router": "https://routing.example.org", "location": "gpsd" }
/// ```
/// Every key is optional; unknown keys are kept in `unknownKeys` (for a warning) and otherwise ignored. `--tiles` on the command line replaces the
/// file's `tiles`, and `--layer` its `layers`. Without `tiles` the map uses `DefaultTiles.source`;
/// `"tiles": []` uses none (the shipped maps only, as `--offline` does).
public struct UserConfig: Equatable, Sendable {
    /// Tile sources drawn over the shipped maps, in order (later over earlier); nil when the file does not
    /// say (then the default source is used), empty when it asks for none.
    public var tiles: [String]?
    /// Most megabytes each remote source's disk cache may take, a whole number 0...1 000 000; 0: no disk
    /// cache (tiles fetched in a session are kept in memory either way).
    public var tileCacheMB = 500
    /// Days a downloaded tile is reused when its server does not say, 0...3650.
    public var tileMaxAgeDays = 7.0
    /// Layer files drawn over the map (`--layer` values), in order.
    public var layers: [String] = []
    /// Where places come from (a `--source` value); nil for the default (the places database and the
    /// live Refuge Restrooms API).
    public var source: String?
    /// Where the user is (a `--location` value: `LAT,LON`, `gpsd` or `gpsd://HOST:PORT`); nil when the
    /// file does not say. `--location` and `MAPTERM_LOCATION` replace it.
    public var location: String?

    /// Keys of the file that are none of `knownKeys`, sorted, as written (not sanitised).
    public var unknownKeys: [String] = []

    /// The keys a settings file may hold.
    public static let knownKeys: Set<String> = [
        "tiles", "tile_cache_mb", "tile_max_age_days", "layers", "source", "router", "location",
    ]

    /// The OSRM-API server routes are asked of: one for every profile, or one per profile; nil for the
    /// default (FOSSGIS's public servers). `--router` replaces it.
    public var router: Router?

    /// `"router"`: `"URL"` or `{"car": URL, "bike": URL, "foot": URL}` (profiles left out have no
    /// router), every URL http or https with a host.
    public enum Router: Equatable, Sendable {
        case all(URL)
        /// URLs by profile name ("car", "bike", "foot").
        case perProfile([String: URL])

        /// The profile names an object may hold.
        public static let profiles: Set<String> = ["car", "bike", "foot"]
    }

    /// What `router` must be, as messages say it.
    public static let routerRule =
        "an http(s) URL of an OSRM server, or {\"car\": URL, \"bike\": URL, \"foot\": URL}"

    /// What `tile_cache_mb` must be, as messages say it.
    public static let cacheSizeRule = "a whole number of megabytes, 0...1000000 (0: no disk cache)"

    /// The largest settings file read, in bytes (1 MiB).
    public static let maximumBytes = 1 << 20

    public init(tiles: [String]? = nil, tileCacheMB: Int = 500, tileMaxAgeDays: Double = 7, layers: [String] = []) {
        self.tiles = tiles
        self.tileCacheMB = tileCacheMB
        self.tileMaxAgeDays = tileMaxAgeDays
        self.layers = layers
    }

    /// The settings in the bytes of a settings file.
    /// - Throws: `UserConfigError` when the file is too large, not a JSON object, or a key's value is
    ///   of the wrong type or out of range.
    public static func parse(_ data: Data) throws(UserConfigError) -> UserConfig {
        guard data.count <= maximumBytes else { throw .tooLarge }
        guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
            throw .notAnObject
        }
        var config = UserConfig()
        config.unknownKeys = json.keys.filter { !knownKeys.contains($0) }.sorted()
        if let tiles = try strings(json["tiles"], key: "tiles") { config.tiles = tiles }
        if let layers = try strings(json["layers"], key: "layers") { config.layers = layers }
        if let value = json["source"] {
            guard let source = value as? String, !source.isEmpty else {
                throw .outOfRange(key: "source", expected: "a place source such as \"embedded\" or \"refuge\"")
            }
            config.source = source
        }
        if let value = json["router"] { config.router = try router(value) }
        if let value = json["location"] {
            guard let location = value as? String, !location.isEmpty else {
                throw .outOfRange(key: "location", expected: "\"LAT,LON\", \"gpsd\" or \"gpsd://HOST:PORT\"")
            }
            config.location = location
        }
        if let value = json["tile_cache_mb"] {
            guard let number = number(value), number.rounded() == number,
                let mb = number.checkedInt(in: 0...1_000_000)
            else { throw .outOfRange(key: "tile_cache_mb", expected: cacheSizeRule) }
            config.tileCacheMB = mb
        }
        if let value = json["tile_max_age_days"] {
            guard let days = number(value), (0...3650).contains(days) else {
                throw .outOfRange(key: "tile_max_age_days", expected: "a number of days, 0...3650")
            }
            config.tileMaxAgeDays = days
        }
        return config
    }

    /// A string or a list of strings as a list; nil when the key is absent.
    private static func strings(_ value: Any?, key: String) throws(UserConfigError) -> [String]? {
        switch value {
        case nil: return nil
        case let one as String: return [one]
        case let list as [Any] where list.allSatisfy({ $0 is String }): return list.compactMap { $0 as? String }
        default: throw .notStrings(key: key)
        }
    }

    /// `"router"`'s value, each URL checked.
    private static func router(_ value: Any) throws(UserConfigError) -> Router {
        func url(_ value: Any) throws(UserConfigError) -> URL {
            guard let text = value as? String, let url = URL(string: text), RouterEndpoints.isUsable(url)
            else { throw .outOfRange(key: "router", expected: routerRule) }
            return url
        }
        if let one = value as? String { return .all(try url(one)) }
        guard let object = value as? [String: Any], !object.isEmpty,
            Set(object.keys).isSubset(of: Router.profiles)
        else { throw .outOfRange(key: "router", expected: routerRule) }
        var urls: [String: URL] = [:]
        for (profile, value) in object { urls[profile] = try url(value) }
        return .perProfile(urls)
    }

    /// A JSON number as a `Double` (checked against a range before any conversion to `Int`).
    private static func number(_ value: Any) -> Double? {
        (value as? NSNumber)?.doubleValue
    }
}
