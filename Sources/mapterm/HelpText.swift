import MapFeature
import Network
import TextSafety

/// Texts for `--help` (made from the commands' `CommandSpec`s and the option table), `--version` and
/// `--about`.
enum HelpText {
    static let version = SafeText(sanitizing: MaptermRelease.version)
    /// One line of what mapterm is (`--help`, the man page's NAME).
    static let tagline = "a map of the world in your terminal"

    /// Every command, in the order `mapterm --help` lists them.
    static let commands = [
        InteractiveCommand.spec, RenderCommand.spec, DownloadCommand.spec, PlacesCommand.spec, SearchCommand.spec,
        RouteCommand.spec, ImportCommand.spec, LayerCommand.spec, PinsCommand.spec, TrackCommand.spec,
        AboutCommand.spec,
    ]

    /// The commands that print files for installers (`make install`): left out of the usage above,
    /// named at the end of `--help` and documented in the man page.
    static let installerCommands = [ManualCommand.spec, CompletionsCommand.spec]

    /// Every command: those of the usage, then the installers' ones.
    static let everyCommand = commands + installerCommands

    /// The filters section of `mapterm --help`.
    static let filters: [any CommandOption] = [OptionTable.hide, OptionTable.placesKind] + OptionTable.amenities

    /// The options section of `mapterm --help`: every option every command shows, once per meaning (an
    /// entry of the option table shared by several commands once), in the order the commands first
    /// name them, the filters apart.
    static var options: [any CommandOption] {
        var seen = Set(filters.map { identity(of: $0) })
        return everyCommand.flatMap(\.shownOptions).filter { seen.insert(identity(of: $0)).inserted }
    }

    /// What tells two entries of the option table apart: the same name may mean different things.
    static func identity(of option: any CommandOption) -> String {
        ([option.synopsis] + option.help).joined(separator: "\n")
    }

    /// The environment variables mapterm reads, and what for.
    static let environment: [(name: String, meaning: String)] = [
        (
            "MAPTERM_RESOURCES",
            "the folder of the data mapterm ships (world.mbtiles, places/, gazetteer/); when set, the only place "
                + "looked at; unset, the data is found beside the binary of a source tree (Resources) or of an "
                + "installation (../share/mapterm)"
        ),
        ("MAPTERM_LOCATION", "where you are, LAT,LON, when --location is not given (the map opens there)"),
        ("XDG_CONFIG_HOME", "the settings file is $XDG_CONFIG_HOME/mapterm/config.json (default ~/.config)"),
        (
            "XDG_DATA_HOME",
            "the places database, your pins and your tracks are in $XDG_DATA_HOME/mapterm (default ~/.local/share)"
        ),
        ("XDG_CACHE_HOME", "remote tiles are cached in $XDG_CACHE_HOME/mapterm/tiles (default ~/.cache)"),
        (
            "XDG_STATE_HOME",
            "the view at the last quit is in $XDG_STATE_HOME/mapterm/view.json (default ~/.local/state)"
        ),
        ("HOME", "the home folder the defaults above are in"),
        ("TERM", "the terminal's type (its colours, its mouse)"),
        ("NO_COLOR", "when set and not empty, the map is drawn without colour (no-color.org)"),
        ("LC_ALL, LC_CTYPE, LANG", "the first set names the locale; without UTF-8 the map draws ASCII"),
        ("http_proxy, https_proxy, no_proxy", "the proxy the tile, place and route requests go through (libcurl)"),
    ]

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }

    /// The files mapterm reads and writes, and what they hold.
    static let files: [(path: String, meaning: String)] = [
        ("~/.config/mapterm/config.json", "settings: tile sources, layers, router, … (docs/usage.md)"),
        ("~/.local/share/mapterm/places.sqlite", "the places database, built from the shipped data on first use"),
        ("~/.local/share/mapterm/pins.json", "your pins (GeoJSON)"),
        ("~/.local/share/mapterm/tracks/", "the tracks you recorded (T in the map), one GPX 1.1 file each"),
        ("~/.cache/mapterm/tiles/", "the cache of remote tile sources, one MBTiles file each"),
        ("~/.local/state/mapterm/view.json", "where the map was at the last quit"),
        ("PREFIX/share/mapterm/", "the shipped data of an installed mapterm (world map, places, gazetteer)"),
    ]

    /// `mapterm --help`: every command's usage, every option's help, the environment.
    static var usage: SafeText {
        var lines: [SafeText] = [SafeText(sanitizing: "mapterm: \(tagline)."), "", "usage:"]
        for command in commands { lines += command.usageLines() }
        lines += ["  mapterm --help | -h | --version | -V", "  mapterm COMMAND --help | -h", "", "options:"]
        lines += options.flatMap(CommandSpec.helpLines)
        lines += ["", searchForms, "", "filters (every source):"]
        lines += filters.flatMap(CommandSpec.helpLines)
        lines += ["", "environment:"]
        lines += environment.flatMap { CommandSpec.helpLines(name: $0.name, help: wrap($0.meaning, width: 78)) }
        lines += ["", "In the map, press ? for the keys and the legend, v to choose what is shown, L for your layers."]
        lines += [
            "mapterm manual prints the manual page (mapterm manual | man -l -); mapterm completions",
            "bash|zsh|fish prints a shell's completion script. After --, every argument is a word, not an",
            "option (mapterm search -- -h looks for \"-h\").",
        ]
        lines += ["", KeyTable.usage]
        return lines.joined(separator: "\n")
    }

    static let searchForms: SafeText = """
        search QUERY: names of places, airports (and their IATA/ICAO codes), cities, regions and
        countries, case and accents ignored, words as prefixes, one typo in words of 5 letters or more;
        or a coordinate: 37.77,-122.42  37.77 -122.42  37°46'N 122°25'W  N 37 46.2 W 122 25.2
        geo:37.77,-122.42 (--center, --near, --location, --around and route FROM TO take these forms too)
        """

    static let about: SafeText = """
        mapterm \(version)
        Map data:
          Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com. (public domain)
          Streets of San Francisco, Oakland and Mountain View, the Monaco street sample and Monaco
            restrooms: © OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright); © OpenMapTiles.
          Airports and runways: OurAirports (ourairports.com), public domain.
          Restrooms: Restroom data from Refuge Restrooms (refugerestrooms.org).
          Place names for pins: Contains data from GeoNames (geonames.org), CC BY 4.0.
        Routes (g, mapterm route), with a network: OSRM (project-osrm.org) at FOSSGIS's
          routing.openstreetmap.de unless --router or "router" in the config file name another;
          © OpenStreetMap contributors, ODbL 1.0.
        """
}
