import Foundation
import GeoCore

/// The search behind `/` and `mapterm search`: a query against every `SearchSource`, ranked.
///
/// Ranking: `SearchRanking` (a code first; then importance, how well the words match and distance from
/// the view centre as one score; a `near:` query: match, then distance). Each source gives at most
/// `candidateLimit` candidates, those near the centre among them (`SearchSource`); typos are tried
/// too unless some candidate matches a code or a whole name (in the sources where that is cheap, in
/// every source when nothing matched), and ranked with the rest. A query that is
/// a coordinate answers that coordinate alone (or says why it is not one).
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
        var ranked = try collect(query, center: center, typos: false, sources: sources, accepts: accepts)
        if !ranked.contains(where: { $0.match.isWhole }) {
            // Weak literal hits: typos from the sources where they are cheap; none: from every source.
            let asked = ranked.isEmpty ? sources : sources.filter(\.cheapTypos)
            let literal = Set(ranked.map(\.candidate))
            ranked += try collect(query, center: center, typos: true, sources: asked, accepts: accepts).filter {
                !literal.contains($0.candidate)
            }
        }
        let results = SearchRanking.sorted(ranked, near: query.near).prefix(limit).map { result -> SearchResult in
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

    /// The matching candidates of `sources`, unordered.
    private func collect(
        _ query: SearchQuery, center: LatLon, typos: Bool, sources: [any SearchSource], accepts: (SearchKind) -> Bool
    ) throws -> [SearchResult] {
        var results: [SearchResult] = []
        for source in sources {
            for candidate in try source.candidates(
                for: query.words, near: center, typos: typos, limit: Self.candidateLimit)
            where accepts(candidate.kind) {
                guard let match = SearchMatch.of(candidate, words: query.words, typos: typos) else { continue }
                results.append(
                    SearchResult(
                        candidate: candidate, match: match,
                        distanceKm: Geodesy.sphericalDistance(center, candidate.coordinate), whereText: ""))
            }
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
