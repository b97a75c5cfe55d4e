/// How important a place is, 0…255 (higher is more important): the member that represents a cluster,
/// which marker wins a crowded spot on screen, and the order of a cluster's "most important" list.
///
/// Large airports rank above restrooms, restrooms above medium and small airports, and those above
/// heliports, seaplane bases and balloon ports, those above the points of interest of the map's tiles
/// (cafés, stations, …); closed airports come last. Inside a category:
/// airports with an IATA code (scheduled service, as a rule) and longer runways come first; restrooms
/// gain a point per amenity and up to ten for their net votes. Ties are broken by place id wherever
/// an order must be total.
public enum PlaceImportance {
    /// The importance of a place.
    public static func rank(_ place: Place) -> UInt8 {
        let category = PlaceCategory.of(place)
        var value = base(category)
        switch place.details {
        case .restroom(let r):
            value += 3 * RestroomAmenities(r).rawValue.nonzeroBitCount
            value += min(max(r.upvote - r.downvote, 0), 10)
        case .airport(let a):
            if let iata = a.iataCode, !iata.isEmpty { value += 10 }
            if let length = a.longestRunway?.lengthFt { value += min(max(length / 2000, 0), 6) }
        case .openStreetMap, .none:
            break
        }
        return UInt8(min(value, 255))
    }

    /// The importance of a category before a place's own details are counted.
    public static func base(_ category: PlaceCategory) -> Int {
        switch category.code {
        case 0...7: return 170
        case 8: return 220
        case 9: return 150
        case 10: return 100
        case 11, 12: return 60
        case 13: return 50
        case 15...: return 40
        default: return 10
        }
    }

    /// True when `a` is more important than `b`: higher rank first, then smaller id.
    public static func precedes(rank a: UInt8, id idA: String, rank b: UInt8, id idB: String) -> Bool {
        a != b ? a > b : idA < idB
    }
}
