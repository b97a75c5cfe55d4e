import Foundation
import GeoCore

/// Something a search can find, as its source (the gazetteer, the places database) describes it.
public struct SearchCandidate: Hashable, Sendable {
    /// Display name, sanitised ("London Heathrow Airport", "Zürich").
    public var name: String
    public var kind: SearchKind
    /// Where the map flies to, degrees.
    public var coordinate: LatLon
    /// How important the candidate is on one scale for every source, 0…1000 (higher first): about 100 ×
    /// log10 of the population for cities (a city of 1 million: 600), 750 for countries, 540 for regions,
    /// 200 + 1.5 × `PlaceImportance.rank` for places (a large airport about 550, a restroom 450).
    public var importance: Int
    /// Codes matched whole and before any name: IATA, ICAO, GPS and local codes of an airport, the ISO
    /// 3166-1 alpha-2 code of a country; folded (`SearchText`).
    public var codes: [String]
    /// Other names, matched as the name is (`Bavaria` for the region Natural Earth calls `Bayern`).
    public var alternateNames: [String]
    /// Other text the candidate is found by, after its name: an airport's city, a restroom's street and
    /// city.
    public var keywords: String
    /// The id of a place of the places database ("ap:EGLL"); nil for gazetteer entries.
    public var placeID: String?
    /// "City, region, country" when the source knows it; else the search describes the coordinate.
    public var context: String?

    public init(
        name: String, kind: SearchKind, coordinate: LatLon, importance: Int, codes: [String] = [],
        alternateNames: [String] = [], keywords: String = "", placeID: String? = nil, context: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.coordinate = coordinate
        self.importance = importance
        self.codes = codes
        self.alternateNames = alternateNames
        self.keywords = keywords
        self.placeID = placeID
        self.context = context
    }

    /// The importance of a place of the places database on the common scale.
    public static func importance(placeRank: UInt8) -> Int { 200 + Int(placeRank) * 3 / 2 }

    /// The importance of a city of `population` people on the common scale.
    public static func importance(population: Int) -> Int {
        Int((100 * log10(Double(max(population, 1)))).rounded())  // checked: log10 of a positive Int is at most 19
    }
}
