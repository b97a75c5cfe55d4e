/// The class of a place that decides at which zooms it is on the map and what it counts as in a
/// cluster: its kind, and for restrooms their amenities, for airports their size.
///
/// Codes are stable (they are stored in the places database):
/// - 0…7: restrooms, the code being their `RestroomAmenities` bits;
/// - 8 large, 9 medium, 10 small airport, 11 heliport, 12 seaplane base, 13 balloon port, 14 closed airport;
/// - 15 café, 16 restaurant, 17 pharmacy, 18 drinking water, 19 station, 20 ATM, 21 hospital (the points
///   of interest of the map's tiles, `PlaceKind.tileKinds` in order).
public struct PlaceCategory: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stable code, 0..<`count`.
    public let code: UInt8

    /// The number of categories: codes run 0..<count.
    public static let count = 22

    /// The category of a stored code; nil for codes this build does not know.
    public init?(code: UInt8) {
        guard Int(code) < Self.count else { return nil }
        self.code = code
    }

    private init(unchecked code: UInt8) { self.code = code }

    public static func restroom(_ amenities: RestroomAmenities) -> PlaceCategory {
        PlaceCategory(unchecked: amenities.rawValue)
    }
    package static let largeAirport = PlaceCategory(unchecked: 8)
    package static let mediumAirport = PlaceCategory(unchecked: 9)
    public static let smallAirport = PlaceCategory(unchecked: 10)
    public static let heliport = PlaceCategory(unchecked: 11)
    public static let seaplaneBase = PlaceCategory(unchecked: 12)
    public static let balloonport = PlaceCategory(unchecked: 13)
    package static let closedAirport = PlaceCategory(unchecked: 14)
    public static let cafe = PlaceCategory(unchecked: 15)
    public static let restaurant = PlaceCategory(unchecked: 16)
    public static let pharmacy = PlaceCategory(unchecked: 17)
    public static let drinkingWater = PlaceCategory(unchecked: 18)
    public static let station = PlaceCategory(unchecked: 19)
    public static let atm = PlaceCategory(unchecked: 20)
    public static let hospital = PlaceCategory(unchecked: 21)

    /// Every category, by code.
    public static let all: [PlaceCategory] = (0..<UInt8(count)).map { PlaceCategory(unchecked: $0) }

    /// The category of a place: from its restroom amenities, or its airport `type`. An airport of unknown
    /// type counts as small; a restroom without details as one without amenities.
    public static func of(_ place: Place) -> PlaceCategory {
        switch place.kind {
        case .restroom: return .restroom(place.restroom.map(RestroomAmenities.init) ?? [])
        case .heliport: return .heliport
        case .seaplaneBase: return .seaplaneBase
        case .balloonport: return .balloonport
        case .cafe: return .cafe
        case .restaurant: return .restaurant
        case .pharmacy: return .pharmacy
        case .drinkingWater: return .drinkingWater
        case .station: return .station
        case .atm: return .atm
        case .hospital: return .hospital
        case .airport:
            switch place.airport?.type {
            case "large_airport": return .largeAirport
            case "medium_airport": return .mediumAirport
            case "closed": return .closedAirport
            default: return .smallAirport
            }
        }
    }

    /// What places of this category are.
    public var kind: PlaceKind {
        switch code {
        case 0...7: return .restroom
        case 11: return .heliport
        case 12: return .seaplaneBase
        case 13: return .balloonport
        case 15: return .cafe
        case 16: return .restaurant
        case 17: return .pharmacy
        case 18: return .drinkingWater
        case 19: return .station
        case 20: return .atm
        case 21: return .hospital
        default: return .airport
        }
    }

    /// A restroom's amenities; empty for other kinds.
    public var amenities: RestroomAmenities { code < 8 ? RestroomAmenities(rawValue: code) : [] }

    /// The hierarchy the places of this category are clustered in.
    public var group: ClusterGroup {
        switch code {
        case 0...7: return .restrooms
        case 8: return .largeAirports
        case 9: return .mediumAirports
        case 10: return .smallAirports
        case 15...: return .pointsOfInterest
        default: return .airfields
        }
    }

    /// "restroom (accessible, unisex)", "large airport", …
    public var description: String {
        switch code {
        case 0: return "restroom"
        case 1...7: return "restroom (\(amenities))"
        case 8: return "large airport"
        case 9: return "medium airport"
        case 10: return "small airport"
        case 11: return "heliport"
        case 12: return "seaplane base"
        case 13: return "balloon port"
        case 14: return "closed airport"
        default: return kind.noun(plural: false)
        }
    }

    public static func < (lhs: PlaceCategory, rhs: PlaceCategory) -> Bool { lhs.code < rhs.code }
}

/// A set of categories clustered together in one hierarchy: they share the zoom from which they appear.
/// Places of different groups are never in one stored cluster; the map merges their markers on screen
/// when they would touch.
public enum ClusterGroup: UInt8, Hashable, Sendable, CaseIterable, Comparable {
    /// Restrooms: always counted, from zoom 0.
    case restrooms = 0
    /// Large airports, from zoom 3.
    case largeAirports = 1
    /// Medium airports, from zoom 6.
    case mediumAirports = 2
    /// Small airports, from zoom 9.
    case smallAirports = 3
    /// Heliports, seaplane bases, balloon ports and closed airports, from zoom 12.
    case airfields = 4
    /// The points of interest of the map's tiles but restrooms (cafés, restaurants, pharmacies, drinking
    /// water, stations, ATMs, hospitals), from zoom 14: the street zoom at which all three tile schemas
    /// carry them all (lower tiles hold a few or none, so lower counts would mislead).
    case pointsOfInterest = 5

    /// The lowest whole zoom at which places of the group are on the map (counted in clusters or drawn).
    public var minZoom: Int {
        switch self {
        case .restrooms: return 0
        case .largeAirports: return 3
        case .mediumAirports: return 6
        case .smallAirports: return 9
        case .airfields: return 12
        case .pointsOfInterest: return 14
        }
    }

    /// The categories of the group, in code order; a cluster's counts are kept per slot of this list.
    public var categories: [PlaceCategory] { Self.categoriesByGroup[Int(rawValue)] }

    /// The slot of a category of this group in `categories`.
    public func slot(of category: PlaceCategory) -> Int {
        Int(category.code) - Int(categories[0].code)
    }

    private static let categoriesByGroup: [[PlaceCategory]] = ClusterGroup.allCases.map { group in
        PlaceCategory.all.filter { $0.group == group }
    }

    public static func < (lhs: ClusterGroup, rhs: ClusterGroup) -> Bool { lhs.rawValue < rhs.rawValue }
}
