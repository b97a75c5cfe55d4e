/// The kind-specific part of a `Place`.
public enum PlaceDetails: Sendable, Hashable {
    /// Amenities, address and votes of a restroom.
    case restroom(RestroomDetails)
    /// Codes, elevation and runways of an airport.
    case airport(AirportDetails)
    /// What the map's vector tiles say about a point of interest they hold.
    case openStreetMap(OpenStreetMapDetails)
    /// No details are known (a kind without a details type, or a source that only has a name).
    case none
}
