import Foundation
import Places
import Storage

/// The search of the command line and the map: the embedded places database and the shipped
/// gazetteer as `SearchSource`s of one `PlaceSearch`.
enum SearchSetup {
    /// The search over `store` (the places database or a PostGIS one, when there is one) and the gazetteer in `resources/gazetteer`, whose
    /// geocoder `geocoder` loads when given (shared with the pins' descriptions).
    /// - Throws: `GazetteerError` when the gazetteer cannot be read.
    static func make(
        store: (any SearchSource)?, resources: ResourceLocator, geocoder: ReverseGeocoder.Lazy? = nil
    ) throws -> PlaceSearch {
        let (geocoder, index) = try GazetteerSearchIndex.loadWithGeocoder(
            directory: resources.gazetteer, geocoder: geocoder.map { lazy in { try lazy.geocoder() } })
        let sources: [any SearchSource] = [index] + (store.map { [$0] } ?? [])
        return PlaceSearch(sources: sources) { geocoder.describe($0) }
    }

    /// `--kind` of `mapterm search`: what each name lets through.
    static func kinds(_ text: String) throws -> Set<String> {
        let names = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let known = Set(kindNames)
        for name in names where !known.contains(name) {
            throw UsageError("--kind takes \(known.sorted().joined(separator: ",")) (got '\(name)')")
        }
        return names
    }

    /// Every name `--kind` takes.
    static let kindNames = ["country", "region", "city", "coordinate"] + PlaceKind.allCases.map(\.rawValue)

    /// The `--kind` name of a result kind: "city", "airport", "seaplane_base".
    static func name(of kind: SearchKind) -> String {
        if case .place(let place) = kind { return place.rawValue }
        return kind.label
    }
}
