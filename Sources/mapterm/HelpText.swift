import MapFeature
import Network
import TextSafety

/// Texts for `--help`, `--version` and `--about`.
enum HelpText {
    static let version = SafeText(sanitizing: MaptermRelease.version)

    static let usage: SafeText = """
        mapterm: a map of the world in your terminal.

        usage:
          mapterm [--center LAT,LON|NAME] [--zoom Z] [--tiles SOURCE]... [--ascii] [--source S]
                  [--api-base URL] [--location LAT,LON] [--layer FILE[:color=NAME]]... [--trail N] [FILTERS]
          mapterm render --center LAT,LON|NAME --zoom Z --size COLSxROWS [--tiles SOURCE]... [--timeout S]
                  [--ascii] [--color] [--attribution] [--source S] [--select ID] [--location LAT,LON]
                  [--layer FILE[:color=NAME]]... [FILTERS]
          mapterm download --tiles SOURCE (--bbox S,W,N,E | --around LAT,LON --radius KM) --zoom Z0-Z1
                  --out FILE.mbtiles [--yes]
          mapterm places --near LAT,LON [--radius KM] [--kind KINDS] [--zoom Z] [--limit N] [--source S] [--json]
                  [--ada] [--unisex] [--changing-table] [--closed]
          mapterm search QUERY [--near LAT,LON] [--kind KINDS] [--limit N] [--json]
          mapterm import FILE
          mapterm layer FILE --info [--lat-col NAME] [--lon-col NAME]
          mapterm pins [--json | --geojson]
          mapterm --help | --version | --about [--tiles SOURCE]...

        options:
          --center LAT,LON   where to look, degrees (latitude -90...90, longitude -180...180), or a name
                             (--center "San Francisco": the best search result, at a zoom for its kind)
          --zoom Z           zoom 0...18, fractional allowed (0 shows the whole world)
          --tiles SOURCE     vector tiles drawn over the world map (repeatable, later over earlier): an
                             MBTiles or PMTiles file, an http(s) {z}/{x}/{y} URL, a TileJSON URL, or a
                             .pmtiles URL; default: "tiles" in ~/.config/mapterm/config.json
          --timeout S        render: seconds to wait for remote tiles (default 10)
          --attribution      render: print the map data's attribution after the frame
          --bbox S,W,N,E     download: the area, degrees (or --around LAT,LON --radius KM)
          --zoom Z0-Z1       download: the zooms, like 0-14
          --out FILE         download: the MBTiles file to write (run again to resume)
          --yes              download: allow more than 50 000 tiles
          --ascii            ASCII strokes and symbols instead of braille (b toggles it in the map)
          --color            render: colour the text with ANSI escape sequences
          --size COLSxROWS   render: frame size in cells
          --source S         where places come from: embedded (default), refuge, or a JSON file of places
          --api-base URL     the Refuge Restrooms API to ask with --source refuge
          --location LAT,LON where you are (or MAPTERM_LOCATION); the map opens there
          --select ID        render: select this place (or pin:N, midpoint, meeting-point, or cluster for the
                             count nearest the centre, or layer:L:F for feature F of layer L) and open
                             its pane
          --zoom Z           places: only the kinds the map shows at zoom Z
          --near LAT,LON     search: rank from here (default: Market Street, San Francisco); a query
                             starting with near: puts the nearest of equal matches first
          --kind KINDS       search: only these (country,region,city,coordinate, and the place kinds)
          --limit N          places, search: list at most N
          --layer FILE       map, render: draw your data over the map (repeatable): GeoJSON, GeoJSON
                             sequence, CSV/TSV with latitude/longitude columns, GPX; FILE:color=NAME
                             picks its colour (red, orange, yellow, green, cyan, blue, purple, magenta,
                             pink, white); - reads lat,lon[,label] lines or GeoJSON features from stdin
                             while the map runs; default: "layers" in the config file
          --trail N          with --layer -: keep the last N positions of a moving feature as a line
          --info             layer: what FILE holds (features by type, bounds, property names) or
                             where it is wrong; FILE is GeoJSON, GeoJSON lines/sequence, CSV, TSV or GPX
          --lat-col NAME     layer, --layer: the CSV/TSV latitude column (default: lat, latitude or y)
          --lon-col NAME     layer, --layer: the CSV/TSV longitude column (default: lon, lng, long,
                             longitude or x)

        search QUERY: names of places, airports (and their IATA/ICAO codes), cities, regions and
        countries, case and accents ignored, words as prefixes, one typo in words of 5 letters or more;
        or a coordinate: 37.77,-122.42  37.77 -122.42  37°46'N 122°25'W  N 37 46.2 W 122 25.2
        geo:37.77,-122.42

        filters (every source):
          --hide KINDS       map, render: leave these kinds out (KINDS: restroom,airport,heliport,
                             seaplane_base,balloonport, comma-separated)
          --kind KINDS       places: only these kinds
          --ada              only wheelchair-accessible restrooms
          --unisex           only unisex restrooms
          --changing-table   only restrooms with a baby changing table
          --closed           closed airports too

        In the map, press ? for the keys and the legend, v to choose what is shown, L for your layers.

        \(KeyTable.usage)
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
        """
}
