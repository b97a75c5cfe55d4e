import GeoCore
import Layers
import MapFeature
import Places
import Routing
import TileSources

/// Every option of every command, once: its name, its value, its help and its parser. The commands'
/// accepted options, their usage lines and `--help` are all made from these entries (`CommandSpec`).
/// An option name that means different things in different commands (`--zoom`, `--near`, `--kind`,
/// `--limit`, `--radius`) has one entry per meaning.
enum OptionTable {
    // MARK: The map and render

    static let center = ValueOption(
        "center", "LAT,LON|NAME",
        help: [
            "where to look: a point (48.8566,2.3522 or 48°51'N 2°21'E; latitude -90...90,",
            "longitude -180...180) or a name (--center \"San Francisco\": the best search",
            "result, at a zoom for its kind)",
        ], parse: MapConfiguration.Center.init(parsing:))
    static let zoom = ValueOption(
        "zoom", "Z", help: ["zoom 0...18, fractional allowed (0 shows the whole world)"], parse: parseZoom)
    static let tiles = ValueOption(
        "tiles", "SOURCE",
        help: [
            "vector tiles drawn over the world map (repeatable, later over earlier): an",
            "MBTiles or PMTiles file, an http(s) {z}/{x}/{y} URL, a TileJSON URL, or a",
            ".pmtiles URL; default: \"tiles\" in ~/.config/mapterm/config.json, else",
            "OpenFreeMap's streets (\(DefaultTiles.source)); places: also list the",
            "cafés, toilets, stations, … of these tiles around --near",
        ], completion: .file)
    static let offline = SwitchOption(
        "offline",
        help: [
            "ask the network nothing: remote tile sources draw only what their cache holds, and places",
            "come from the places database alone (\"tiles\": [] in the config file uses no tile source);",
            "no route server is asked",
        ])
    static let timeout = ValueOption(
        "timeout", "S",
        help: ["render: seconds to wait for remote tiles; route: for the route server (default 10)"],
        parse: parseTimeout)
    static let attribution = SwitchOption(
        "attribution", help: ["render: print the map data's attribution after the frame"])
    static let ascii = SwitchOption(
        "ascii", help: ["ASCII strokes and symbols instead of braille (b toggles it in the map)"])
    static let color = SwitchOption("color", help: ["render: colour the text with ANSI escape sequences"])
    static let size = ValueOption("size", "COLSxROWS", help: ["render: frame size in cells"], parse: parseSize)
    static let source = ValueOption(
        "source", "S",
        help: [
            "where places come from: embedded (the places database alone), refuge (the live API alone), a",
            "postgresql://USER:PASSWORD@HOST:PORT/DB PostGIS database (see import --to), or a JSON file",
            "of places; default: the places database plus the Refuge Restrooms API for the region in view",
            "(from zoom 10), whose answers are kept for offline use (--offline: none asked)",
        ], completion: ValueCompletion(words: PlaceSources.keywords, files: true))
    static let importTo = ValueOption(
        "to", "URL", help: ["import: into a PostGIS database (postgresql://…) instead of the embedded one"])
    static let apiBase = ValueOption(
        "api-base", "URL", help: ["the Refuge Restrooms API to ask (the default source's live part, --source refuge)"])
    static let location = ValueOption(
        "location", "LAT,LON|gpsd",
        help: [
            "where you are: a point, or gpsd (gpsd://HOST:PORT) for a live GPS position (else",
            "MAPTERM_LOCATION, else the config file's \"location\"); the map opens there",
        ])
    static let select = ValueOption(
        "select", "ID",
        help: [
            "render: select this place (or pin:N, midpoint, meeting-point, or cluster for the",
            "count nearest the centre, or layer:L:F for feature F of layer L) and open",
            "its pane",
        ], completion: .words(["midpoint", "meeting-point", "cluster"]))
    static let layer = ValueOption(
        "layer", "FILE[:color=NAME]",
        help: [
            "map, render: draw your data over the map (repeatable): GeoJSON, GeoJSON",
            "sequence, CSV/TSV with latitude/longitude columns, GPX; FILE:color=NAME",
            "picks its colour (red, orange, yellow, green, cyan, blue, purple, magenta,",
            "pink, white); - reads lat,lon[,label] lines or GeoJSON features from stdin",
            "while the map runs; default: \"layers\" in the config file",
        ],
        completion: ValueCompletion(
            words: ["-"], files: true, qualifier: LayerOptions.colorQualifier, qualifierWords: LayerColor.names),
        parse: LayerOptions.parse)
    static let trail = ValueOption(
        "trail", "N", help: ["with --layer -: keep the last N positions of a moving feature as a line"],
        parse: parseTrail)
    static let latColumn = ValueOption(
        "lat-col", "NAME", help: ["layer, --layer: the CSV/TSV latitude column (default: lat, latitude or y)"])
    static let lonColumn = ValueOption(
        "lon-col", "NAME",
        help: [
            "layer, --layer: the CSV/TSV longitude column (default: lon, lng, long,",
            "longitude or x)",
        ])

    // MARK: Filters

    static let hide = ValueOption(
        "hide", "KINDS",
        help: [
            "map, render: leave these kinds out (KINDS: restroom,airport,heliport,",
            "seaplane_base,balloonport,cafe,restaurant,pharmacy,drinking_water,",
            "station,atm,hospital, comma-separated)",
        ], completion: kindCompletion, parse: { try parseKinds($0, option: "hide") })
    static let placesKind = ValueOption(
        "kind", "KINDS", help: ["places: only these kinds"], completion: kindCompletion,
        parse: { try parseKinds($0, option: "kind") })
    static let ada = SwitchOption("ada", help: ["only wheelchair-accessible restrooms"])
    static let unisex = SwitchOption("unisex", help: ["only unisex restrooms"])
    static let changingTable = SwitchOption("changing-table", help: ["only restrooms with a baby changing table"])
    static let closed = SwitchOption("closed", help: ["closed airports too"])
    /// What `--hide` and `places --kind` complete: the place kinds, comma-separated.
    static let kindCompletion = ValueCompletion(words: PlaceKind.allCases.map(\.rawValue), isList: true)
    /// The switches every place filter takes.
    static let amenities = [ada, unisex, changingTable, closed]

    // MARK: places and search

    static let placesNear = ValueOption(
        "near", "LAT,LON", help: ["places: list the places around this point"],
        parse: { try PointArgument.parse($0, option: "near") })
    static let placesRadius = ValueOption(
        "radius", "KM", help: ["places: how far from --near, km (default 5)"], parse: parseRadius)
    static let placesZoom = ValueOption(
        "zoom", "Z", help: ["places: only the kinds the map shows at zoom Z"], parse: parseWholeZoom)
    static let placesLimit = ValueOption(
        "limit", "N", help: ["places, search: list at most N"], parse: { try parseLimit($0, max: 10_000) })
    static let searchNear = ValueOption(
        "near", "LAT,LON",
        help: [
            "search: rank from here (default: Market Street, San Francisco); a query",
            "starting with near: puts the nearest of equal matches first",
        ], parse: { try PointArgument.parse($0, option: "near") })
    static let searchKind = ValueOption(
        "kind", "KINDS", help: ["search: only these (country,region,city,coordinate, and the place kinds)"],
        completion: ValueCompletion(words: SearchSetup.kindNames, isList: true), parse: SearchSetup.kinds)
    static let searchLimit = ValueOption(
        "limit", "N", help: ["places, search: list at most N"], parse: { try parseLimit($0, max: 200) })
    static let json = SwitchOption("json", help: ["places, search, pins, route: JSON instead of a table"])

    // MARK: route

    static let router = ValueOption(
        "router", "URL",
        help: [
            "map, route: the OSRM server routes are asked of (http or https; default:",
            "\"router\" in the config file, else FOSSGIS's public servers at",
            "routing.openstreetmap.de)",
        ], parse: RouterSetup.parseURL)
    static let profile = ValueOption(
        "profile", "car|bike|foot", help: ["route: how the way is travelled (default car)"],
        completion: .words(RouteProfile.allCases.map(\.rawValue)), parse: parseProfile)
    static let gpx = SwitchOption("gpx", help: ["route: GPX 1.1 (the steps as a route, the way as a track)"])

    // MARK: download

    static let bbox = ValueOption(
        "bbox", "S,W,N,E", help: ["download: the area, degrees (or --around LAT,LON --radius KM)"], parse: parseBox)
    static let around = ValueOption(
        "around", "LAT,LON", help: ["download: the centre of the area (with --radius KM)"],
        parse: { try PointArgument.parse($0, option: "around") })
    static let downloadRadius = ValueOption(
        "radius", "KM", help: ["download: the area's radius around --around, km"], parse: parseDownloadRadius)
    static let downloadZooms = ValueOption(
        "zoom", "Z0-Z1", help: ["download: the zooms, like 0-14"], parse: parseZooms)
    static let out = ValueOption(
        "out", "FILE.mbtiles", help: ["download: the MBTiles file to write (run again to resume)"],
        completion: .file)
    static let yes = SwitchOption("yes", help: ["download: allow more than 50 000 tiles"])

    // MARK: layer, pins, every command

    static let info = SwitchOption(
        "info",
        help: [
            "layer: what FILE holds (features by type, bounds, property names) or",
            "where it is wrong; FILE is GeoJSON, GeoJSON lines/sequence, CSV, TSV or GPX",
        ])
    static let geojson = SwitchOption(
        "geojson", help: ["pins: the pins file's GeoJSON; route: the way and its steps as GeoJSON"])
    /// Hidden: `pins --stress-save FILE` saves pins to FILE until killed (the kill -9 test).
    static let stressSave = ValueOption("stress-save", "FILE", help: [], isHidden: true)
    static let help = SwitchOption("help", help: ["this help, -h too (mapterm COMMAND --help: that command's)"])
}
