import Foundation
import Places
import Render
import Storage
import VectorTiles

/// Builds the map renderer from the shipped resources and the user's options: the world basemap,
/// then the street-level overlays (`--tiles FILE`, or the shipped Monaco and Bay Area streets),
/// drawn with the dark style.
struct MapComposition {
    let renderer: MapRenderer
    let style: MapStyle

    init(resources: ResourceLocator, tilesPath: String?) throws {
        let styleData: Data
        do {
            styleData = try Data(contentsOf: resources.file("style-dark.json"))
        } catch {
            throw UsageError("cannot read the map style \(resources.file("style-dark.json").path)")
        }
        style = try MapStyle.decode(from: styleData)
        let world = try Self.open(resources.file("world.mbtiles").path)
        let overlayPaths =
            tilesPath.map { [$0] } ?? ["monaco.mbtiles", "bayarea.mbtiles"].map { resources.file($0).path }
        let overlays = try overlayPaths.map { TileLoader(store: try Self.open($0)) }
        renderer = MapRenderer(sources: [TileLoader(store: world)] + overlays, style: style)
    }

    /// Opens an MBTiles file, turning every failure into one line for the user.
    static func open(_ path: String) throws -> MBTilesFile {
        do {
            try RegularFile.check(path)
        } catch {
            throw UsageError("cannot use tiles file: \(error)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read tiles file \(path): no such readable file")
        }
        do {
            return try MBTilesFile(path: path)
        } catch {
            throw UsageError("cannot use tiles file \(path): \(error)")
        }
    }
}
