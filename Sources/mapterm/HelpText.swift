/// Texts for `--help`, `--version` and `--about`.
enum HelpText {
    static let version = "0.1.0"

    static let usage = """
        mapterm: a map of the world in your terminal.

        usage:
          mapterm [--center LAT,LON] [--zoom Z] [--tiles FILE.mbtiles] [--ascii]
          mapterm render --center LAT,LON --zoom Z --size COLSxROWS [--tiles F] [--ascii] [--color]
          mapterm --help | --version | --about

        options:
          --center LAT,LON   where to look, degrees (latitude -90...90, longitude -180...180)
          --zoom Z           zoom 0...18, fractional allowed (0 shows the whole world)
          --tiles FILE       an OpenMapTiles MBTiles file drawn over the world map
          --ascii            ASCII strokes instead of braille dots (c toggles it)
          --color            render: colour the text with ANSI escape sequences
          --size COLSxROWS   render: frame size in cells

        In the map, press ? for the keys.
        """

    static let about = """
        mapterm \(version)
        Map data:
          Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com. (public domain)
          Monaco street sample: © OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright); © OpenMapTiles.
        """
}
