import GeoCore
import Places

/// The places half of the reducer: fetch on region change after a settle delay, cache by tile,
/// drop stale results, select and open details.
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
            if state.places.selected?.id == place.id { state.places.selected = place }
            return []
        case .tick:
            if state.places.isLoading { state.places.spinnerPhase += 1 }
            return []
        default:
            return []
        }
    }

    // MARK: Selection

    /// Opens the pane of the selected place, asking for its details when the source left them out.
    static func openDetail(_ state: inout MapState) -> [MapEffect] {
        guard let place = state.places.selected else { return [] }
        state.places.detailOpen = true
        if case .none = place.details { return [.loadDetails(place)] }
        return []
    }

    /// Places on screen, nearest to the view centre first (ties by id).
    static func cycleOrder(_ state: MapState) -> [Place] {
        let transform = state.transform
        let view = state.mapViewport
        let center = (Double(view.dotsWide) / 2, Double(view.dotsHigh) / 2)
        let onScreen = state.places.visible.compactMap { place -> (Place, Double)? in
            let (x, y) = transform.dots(place.coordinate)
            guard x >= 0, y >= 0, x < Double(view.dotsWide), y < Double(view.dotsHigh) else { return nil }
            return (place, (x - center.0) * (x - center.0) + (y - center.1) * (y - center.1))
        }
        return onScreen.sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.map(\.0)
    }

    /// Selects the next (or previous) place in cycle order.
    static func cycle(_ state: inout MapState, forward: Bool) {
        let order = cycleOrder(state)
        guard !order.isEmpty else { return }
        let current = state.places.selected.flatMap { selected in order.firstIndex { $0.id == selected.id } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : order.count - 1)) % order.count
        } else {
            next = forward ? 0 : order.count - 1
        }
        state.places.selected = order[next]
    }

    /// Selects the place drawn in a screen cell (the nearest to the view centre when several share it).
    static func select(col: Int, row: Int, _ state: inout MapState) {
        let transform = state.transform
        let hit = cycleOrder(state).first { place in
            let (x, y) = transform.dots(place.coordinate)
            return Int((x / 2).rounded(.down)) == col && Int((y / 4).rounded(.down)) == row
        }
        state.places.selected = hit
        if hit == nil { state.places.detailOpen = false }
    }
}
