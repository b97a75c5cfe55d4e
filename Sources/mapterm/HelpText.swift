import MapFeature
import Network
import TextSafety

/// Texts for `--help` (made from the commands' `CommandSpec`s and the option table), `--version` and
/// `--about`.
enum HelpText {
    static let version = SafeText(sanitizing: MaptermRelease.version)

    /// Every command, in the order `mapterm --help` lists them.
    static let commands = [
        InteractiveCommand.spec, RenderCommand.spec, DownloadCommand.spec, PlacesCommand.spec, SearchCommand.spec,
        RouteCommand.spec, ImportCommand.spec, LayerCommand.spec, PinsCommand.spec, AboutCommand.spec,
    ]

    /// The options section of `mapterm --help`, in order (an option of several commands once).
    static let options: [any CommandOption] = [
        OptionTable.center, OptionTable.zoom, OptionTable.tiles, OptionTable.offline, OptionTable.timeout,
        OptionTable.attribution,
        OptionTable.bbox, OptionTable.around, OptionTable.downloadRadius, OptionTable.downloadZooms, OptionTable.out,
        OptionTable.yes, OptionTable.ascii, OptionTable.color, OptionTable.size, OptionTable.source,
        OptionTable.apiBase, OptionTable.importTo, OptionTable.location, OptionTable.select, OptionTable.placesNear,
        OptionTable.placesRadius, OptionTable.placesZoom, OptionTable.searchNear, OptionTable.searchKind,
        OptionTable.placesLimit, OptionTable.json, OptionTable.router, OptionTable.profile, OptionTable.gpx,
        OptionTable.layer, OptionTable.trail, OptionTable.info,
        OptionTable.latColumn, OptionTable.lonColumn, OptionTable.geojson, OptionTable.help,
    ]

    /// The filters section of `mapterm --help`.
    static let filters: [any CommandOption] = [OptionTable.hide, OptionTable.placesKind] + OptionTable.amenities

    /// `mapterm --help`: every command's usage, every option's help.
    static var usage: SafeText {
        var lines: [SafeText] = ["mapterm: a map of the world in your terminal.", "", "usage:"]
        for command in commands { lines += command.usageLines() }
        lines += ["  mapterm --help | --version", "  mapterm COMMAND --help", "", "options:"]
        lines += options.flatMap(CommandSpec.helpLines)
        lines += ["", searchForms, "", "filters (every source):"]
        lines += filters.flatMap(CommandSpec.helpLines)
        lines += ["", "In the map, press ? for the keys and the legend, v to choose what is shown, L for your layers."]
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
