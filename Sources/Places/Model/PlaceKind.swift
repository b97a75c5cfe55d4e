/// What a place is. New kinds are added as new cases; the raw value is the stable name used in JSON,
/// in the places database and on the command line (`--kind heliport`).
public enum PlaceKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// A public restroom (Refuge Restrooms, OpenStreetMap `amenity=toilets`).
    case restroom
    /// An airport of any size, open or closed (OurAirports types large_airport, medium_airport,
    /// small_airport, closed).
    case airport
    /// A heliport (OurAirports type heliport).
    case heliport
    /// A seaplane base (OurAirports type seaplane_base).
    case seaplaneBase = "seaplane_base"
    /// A balloon port (OurAirports type balloonport).
    case balloonport
    /// A café (OpenStreetMap `amenity=cafe`, from the map's tiles).
    case cafe
    /// A restaurant (OpenStreetMap `amenity=restaurant`).
    case restaurant
    /// A pharmacy (OpenStreetMap `amenity=pharmacy`).
    case pharmacy
    /// Drinking water: a tap or fountain to drink from (OpenStreetMap `amenity=drinking_water`).
    case drinkingWater = "drinking_water"
    /// A railway station or halt (OpenStreetMap `railway=station`, `railway=halt`).
    case station
    /// A cash machine (OpenStreetMap `amenity=atm`).
    case atm
    /// A hospital (OpenStreetMap `amenity=hospital`).
    case hospital

    /// Every kind: the usual `kinds:` argument when nothing is filtered out.
    public static let all: Set<PlaceKind> = Set(allCases)

    /// The stable name, the same as `rawValue`.
    public var description: String { rawValue }

    /// Position in `allCases` (0 for restroom): an index into per-kind arrays such as `KindCounts`.
    public var index: Int {
        switch self {
        case .restroom: return 0
        case .airport: return 1
        case .heliport: return 2
        case .seaplaneBase: return 3
        case .balloonport: return 4
        case .cafe: return 5
        case .restaurant: return 6
        case .pharmacy: return 7
        case .drinkingWater: return 8
        case .station: return 9
        case .atm: return 10
        case .hospital: return 11
        }
    }

    /// The kind an OurAirports `type` stands for: heliport, seaplane_base and balloonport are kinds of
    /// their own; every other type (large, medium, small airports, closed ones, unknown types) is an
    /// airport.
    public static func ofAirportType(_ type: String) -> PlaceKind {
        switch type {
        case "heliport": return .heliport
        case "seaplane_base": return .seaplaneBase
        case "balloonport": return .balloonport
        default: return .airport
        }
    }

    /// The kind in words, singular and plural: "restroom" / "restrooms", "seaplane base" / "seaplane bases",
    /// "drinking water" / "drinking water".
    public func noun(plural: Bool) -> String {
        let singular: String
        switch self {
        case .restroom: singular = "restroom"
        case .airport: singular = "airport"
        case .heliport: singular = "heliport"
        case .seaplaneBase: singular = "seaplane base"
        case .balloonport: singular = "balloon port"
        case .cafe: singular = "café"
        case .restaurant: singular = "restaurant"
        case .pharmacy: singular = "pharmacy"
        case .drinkingWater: return "drinking water"
        case .station: singular = "station"
        case .atm: singular = "ATM"
        case .hospital: singular = "hospital"
        }
        guard plural else { return singular }
        return self == .pharmacy ? "pharmacies" : singular + "s"
    }

    /// The kinds found among the points of interest of the map's tiles (besides restrooms), in order.
    public static let tileKinds: [PlaceKind] = [
        .cafe, .restaurant, .pharmacy, .drinkingWater, .station, .atm, .hospital,
    ]

    /// Orders kinds by their declaration order (restroom before airport).
    public static func < (lhs: PlaceKind, rhs: PlaceKind) -> Bool { lhs.index < rhs.index }
}
