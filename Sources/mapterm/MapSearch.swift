import Blocking
import GeoCore
import MapFeature
import Places
import Storage

/// The search behind the map's `/` line: the places database (when the map reads it) and the shipped
/// gazetteer, set up on the executor of blocking work as the map opens, so the first keystroke finds
/// it ready. A setup failure is kept and said as the answer's problem.
final class MapSearch: Sendable {
    /// The setup, started at `init`; its value once it has finished.
    private let setup: Task<Result<PlaceSearch, any Error>, Never>

    /// Starts building the search over `store` (the places database or PostGIS; nil: the gazetteer alone) and `resources`, the
    /// gazetteer's geocoder loaded through `geocoder` (shared with the pins' descriptions).
    init(store: (any SearchSource)?, resources: ResourceLocator, geocoder: ReverseGeocoder.Lazy) {
        setup = Task(executorPreference: BlockingExecutor.shared) {
            Result { try SearchSetup.make(store: store, resources: resources, geocoder: geocoder) }
        }
    }

    /// The answer to `request`, after the setup when it is still running (waiting without holding a
    /// thread). The search itself runs on the caller's executor (`SearchWorker`: the blocking one).
    /// - Throws: what the places database throws.
    func answer(_ request: SearchRequest) async throws -> PlaceSearch.Answer {
        switch await setup.value {
        case .success(let search):
            return try search.search(SearchQuery(request.text), center: request.center, limit: request.limit)
        case .failure(let error):
            return PlaceSearch.Answer(problem: "search is unavailable: \(error)")
        }
    }
}
