import Foundation
import GeoCore
import Places
import Positioning
import Storage
import TextSafety
import TileSources

/// What the map (and `render`) is asked to show, from the arguments, the environment and the settings
/// file, every value checked: made without opening anything (`MapSetup` opens what it names).
struct MapConfiguration {
    /// `--center`: a point, or a name the set-up looks up (`NamedCenter`).
    enum Center: Equatable {
        case point(LatLon)
        case named(String)

        /// A point in any form `PointArgument` reads, else a name; text without letters that is not a
        /// point, a point off the Earth, and a name with control characters or escape sequences are
        /// refused.
        init(parsing text: String) throws {
            if let point = PointArgument.read(text) {
                self = .point(try point.mapError { UsageError("--center: \($0.description)") }.get())
                return
            }
            guard text.contains(where: \.isLetter) else {
                throw UsageError("--center must be \(PointArgument.forms) or a place name (got '\(text)')")
            }
            guard TextSanitizer.clean(text) == text else {
                throw UsageError(
                    "--center must be LAT,LON or a place name, without control characters (got '\(TextSanitizer.clean(text))')"
                )
            }
            self = .named(text)
        }
    }

    /// `--location` (else `MAPTERM_LOCATION`, else the settings file's `location`) as given, and what it
    /// names (a fixed point or gpsd) or why it names nothing (only `MAPTERM_LOCATION` and the settings file
    /// can fail here: a bad `--location` is a usage error, exit 2).
    struct Location {
        var text: String
        var value: Result<LocationValue, UsageError>

        /// The fixed point given, if that is what was given.
        var point: LatLon? {
            if case .success(.point(let point)) = value { return point }
            return nil
        }

        /// The gpsd asked for, if that is what was given.
        var gpsd: GPSDEndpoint? {
            if case .success(.gpsd(let endpoint)) = value { return endpoint }
            return nil
        }

        /// What `text` names, or why it names nothing (naming `--option`).
        static func read(_ text: String, option: String) -> Location {
            Location(
                text: text, value: Result { () throws(UsageError) in try LocationValue.parse(text, option: option) })
        }
    }

    /// Where the user is: a fixed point, or gpsd.
    enum LocationValue {
        case point(LatLon)
        case gpsd(GPSDEndpoint)

        /// The point, when this is a fixed one.
        var fixedPoint: LatLon? {
            if case .point(let point) = self { return point }
            return nil
        }

        /// What a `--location` value names: `gpsd`, `gpsd://HOST:PORT` or a point.
        static func parse(_ text: String, option: String) throws(UsageError) -> LocationValue {
            guard GPSDEndpoint.isGPSD(text) else { return .point(try PointArgument.parse(text, option: option)) }
            do {
                return .gpsd(try GPSDEndpoint.parse(text))
            } catch {
                throw UsageError(
                    "--\(option) '\(TextSanitizer.clean(text, maxLength: 60))' is not a gpsd address: \(error)")
            }
        }
    }

    var center: Center?
    var zoom: Double?
    /// The `--tiles` sources, in order (empty: the settings file's, else the default).
    var tiles: [String]
    /// `--offline`: no tile requests at all.
    var offline: Bool
    var ascii: Bool
    var filter: PlaceFilter
    /// `--source` (else the settings file's `source`): embedded, refuge or a JSON file; nil for the
    /// default (the places database and the live Refuge Restrooms API); `--api-base` for the live API.
    var placeSource: String?
    var apiBase: String?
    var location: Location?
    var layers: LayerOptions
    /// The settings file's contents.
    var settings: UserConfig
    /// Where the settings file is (for messages about it).
    var settingsURL: URL
    /// Where the pins are kept.
    var pinsURL: URL
    /// Where the last view is kept.
    var lastView: LastViewFile
    /// Where remote tiles are cached.
    var tileCacheURL: URL
    /// The router `g` asks (`--router`, else the settings file's `router`; none with `--offline`).
    var router: RouterSetup

    /// The configuration the arguments ask for, `environment` naming the files (XDG folders) and the
    /// location when `--location` is not given (`MAPTERM_LOCATION`), `settings` the settings file's.
    /// - Throws: `UsageError` for a bad value.
    init(_ args: ArgumentList, environment: [String: String], settings: UserConfig) throws {
        filter = try FilterOptions.filter(args, hiding: true)
        center = try args.value(OptionTable.center)
        zoom = try args.value(OptionTable.zoom)
        tiles = try args.values(OptionTable.tiles)
        offline = args.has(OptionTable.offline)
        ascii = args.has(OptionTable.ascii)
        placeSource = args.text(OptionTable.source) ?? settings.source
        apiBase = args.text(OptionTable.apiBase)
        if let text = args.text(OptionTable.location) {
            // Given on the command line: a bad value stops here, like a bad --center.
            location = Location(text: text, value: .success(try LocationValue.parse(text, option: "location")))
        } else if let text = environment["MAPTERM_LOCATION"], !text.isEmpty {
            location = Location.read(text, option: "location")
        } else if let text = settings.location {
            location = Location.read(text, option: "location")
        }
        layers = try LayerOptions(args, settings: settings)
        self.settings = settings
        settingsURL = UserConfig.defaultURL(environment: environment)
        pinsURL = PinFile.defaultURL(environment: environment)
        lastView = LastViewFile.defaultFile(environment: environment)
        tileCacheURL = UserConfig.tileCacheURL(environment: environment)
        router = try RouterSetup.make(option: args.text(OptionTable.router), config: settings, offline: offline)
    }
}
