import MapFeature

extension MarkerRequest {
    /// The request for the markers of everything `state` shows, with its filter and generation: what
    /// a fetch of that state must ask for.
    static func view(of state: MapState) -> MarkerRequest {
        let keys = MarkerRequest.keys(for: state.transform)
        let region = MarkerRequest.bounds(of: keys, view: state.transform.bounds)
        return MarkerRequest(
            region: region, level: MarkerRequest.level(state.camera),
            filter: state.places.filter, generation: state.places.generation, keys: keys)
    }
}
