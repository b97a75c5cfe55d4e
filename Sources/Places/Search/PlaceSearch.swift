import Foundation
import GeoCore

/// The search behind `/` and `mapterm search`: a query against every `SearchSource`, ranked.
///
/// Ranking: how well the words match (`SearchMatch`: an exact code or name first), then importance
/// (`SearchCandidate.importance`), then distance from the view centre, then name. A `near:` query swaps
/// the last two: the nearest of equally good matches first. Each source gives at most
/// `candidateLimit` candidates; typos are tried only when the words as typed match nothing. A query
/// that is a coordinate answers that coordinate alone (or says why it is not one).
public struct PlaceSearch: Sendable {
    /// The most candidates taken from each source per query.
    package static let candidateLimit = 100

    /// What one search found.
    public struct Answer: Hashable, Sendable {
        /// The results, best first.
        public var results: [SearchResult]
        /// Why nothing was searched (a coordinate out of range), one sentence; nil otherwise.
        public var problem: String?

        public init(results: [SearchResult] = [], problem: String? = nil) {
            self.results = results
            self.problem = problem
        }
    }

    private let sources: [any SearchSource]
    private let describe: @Sendable (LatLon) -> ReverseGeocode?

    /// `describe` names where a result lies when its source does not say (`ReverseGeocoder.describe`).
    public init(sources: [any SearchSource], describe: @escaping @Sendable (LatLon) -> ReverseGeocode?) {
        self.sources = sources
        self.describe = describe
    }

    /// The best `limit` results for `query` seen from `center`, of the kinds `accepts` lets through.
    /// - Throws: what a source throws (SQLite failing), never for what the query contains.
    public func search(
        _ query: SearchQuery, center: LatLon, limit: Int, accepts: (SearchKind) -> Bool = { _ in true }
    ) throws -> Answer {
        guard limit > 0 else { return Answer() }
        switch query.coordinate {
        case .outOfRange(let problem): return Answer(problem: problem)
        case .coordinate(let point):
            return Answer(results: accepts(.coordinate) ? [coordinateResult(point, center)] : [])
        case nil: break
        }
        guard !query.words.isEmpty else { return Answer() }
        var ranked = try rank(query, center: center, typos: false, accepts: accepts)
        if ranked.isEmpty { ranked = try rank(query, center: center, typos: true, accepts: accepts) }
        let results = ranked.prefix(limit).map { result -> SearchResult in
            var result = result
            // Ranked by the cheap great-circle distance; the results shown carry the WGS84 one.
            result.distanceKm = Geodesy.distance(center, result.coordinate)
            result.whereText =
                result.candidate.context
                ?? describe(result.coordinate).map { SearchResult.whereText($0, kind: result.kind) } ?? ""
            return result
        }
        return Answer(results: Array(results))
    }

    /// Every source's matching candidates, ranked.
    private func rank(
        _ query: SearchQuery, center: LatLon, typos: Bool, accepts: (SearchKind) -> Bool
    ) throws -> [SearchResult] {
        var results: [SearchResult] = []
        let key = query.key
        for source in sources {
            for candidate in try source.candidates(for: query.words, typos: typos, limit: Self.candidateLimit)
            where accepts(candidate.kind) {
                guard let match = SearchMatch.of(candidate, words: query.words, key: key) else { continue }
                results.append(
                    SearchResult(
                        candidate: candidate, match: match,
                        distanceKm: Geodesy.sphericalDistance(center, candidate.coordinate), whereText: ""))
            }
        }
        let near = query.near
        results.sort { a, b in
            if a.match != b.match { return a.match < b.match }
            let importance = (a.candidate.importance, b.candidate.importance)
            if !near, importance.0 != importance.1 { return importance.0 > importance.1 }
            if a.distanceKm != b.distanceKm { return a.distanceKm < b.distanceKm }
            if importance.0 != importance.1 { return importance.0 > importance.1 }
            return a.name < b.name
        }
        return results
    }

    private func coordinateResult(_ point: LatLon, _ center: LatLon) -> SearchResult {
        let name = point.description
        let candidate = SearchCandidate(name: name, kind: .coordinate, coordinate: point, importance: 0)
        let whereText = describe(point).map { SearchResult.whereText($0, kind: .coordinate) } ?? ""
        return SearchResult(
            candidate: candidate, match: .exact, distanceKm: Geodesy.distance(center, point), whereText: whereText)
    }
}
