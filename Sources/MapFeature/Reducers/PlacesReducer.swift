import GeoCore
import Places

/// The places half of the reducer: fetch markers on region change after a settle delay, cache them by
/// zoom level and tile, drop stale results, back off from a failing source (`PlaceBackoff`), change the
/// filter.
enum PlacesReducer {
    /// Seconds the view must stay still before its markers are fetched.
    static let settleDelay = 0.15
    static let failureTitle = "Unable to retrieve locations at this time. Please try again."

    /// Called after any action that may have moved the view: a new region starts a new generation.
    static func regionChanged(from before: MapState, to state: inout MapState) -> [MapEffect] {
        guard before.camera != state.camera || before.screen != state.screen else { return [] }
        state.places.generation += 1
        let keys = MarkerRequest.keys(for: state.transform)
        state.places.awaitingSettle = !state.places.cache.covers(keys, level: MarkerRequest.level(state.camera))
        return [.settle(generation: state.places.generation, afterSeconds: settleDelay)]
    }

    /// Shows the cached markers of the view, or asks for them (`force` skips the cache and the wait after
    /// a failure). Until they come, the markers shown before stay, so a zoom step never blanks the map.
    static func fetchIfNeeded(_ state: inout MapState, force: Bool) -> [MapEffect] {
        state.places.awaitingSettle = false
        let keys = MarkerRequest.keys(for: state.transform)
        let level = MarkerRequest.level(state.camera)
        if !force && state.places.cache.covers(keys, level: level) {
            state.places.markers = state.places.cache.markers(in: keys, level: level)
            state.places.pending = nil
            return []
        }
        // A failing source is asked once at a time, and not during the wait after a failure.
        let backoff = state.places.backoff
        if !force && backoff.failures > 0 && (backoff.waiting || state.places.pending != nil) { return [] }
        state.places.backoff.waiting = false
        let request = MarkerRequest(
            region: MarkerRequest.bounds(of: keys, view: state.transform.bounds), level: level,
            filter: state.places.filter, generation: state.places.generation, keys: keys)
        state.places.pending = request
        return [.fetchMarkers(request)]
    }

    /// A new filter: everything cached is of the old one.
    static func setFilter(_ filter: PlaceFilter, _ state: inout MapState) -> [MapEffect] {
        guard filter != state.places.filter else { return [] }
        state.places.filter = filter
        state.places.cache.removeAll()
        state.places.generation += 1
        if case .place(let place) = state.selection, !filter.allows(place) {
            state.selection = nil
            state.detailOpen = false
        }
        if case .cluster = state.selection {
            state.selection = nil
            state.detailOpen = false
        }
        return fetchIfNeeded(&state, force: true)
    }

    /// A failed fetch: the first of a run is an alert (unless the source's failures are quiet,
    /// `alertsOnFailure`), the later ones only a note in the status bar; the next request waits for
    /// `.retryDue`.
    static func failed(_ reason: String, _ state: inout MapState) -> [MapEffect] {
        var backoff = state.places.backoff
        backoff.failures += 1
        backoff.waiting = true
        backoff.reason = reason
        state.places.backoff = backoff
        if backoff.failures == 1 && state.places.alertsOnFailure { state.alert = Alert(failureTitle, detail: reason) }
        return [
            .retryPlaces(attempt: backoff.failures, afterSeconds: PlaceBackoff.delay(afterFailures: backoff.failures))
        ]
    }

    /// The source has new places: what is cached is stale, and the view's markers are asked for again
    /// (those shown stay until the answer). A failing source is left to its retry.
    static func sourceChanged(_ state: inout MapState) -> [MapEffect] {
        state.places.cache.removeAll()
        guard state.places.backoff.failures == 0 else { return [] }
        return fetchIfNeeded(&state, force: true)
    }

    /// The map is on screen for the first time: its places now.
    static func appeared(_ state: inout MapState) -> [MapEffect] {
        state.places.generation += 1
        return fetchIfNeeded(&state, force: false)
    }

    /// The view stayed still for the settle delay: its places, unless it moved on since.
    static func settled(_ generation: Int, _ state: inout MapState) -> [MapEffect] {
        guard generation == state.places.generation else { return [] }
        return fetchIfNeeded(&state, force: false)
    }

    /// Markers arrived: cached, and shown when they answer the pending request.
    static func loaded(_ request: MarkerRequest, _ batch: MarkerBatch, _ state: inout MapState) -> [MapEffect] {
        guard request == state.places.pending else { return [] }
        state.places.pending = nil
        let recovered = state.places.backoff.failures > 0
        state.places.backoff = PlaceBackoff()
        state.places.cappedAt = batch.cappedAt
        state.places.cache.store(batch.markers, for: request.keys, level: request.level)
        // A retry answers for where the view was when it started; the view may have moved on since.
        if recovered && !state.places.awaitingSettle { return fetchIfNeeded(&state, force: false) }
        let keys = MarkerRequest.keys(for: state.transform)
        state.places.markers = state.places.cache.markers(in: keys, level: MarkerRequest.level(state.camera))
        return []
    }

    /// The pending request failed (an older one's failure is dropped).
    static func failed(_ request: MarkerRequest, reason: String, _ state: inout MapState) -> [MapEffect] {
        guard request == state.places.pending else { return [] }
        state.places.pending = nil
        return failed(reason, &state)
    }

    /// The wait after the `attempt`-th failure is over.
    static func retryDue(_ attempt: Int, _ state: inout MapState) -> [MapEffect] {
        guard state.places.backoff.waiting, attempt == state.places.backoff.failures else { return [] }
        // The retry asks even when the view's markers are cached (the failure may have been a refresh):
        // only an answer ends the failures.
        return fetchIfNeeded(&state, force: true)
    }

    /// A place's full details replace the selected place.
    static func detailsLoaded(_ place: Place, at time: Double, _ state: inout MapState) {
        guard state.selection?.place?.id == place.id else { return }
        state.selection = .place(place)
        state.places.detailsAt = time
    }

    /// A cluster's leaders join the selected cluster with that marker key.
    static func leadersLoaded(_ key: String, _ leaders: [Place], _ state: inout MapState) {
        if case .cluster(var cluster) = state.selection, cluster.marker.key == key {
            cluster.leaders = leaders
            state.selection = .cluster(cluster)
        }
    }
}
