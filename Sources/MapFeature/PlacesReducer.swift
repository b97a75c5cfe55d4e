import GeoCore
import Places

/// The places half of the reducer: fetch on region change after a settle delay, cache by tile,
/// drop stale results.
enum PlacesReducer {
    /// Seconds the view must stay still before its places are fetched.
    static let settleDelay = 0.15
    static let failureTitle = "Unable to retrieve locations at this time. Please try again."

    /// Called after any action that may have moved the view: a new region starts a new generation.
    static func regionChanged(from before: MapState, to state: inout MapState) -> [MapEffect] {
        guard before.camera != state.camera || before.screen != state.screen else { return [] }
        state.places.generation += 1
        return [.settle(generation: state.places.generation, afterSeconds: settleDelay)]
    }

    /// Shows cached places for the view, or asks for the missing ones (`force` skips the cache).
    static func fetchIfNeeded(_ state: inout MapState, force: Bool) -> [MapEffect] {
        let transform = state.transform
        let keys = PlaceRequest.keys(for: transform)
        state.places.visible = state.places.cache.places(in: keys)
        if !force && state.places.cache.covers(keys) {
            state.places.pending = nil
            return []
        }
        let request = PlaceRequest(
            region: PlaceRequest.bounds(of: keys, view: transform.bounds), kinds: state.places.kinds,
            limit: state.places.limit, generation: state.places.generation, keys: keys)
        state.places.pending = request
        return [.fetchPlaces(request)]
    }

    static func reduce(_ state: inout MapState, _ action: MapAction) -> [MapEffect] {
        switch action {
        case .appeared:
            state.places.generation += 1
            return fetchIfNeeded(&state, force: false)
        case .settled(let generation):
            guard generation == state.places.generation else { return [] }
            return fetchIfNeeded(&state, force: false)
        case .placesLoaded(let request, let places):
            guard request == state.places.pending else { return [] }
            state.places.pending = nil
            state.places.cache.store(places, for: request.keys)
            state.places.visible = state.places.cache.places(in: PlaceRequest.keys(for: state.transform))
            return []
        case .placesFailed(let request, let reason):
            guard request == state.places.pending else { return [] }
            state.places.pending = nil
            state.alert = Alert(failureTitle, detail: reason)
            return []
        case .detailsLoaded(let place):
            if state.selection?.place?.id == place.id { state.selection = .place(place) }
            return []
        case .tick:
            if state.places.isLoading { state.places.spinnerPhase += 1 }
            return []
        default:
            return []
        }
    }
}
