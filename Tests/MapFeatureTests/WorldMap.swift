import Foundation
import MapFeature
import Places
import Render
import Storage
import TestSupport
import TileSources
import VectorTiles

/// The shipped basemap, overlays and style, opened once for the frame tests.
enum WorldMap {
    static let style: MapStyle = {
        // The shipped style must parse; a failure here is a real defect.
        try! ShippedMap(resources: RepositoryPaths.resource("")).style
    }()

    /// The map as it ships: the world, then the Monaco and Bay Area streets.
    static func renderer() throws -> SnapshotMap {
        let shipped = try ShippedMap(resources: RepositoryPaths.resource(""))
        return SnapshotMap(sources: shipped.loaders(), ids: shipped.ids, style: shipped.style)
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
