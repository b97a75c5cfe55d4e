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

    /// True when `a` comes before `b`; `near` for a `near:` query.
    public static func precedes(_ a: SearchResult, _ b: SearchResult, near: Bool) -> Bool {
        let importance = (a.candidate.importance, b.candidate.importance)
        if near || a.match == .code || b.match == .code {
            if a.match != b.match { return a.match < b.match }
            if !near, importance.0 != importance.1 { return importance.0 > importance.1 }
        } else {
            let scores = (score(a), score(b))
            if scores.0 != scores.1 { return scores.0 > scores.1 }
        }
        if a.distanceKm != b.distanceKm { return a.distanceKm < b.distanceKm }
        if importance.0 != importance.1 { return importance.0 > importance.1 }
        return a.name < b.name
    }
}
