import GeoCore

/// A point of interest shown on the map: a restroom, an airport, …
///
/// Values are plain data: equal when every field is equal. A `Place` that came from outside (an API
/// response, an imported file, a fixture file) has sanitised text and a valid coordinate.
///
/// ## JSON form
/// The stable form written by `FixtureSource.encode` and `mapterm places --json`, and read by
/// `FixtureSource`:
/// ```json
/// {"id": "rr:16273", "kind": "restroom", "name": "Austin City Hall", "lat": 30.2648963, "lon": -97.747196,
///  "restroom": {"street": "301 W. 2nd St", "city": "Austin", "state": "TX", "accessible": true, …}}
/// ```
/// Details sit under a key named after their type (`"restroom"`, `"airport"` or `"openStreetMap"`) and are left out when
/// there are none. Field names are camelCase; missing optional fields decode as empty, false, 0 or nil.
/// `"fetchedAt"` (seconds since 1970, UTC) is there only for a place fetched from a live source.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// Stable identifier prefixed by its source: "rr:1234" (Refuge Restrooms), "ap:KSFO" (OurAirports),
    /// "osm:123" (OpenStreetMap, from the map's tiles). Unique within a source.
    public var id: String
    /// What the place is.
    public var kind: PlaceKind
    /// Display name, sanitised.
    public var name: String
    /// Position in degrees (WGS84); valid (`isValid`) for every place a `PlaceSource` returns.
    public var coordinate: LatLon
    /// Kind-specific details.
    public var details: PlaceDetails
    /// When mapterm last fetched this place from a live source (the Refuge Restrooms API), in seconds
    /// since 1970 (UTC); nil for places shipped with mapterm, imported, or not asked for with details.
    public var fetchedAt: Double?

    public init(
        id: String, kind: PlaceKind, name: String, coordinate: LatLon, details: PlaceDetails = .none,
        fetchedAt: Double? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.coordinate = coordinate
        self.details = details
        self.fetchedAt = fetchedAt
    }

    /// The restroom details, or nil when the details are of another type.
    public var restroom: RestroomDetails? {
        if case .restroom(let details) = details { return details }
        return nil
    }

    /// The airport details, or nil when the details are of another type.
    public var airport: AirportDetails? {
        if case .airport(let details) = details { return details }
        return nil
    }

    /// What the map's tiles say about it, or nil when the details are of another type.
    public var openStreetMap: OpenStreetMapDetails? {
        if case .openStreetMap(let details) = details { return details }
        return nil
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case id, kind, name, lat, lon, restroom, airport, openStreetMap, fetchedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(PlaceKind.self, forKey: .kind)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        coordinate = LatLon(lat: try c.decode(Double.self, forKey: .lat), lon: try c.decode(Double.self, forKey: .lon))
        if let restroom = try c.decodeIfPresent(RestroomDetails.self, forKey: .restroom) {
            details = .restroom(restroom)
        } else if let airport = try c.decodeIfPresent(AirportDetails.self, forKey: .airport) {
            details = .airport(airport)
        } else if let tile = try c.decodeIfPresent(OpenStreetMapDetails.self, forKey: .openStreetMap) {
            details = .openStreetMap(tile)
        } else {
            details = .none
        }
        fetchedAt = try c.decodeIfPresent(Double.self, forKey: .fetchedAt).flatMap { $0.isFinite ? $0 : nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(name, forKey: .name)
        try c.encode(coordinate.lat, forKey: .lat)
        try c.encode(coordinate.lon, forKey: .lon)
        switch details {
        case .restroom(let restroom): try c.encode(restroom, forKey: .restroom)
        case .airport(let airport): try c.encode(airport, forKey: .airport)
        case .openStreetMap(let tile): try c.encode(tile, forKey: .openStreetMap)
        case .none: break
        }
        try c.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
    }
}
