import Foundation
import Storage
import TextSafety
import TileSources

/// `mapterm --about [--tiles SOURCE]...`: the version, the attribution of the shipped data, and that
/// of every tile source in use (`--tiles`, else the config file's, else the default), without asking
/// any network: a remote source's attribution comes from its cache file, if it has one yet.
enum AboutCommand {
    static let spec = CommandSpec(
        name: "--about",
        summary: "Where the map data comes from and its licences, and the attribution of the tile sources in use.",
        items: [.repeated(OptionTable.tiles)])

    static func run(_ args: ArgumentList) throws {
        Console.out(HelpText.about)
        let given = try args.values(OptionTable.tiles)
        let configured = UserConfig.loadOrDefaults().tiles
        let texts = DefaultTiles.texts(given: given, configured: configured)
        guard !texts.isEmpty else {
            Console.out("  Tile sources: none but the shipped maps (\"tiles\": [] in the config file)")
            return
        }
        let isDefault = given.isEmpty && configured == nil
        Console.out(
            isDefault
                ? "  Tile sources (the default; --offline or \"tiles\" in the config file change it):"
                : "  Tile sources:")
        for text in texts {
            Console.out("    \(SafeText(sanitizing: text, maxLength: 160)): \(attribution(of: text))")
        }
    }

    /// The source's attribution, or why it is not known.
    static func attribution(of text: String) -> SafeText {
        let spec: TileSourceSpec
        do {
            spec = try TileSourceSpec(parsing: text)
        } catch {
            return SafeText(sanitizing: error.description)
        }
        if !spec.isRemote {
            guard let store = try? MapComposition.openLocal(spec) else { return "cannot be opened" }
            return store.metadata.attribution.map { SafeText(sanitizing: $0, maxLength: 300) } ?? "states none"
        }
        let cache = UserConfig.tileCacheURL().appendingPathComponent(TileSourceSet.cacheFileName(spec)).path
        guard FileManager.default.fileExists(atPath: cache), let file = try? MBTilesFile(path: cache) else {
            return "not known until its tiles are first fetched"
        }
        return file.metadata.attribution.map { SafeText(sanitizing: $0, maxLength: 300) } ?? "states none"
    }
}
