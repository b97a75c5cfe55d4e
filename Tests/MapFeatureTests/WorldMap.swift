import Foundation
import MapFeature
import Places
import Render
import Storage
import TestSupport
import VectorTiles

/// The shipped basemap, overlays and style, opened once for the frame tests.
enum WorldMap {
    static let style: MapStyle = {
        // The shipped style must parse; a failure here is a real defect.
        try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
    }()

    static func renderer() throws -> SnapshotMap {
        // As the app composes it: the world, then the Monaco and Bay Area streets.
        let files = ["world.mbtiles", "monaco.mbtiles", "bayarea.mbtiles"]
        let sources = try files.map { TileLoader(store: try MBTilesFile(path: RepositoryPaths.resource($0).path)) }
        return SnapshotMap(sources: sources, style: style)
    }

    /// The shipped places (restrooms, airports), clustered in memory like the embedded database does.
    static let places: PlaceClusters = {
        // The shipped data must load; a failure here is a real defect.
        PlaceClusters(places: try! EmbeddedPlaceData.load(resources: RepositoryPaths.resource("")).places)
    }()

    /// `state` with the markers the shipped places have in its view.
    static func withPlaces(_ state: MapState) -> MapState {
        var state = state
        let keys = MarkerRequest.keys(for: state.transform)
        let region = MarkerRequest.bounds(of: keys, view: state.transform.bounds)
        state.places.markers = places.markers(
            in: region, zoom: MarkerRequest.level(state.camera), filter: state.places.filter)
        return state
    }

    /// The whole screen for a state, as the app and `mapterm render` draw it.
    static func frame(_ state: MapState, renderer: SnapshotMap) -> CellGrid {
        FrameComposer().compose(
            state, map: renderer.renderLayers(camera: state.camera, viewport: state.mapViewport, ascii: state.ascii))
    }
}
