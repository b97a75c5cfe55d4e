/// What a search result is: a gazetteer entry, a place of the places database, or a typed coordinate.
public enum SearchKind: Hashable, Sendable {
    case country
    case region
    case city
    case place(PlaceKind)
    case coordinate

    /// One lower-case word or two for lists: "country", "city", "airport", "seaplane base".
    public var label: String {
        switch self {
        case .country: return "country"
        case .region: return "region"
        case .city: return "city"
        case .place(let kind): return kind.noun(plural: false)
        case .coordinate: return "coordinate"
        }
    }

    /// The zoom a map flies to for a result of this kind: a country fills the screen at about 4, a
    /// region at 6, a city at 11, a place at street zoom (airports a little wider, to show the field).
    public var zoom: Double {
        switch self {
        case .country: return 4
        case .region: return 6
        case .city: return 11
        case .place(.restroom): return 16
        case .place: return 13
        case .coordinate: return 14
        }
    }
}
