import Foundation

/// What is known about an airport, in the shape of OurAirports `airports.csv` (plus its runways).
public struct AirportDetails: Sendable, Hashable, Codable {
    /// OurAirports `ident`, usually the ICAO or local code ("KSFO", "00AK").
    public var ident: String
    /// OurAirports `type`: "large_airport", "medium_airport", "small_airport", "heliport",
    /// "seaplane_base", "balloonport" or "closed". See `typeDescription`.
    public var type: String
    /// IATA code ("SFO"); nil when none.
    public var iataCode: String?
    /// ICAO code ("KSFO"); nil when none.
    public var icaoCode: String?
    /// GPS code ("KSFO"); nil when none.
    public var gpsCode: String?
    /// Field elevation in feet above mean sea level; nil when unknown.
    public var elevationFt: Int?
    /// Served city ("San Francisco"); nil when unknown.
    public var municipality: String?
    /// ISO 3166-2 region as OurAirports writes it (`iso_region`, "US-CA").
    public var region: String
    /// ISO 3166-1 alpha-2 country (`iso_country`, "US").
    public var country: String
    /// All runways listed for the airport, closed ones included, in source order.
    public var runways: [Runway]

    public init(
        ident: String, type: String, iataCode: String? = nil, icaoCode: String? = nil,
        gpsCode: String? = nil, elevationFt: Int? = nil, municipality: String? = nil,
        region: String = "", country: String = "", runways: [Runway] = []
    ) {
        self.ident = ident
        self.type = type
        self.iataCode = iataCode
        self.icaoCode = icaoCode
        self.gpsCode = gpsCode
        self.elevationFt = elevationFt
        self.municipality = municipality
        self.region = region
        self.country = country
        self.runways = runways
    }

    /// The number of runways that are not closed.
    public var runwayCount: Int { runways.filter { !$0.closed }.count }

    /// The longest runway that is not closed and has a known length; on equal lengths the first in
    /// `runways` order. Nil when there is none.
    public var longestRunway: Runway? {
        var best: Runway?
        for runway in runways where !runway.closed {
            guard let length = runway.lengthFt else { continue }
            if length > (best?.lengthFt ?? Int.min) { best = runway }
        }
        return best
    }

    /// `type` in words: "large_airport" becomes "Large airport"; unknown values are shown the same way.
    public var typeDescription: String {
        let words = type.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    // MARK: Codable (tolerant: everything but ident and type may be missing)

    private enum CodingKeys: String, CodingKey {
        case ident, type, iataCode, icaoCode, gpsCode, elevationFt, municipality, region, country, runways
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            ident: try c.decode(String.self, forKey: .ident),
            type: try c.decode(String.self, forKey: .type),
            iataCode: try c.decodeIfPresent(String.self, forKey: .iataCode),
            icaoCode: try c.decodeIfPresent(String.self, forKey: .icaoCode),
            gpsCode: try c.decodeIfPresent(String.self, forKey: .gpsCode),
            elevationFt: try c.decodeIfPresent(Int.self, forKey: .elevationFt),
            municipality: try c.decodeIfPresent(String.self, forKey: .municipality),
            region: try c.decodeIfPresent(String.self, forKey: .region) ?? "",
            country: try c.decodeIfPresent(String.self, forKey: .country) ?? "",
            runways: try c.decodeIfPresent([Runway].self, forKey: .runways) ?? [])
    }
}
