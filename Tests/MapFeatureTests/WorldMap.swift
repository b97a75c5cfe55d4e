import Foundation
import MapFeature
import Render
import Storage
import TestSupport
import VectorTiles

/// The shipped basemap, overlay and style, opened once for the frame tests.
enum WorldMap {
    static let style: MapStyle = {
        // The shipped style must parse; a failure here is a real defect.
        try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
    }()

    static func renderer() throws -> MapRenderer {
        let world = try MBTilesFile(path: RepositoryPaths.resource("world.mbtiles").path)
        let monaco = try MBTilesFile(path: RepositoryPaths.resource("monaco.mbtiles").path)
        return MapRenderer(sources: [TileLoader(store: world), TileLoader(store: monaco)], style: style)
    }

    /// The whole screen for a state, as the app and `mapterm render` draw it.
    static func frame(_ state: MapState, renderer: MapRenderer) -> CellGrid {
        FrameComposer().compose(
            state, map: renderer.render(camera: state.camera, viewport: state.mapViewport, ascii: state.ascii))
    }
}
