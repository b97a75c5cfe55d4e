/// What a place is. New kinds are added as new cases; the raw value is the stable name used in JSON,
/// in the places database and on the command line (`--kind restroom`).
public enum PlaceKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// A public restroom (Refuge Restrooms, OpenStreetMap `amenity=toilets`).
    case restroom
    /// An airport, heliport or seaplane base (OurAirports).
    case airport

    /// Every kind: the usual `kinds:` argument when nothing is filtered out.
    public static let all: Set<PlaceKind> = Set(allCases)

    /// The stable name, the same as `rawValue`.
    public var description: String { rawValue }

    /// Orders kinds by their declaration order (restroom before airport).
    public static func < (lhs: PlaceKind, rhs: PlaceKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
