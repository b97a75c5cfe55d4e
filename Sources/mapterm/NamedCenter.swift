import Foundation
import Places
import Storage
import TextSafety

/// `--center NAME` (and `route FROM TO`): the best result of `mapterm search NAME`, said on stderr when
/// others matched too (always with `announce`).
enum NamedCenter {
    /// The best-ranked result for `name`, seen from Market Street (where the map first opens); `label`
    /// names the argument in messages ("--center", "FROM").
    /// - Throws: `UsageError` when nothing matches or the search data cannot be read.
    static func resolve(_ name: String, label: String = "--center", announce: Bool = false) throws -> SearchResult {
        let resources = try ResourceLocator.locate()
        let store = try? PlaceDatabase.openDefault(resources: resources.directory) { Diagnostics.say($0) }
        let search: PlaceSearch
        do {
            search = try SearchSetup.make(store: store, resources: resources)
        } catch {
            throw UsageError("\(label) \(TextSanitizer.clean(name, maxLength: 60)): cannot search: \(error)")
        }
        let results = try search.search(SearchQuery(name), center: StartupState.marketStreet, limit: 5).results
        guard let best = results.first else {
            throw UsageError(
                "\(label): nothing is called '\(TextSanitizer.clean(name, maxLength: 60))' (try mapterm search)")
        }
        if results.count > 1 || announce {
            let position = String(format: "%.5f,%.5f", best.coordinate.lat, best.coordinate.lon)
            let place = [best.kind.label, best.whereText].filter { !$0.isEmpty }.joined(separator: ", ")
            Diagnostics.say(
                "\(label) \(SearchQuery(name).text): \(best.name) (\(place)) at \(position)\(results.count > 1 ? ", the best of \(results.count) matches" : "")"
            )
        }
        return best
    }
}
