import Foundation
import GeoCore
import MapFeature
import Places
import Storage

/// The search behind the map's `/` line: the places database (when the map reads it) and the shipped
/// gazetteer, set up on a thread of its own as the map opens, so the first keystroke finds it ready.
/// A setup failure is kept and said as the answer's problem. Thread-safe.
final class MapSearch: @unchecked Sendable {
    private let lock = NSLock()
    private let ready = DispatchGroup()
    // Written once, before `ready` is left.
    private var search: Result<PlaceSearch, any Error>?

    /// Starts building the search over `store` (nil: the gazetteer alone) and `resources`, the
    /// gazetteer's geocoder loaded through `geocoder` (shared with the pins' descriptions).
    init(store: PlaceStore?, resources: ResourceLocator, geocoder: ReverseGeocoder.Lazy) {
        ready.enter()
        Thread.detachNewThread { [self] in
            let made = Result { try SearchSetup.make(store: store, resources: resources, geocoder: geocoder) }
            lock.withLock { search = made }
            ready.leave()
        }
    }

    /// The answer to `request`, after the setup when it is still running.
    /// - Throws: what the places database throws.
    func answer(_ request: SearchRequest) throws -> PlaceSearch.Answer {
        ready.wait()
        switch lock.withLock({ search }) {
        case .success(let search):
            return try search.search(SearchQuery(request.text), center: request.center, limit: request.limit)
        case .failure(let error):
            return PlaceSearch.Answer(problem: "search is unavailable: \(error)")
        case nil:
            return PlaceSearch.Answer(problem: "search is unavailable")
        }
    }
}
