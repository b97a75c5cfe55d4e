import GeoCore

/// One ranked answer of `PlaceSearch`.
public struct SearchResult: Hashable, Sendable {
    public var candidate: SearchCandidate
    public var match: SearchMatch
    /// Great-circle distance from the view centre (or `--near`), kilometres.
    public var distanceKm: Double
    /// "City, region, country" where the result lies (empty when unknown; for a country, empty).
    public var whereText: String

    public init(candidate: SearchCandidate, match: SearchMatch, distanceKm: Double, whereText: String) {
        self.candidate = candidate
        self.match = match
        self.distanceKm = distanceKm
        self.whereText = whereText
    }

    public var name: String { candidate.name }
    public var kind: SearchKind { candidate.kind }
    public var coordinate: LatLon { candidate.coordinate }

    /// "Hounslow, England, United Kingdom" from a reverse geocode: the city the point is in or near,
    /// its region and its country, each said once.
    public static func whereText(_ geocode: ReverseGeocode, kind: SearchKind) -> String {
        var parts: [String] = []
        if kind != .country, kind != .region, kind != .city, let city = geocode.nearestCity, city.distanceKm < 50 {
            parts.append(city.name)
        }
        if kind != .country, let region = geocode.region { parts.append(region) }
        if let country = geocode.country ?? geocode.nearestCity?.countryName, kind != .country {
            parts.append(country)
        }
        var said: [String] = []
        for part in parts where !said.contains(part) { said.append(part) }
        return said.joined(separator: ", ")
    }
}
