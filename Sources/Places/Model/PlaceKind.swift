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

    /// The kind in words, singular and plural: "restroom" / "restrooms", "seaplane base" / "seaplane bases".
    public func noun(plural: Bool) -> String {
        let singular: String
        switch self {
        case .restroom: singular = "restroom"
        case .airport: singular = "airport"
        case .heliport: singular = "heliport"
        case .seaplaneBase: singular = "seaplane base"
        case .balloonport: singular = "balloon port"
        }
        return plural ? singular + "s" : singular
    }

    /// Orders kinds by their declaration order (restroom before airport).
    public static func < (lhs: PlaceKind, rhs: PlaceKind) -> Bool { lhs.index < rhs.index }
}
