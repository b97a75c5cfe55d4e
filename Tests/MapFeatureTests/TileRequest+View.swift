import MapFeature

extension TileRequest {
    /// The request for the tiles of everything `state` shows, under its places generation: what a
    /// move to that state must ask for.
    static func view(of state: MapState) -> TileRequest {
        TileRequest(generation: state.places.generation, camera: state.camera, viewport: state.mapViewport)
    }
}
