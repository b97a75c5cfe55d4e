import Foundation

/// The order of search results, one rule for every source.
///
/// A code typed whole (`SFO`, `KSFO`, `fr`) comes first. Every other result gets a score: its
/// importance (`SearchCandidate.importance`, 0…1000), plus a bonus for how well the words match
/// (`matchBonus`: a whole name or other name +200, the start of words of the name 0, of the keywords
/// −50, one typo −150), minus 100 × log10(1 + the distance in km, counted up to `farKm`) (`distancePenalty`:
/// 30 at 1 km, 100 at 9 km, 200 at 99 km, 300 from 1 000 km on). Higher scores come first; ties go to the
/// nearer, then by name. So a place near the view outranks a far one of the same name or a bit more
/// importance (`airport` lists SFO before a city called Airport in Hawaii), while among places far
/// away (beyond 1 000 km) importance alone decides (`paris` is Paris, France, from anywhere but near
/// Paris, Texas). A `near:` query orders by match, then distance alone.
public enum SearchRanking {
    /// From this distance on, in km, distance no longer lowers a score.
    public static let farKm = 1000.0

    /// The score of a match's quality, added to the importance.
    public static func matchBonus(_ match: SearchMatch) -> Double {
        switch match {
        case .code, .exact: return 200
        case .name: return 0
        case .keyword: return -50
        case .typo: return -150
        }
    }

    /// What `distanceKm` (km from the view centre or `--near`) takes off a score: 100 × log10(1 + km),
    /// the distance counted up to `farKm`.
    public static func distancePenalty(_ distanceKm: Double) -> Double {
        100 * log10(1 + min(max(distanceKm, 0), farKm))
    }

    /// The score of `result` (for results that are not a code match).
    public static func score(_ result: SearchResult) -> Double {
        Double(result.candidate.importance) + matchBonus(result.match) - distancePenalty(result.distanceKm)
    }

    /// `results` best first (`precedes`), each score computed once and compared without copying the
    /// results.
    public static func sorted(_ results: [SearchResult], near: Bool) -> [SearchResult] {
        let keys = results.map(SortKey.init)
        let order = results.indices.sorted {
            precedes(keys[$0], keys[$1], near: near) ?? (results[$0].name < results[$1].name)
        }
        return order.map { results[$0] }
    }

    /// True when `a` comes before `b`; `near` for a `near:` query.
    public static func precedes(_ a: SearchResult, _ b: SearchResult, near: Bool) -> Bool {
        precedes(SortKey(a), SortKey(b), near: near) ?? (a.name < b.name)
    }

    /// What the order of a result depends on but its name.
    private struct SortKey {
        let match: SearchMatch
        let score: Double
        let distanceKm: Double
        let importance: Int

        init(_ result: SearchResult) {
            match = result.match
            score = SearchRanking.score(result)
            distanceKm = result.distanceKm
            importance = result.candidate.importance
        }
    }

    /// Whether `a` comes before `b`; nil when only their names can tell.
    private static func precedes(_ a: SortKey, _ b: SortKey, near: Bool) -> Bool? {
        if near || a.match == .code || b.match == .code {
            if a.match != b.match { return a.match < b.match }
            if !near, a.importance != b.importance { return a.importance > b.importance }
        } else if a.score != b.score {
            return a.score > b.score
        }
        if a.distanceKm != b.distanceKm { return a.distanceKm < b.distanceKm }
        if a.importance != b.importance { return a.importance > b.importance }
        return nil
    }
}
