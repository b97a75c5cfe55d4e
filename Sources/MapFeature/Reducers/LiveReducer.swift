import GeoCore
import Places

/// The live half of the places reducer: asks the live source about the region in view once it has
/// settled (from `LivePlacesState.lowestZoom`), fetches the markers again when it brought anything
/// new, and backs off from a failing live source with a note in the status bar (never an alert: the
/// stored places stay on the map and keys go on working).
enum LiveReducer {
    /// Asks the live source about the view, unless the map has none, the view is too wide, or the wait
    /// after a failure runs. `again` (the `r` key) asks even about a region answered recently.
    static func ask(_ state: inout MapState, again: Bool = false) -> [MapEffect] {
        guard var live = state.places.live, !live.backoff.waiting,
            state.camera.zoom >= LivePlacesState.lowestZoom
        else { return [] }
        let keys = MarkerRequest.keys(for: state.transform)
        let request = LiveRequest(
            region: MarkerRequest.bounds(of: keys, view: state.transform.bounds), filter: state.places.filter,
            generation: state.places.generation, again: again)
        live.asking = request
        state.places.live = live
        return [.refreshLive(request)]
    }

    /// The live source answered: new or changed places make the markers be fetched again (everything
    /// cached is older than them); a failure starts the wait before the next question.
    static func answered(_ request: LiveRequest, _ outcome: LiveOutcome, _ state: inout MapState) -> [MapEffect] {
        guard var live = state.places.live else { return [] }
        if live.asking == request { live.asking = nil }
        switch outcome {
        case .refreshed(let changed):
            live.backoff = PlaceBackoff()
            state.places.live = live
            guard changed > 0 else { return [] }
            state.places.cache.removeAll()
            return PlacesReducer.fetchIfNeeded(&state, force: true)
        case .failed(let reason):
            live.backoff.failures += 1
            live.backoff.waiting = true
            live.backoff.reason = reason
            state.places.live = live
            let attempt = live.backoff.failures
            return [.retryLive(attempt: attempt, afterSeconds: PlaceBackoff.delay(afterFailures: attempt))]
        }
    }

    /// The wait after the `attempt`-th failure is over: the view of now is asked about.
    static func retryDue(_ attempt: Int, _ state: inout MapState) -> [MapEffect] {
        guard var live = state.places.live, live.backoff.waiting, attempt == live.backoff.failures else { return [] }
        live.backoff.waiting = false
        state.places.live = live
        return ask(&state)
    }
}
