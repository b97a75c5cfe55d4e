import GeoCore
import Places
import TextSafety

/// The one reader of a point given outside the map: `--center`, `--near`, `--location` and
/// `MAPTERM_LOCATION`, `--around`. It reads every form the search line reads (`CoordinateQuery`, so a
/// coordinate copied from anywhere works everywhere): `48.8566,2.3522`, `48.8566 2.3522`,
/// `48°51'N 2°21'E`, `N 48 51.4 E 2 21.1`, `geo:48.8566,2.3522`; degrees, latitude -90...90 and
/// longitude -180...180.
enum PointArgument {
    /// What a point looks like, for messages.
    static let forms = "LAT,LON in degrees, like 48.8566,2.3522 or 48°51'N 2°21'E"

    /// The point `text` spells, or why not (one sentence); nil when it is not a point at all.
    static func read(_ text: String) -> Result<LatLon, UsageError>? {
        switch CoordinateQuery.parse(text) {
        case .coordinate(let point): return .success(point)
        case .outOfRange(let problem): return .failure(UsageError(problem))
        case nil: return nil
        }
    }

    /// The point `text` spells.
    /// - Throws: `UsageError` naming `--option` when the text is not a point or is not on Earth.
    static func parse(_ text: String, option: String) throws(UsageError) -> LatLon {
        switch read(text) {
        case .success(let point): return point
        case .failure(let problem): throw UsageError("--\(option): \(problem.description)")
        case nil:
            throw UsageError("--\(option) must be \(forms) (got '\(TextSanitizer.clean(text, maxLength: 60))')")
        }
    }
}
