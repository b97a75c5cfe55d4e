/// Which places the map, `render` and `mapterm places` show: kinds, restroom amenities that are required,
/// and whether closed airports count. The default shows every kind, asks for no amenity and leaves
/// closed airports out ("never unless asked").
public struct PlaceFilter: Hashable, Sendable, CustomStringConvertible {
    /// The kinds shown.
    public var kinds: Set<PlaceKind>
    /// Amenities a restroom must all have to be shown (empty: any restroom).
    public var amenities: RestroomAmenities
    /// Closed airports are shown too (with airports).
    public var includeClosed: Bool
    /// When set, only the categories the map shows at this whole zoom (`ClusterGroup.minZoom`):
    /// `mapterm places --zoom`.
    public var zoom: Int?

    public init(
        kinds: Set<PlaceKind> = PlaceKind.all, amenities: RestroomAmenities = [], includeClosed: Bool = false,
        zoom: Int? = nil
    ) {
        self.kinds = kinds
        self.amenities = amenities
        self.includeClosed = includeClosed
        self.zoom = zoom
    }

    /// Everything but closed airports.
    public static let standard = PlaceFilter()

    /// True when places of this category pass.
    public func allows(_ category: PlaceCategory) -> Bool {
        guard kinds.contains(category.kind) else { return false }
        if let zoom, category.group.minZoom > zoom { return false }
        if category == .closedAirport { return includeClosed }
        return category.amenities.isSuperset(of: amenities)
    }

    /// True when the place passes.
    public func allows(_ place: Place) -> Bool { allows(PlaceCategory.of(place)) }

    /// Bit `code` set for every category that passes.
    public var categoryMask: UInt32 {
        PlaceCategory.all.reduce(0) { mask, category in allows(category) ? mask | 1 << category.code : mask }
    }

    /// What the filter hides or requires, for the status bar: "accessible · no airports", or what it
    /// shows when that is shorter ("only restrooms, cafés"); "" when standard.
    public var description: String {
        var parts: [String] = []
        if amenities.contains(.accessible) { parts.append("accessible") }
        if amenities.contains(.unisex) { parts.append("unisex") }
        if amenities.contains(.changingTable) { parts.append("changing table") }
        let hidden = PlaceKind.allCases.filter { !kinds.contains($0) }
        if hidden.count == PlaceKind.allCases.count {
            parts.append("nothing shown")
        } else if hidden.count * 2 > PlaceKind.allCases.count {
            let shown = PlaceKind.allCases.filter { kinds.contains($0) }
            parts.append("only " + shown.map { $0.noun(plural: true) }.joined(separator: ", "))
        } else if hidden.count > 0 {
            parts.append("no " + hidden.map { $0.noun(plural: true) }.joined(separator: ", "))
        }
        if includeClosed { parts.append("closed airports") }
        return parts.joined(separator: " · ")
    }
}
