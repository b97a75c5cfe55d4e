import MapFeature
import Render

/// Draws whole frames: the map for the state's camera, then everything on top of it.
struct FrameRenderer {
    let composition: MapComposition
    var composer = FrameComposer()

    func frame(for state: MapState) -> CellGrid {
        let map = composition.renderer.renderLayers(
            camera: state.camera, viewport: state.mapViewport, tiles: state.tileSnapshot, ascii: state.ascii)
        return composer.compose(state, map: map)
    }
}
