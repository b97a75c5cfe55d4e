import Foundation
import Render
import Storage
import VectorTiles

/// The map as it ships: the dark style and the tile files of `Resources`, in drawing order (the world
/// basemap, then the street samples over it). The one place that opens them: the map, the bench and
/// the tests all draw what it gives.
public struct ShippedMap {
    /// The shipped tile files, in drawing order.
    public static let files = ["world.mbtiles", "monaco.mbtiles", "bayarea.mbtiles"]
    /// The world basemap's name (a view where no other source has tiles has no streets).
    public static let basemap = TileSourceID("world.mbtiles")
    /// The shipped style's file name.
    public static let styleFile = "style-dark.json"

    public let style: MapStyle
    /// The tile files, opened, in drawing order, and their names.
    public let stores: [MBTilesFile]
    public let ids: [TileSourceID]

    /// Opens the style and the tile files of the folder `resources`; `files` replaces the shipped list
    /// (a benchmark's own streets), `open` the way a file is opened (the map's, with its messages).
    public init(
        resources: URL, files: [String] = ShippedMap.files,
        open: (String) throws -> MBTilesFile = { try MBTilesFile(path: $0) }
    ) throws {
        let styleURL = resources.appendingPathComponent(Self.styleFile)
        let styleData: Data
        do {
            styleData = try Data(contentsOf: styleURL)
        } catch {
            throw ShippedMapError.unreadableStyle(path: styleURL.path)
        }
        style = try MapStyle.decode(from: styleData)
        stores = try files.map { try open(resources.appendingPathComponent($0).path) }
        ids = files.map(TileSourceID.init)
    }

    /// A loader per tile file, in drawing order.
    public func loaders() -> [TileLoader] { stores.map { TileLoader(store: $0) } }
}

/// Why the shipped map could not be opened.
public enum ShippedMapError: Error, CustomStringConvertible {
    case unreadableStyle(path: String)

    public var description: String {
        switch self {
        case .unreadableStyle(let path): return "cannot read the map style \(path)"
        }
    }
}
