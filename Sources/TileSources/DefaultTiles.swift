/// The street tiles a map draws when the user names none: OpenFreeMap's planet (OpenMapTiles schema,
/// z0–14, no key, no stated request limits; its terms forbid bulk copies, so `mapterm download`
/// refuses it). Over the shipped maps, so a map without a network is the shipped one.
public enum DefaultTiles {
    /// OpenFreeMap's planet TileJSON.
    public static let source = "https://tiles.openfreemap.org/planet"

    /// The sources in use: the `--tiles` values when any were given, else the settings file's `tiles`,
    /// else the default source. With `offline`, the same list: its remote sources then serve only what
    /// their caches hold (see `TileSourceSet.Options.offline`).
    public static func texts(given: [String], configured: [String]?) -> [String] {
        if !given.isEmpty { return given }
        return configured ?? [source]
    }
}
