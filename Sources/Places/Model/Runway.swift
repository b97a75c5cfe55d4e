import GeoCore

/// One runway of an airport, from OurAirports `runways.csv`.
public struct Runway: Sendable, Hashable, Codable {
    /// Length in feet; nil when unknown.
    public var lengthFt: Int?
    /// Width in feet; nil when unknown.
    public var widthFt: Int?
    /// Surface code as OurAirports writes it ("ASP", "CON", "GRS", "asphalt", …); nil when unknown.
    public var surface: String?
    /// True when the runway has lights.
    public var lighted: Bool
    /// True when the runway is closed.
    public var closed: Bool
    /// Identifier of the low-numbered end ("10L"); nil when unknown.
    public var lowEndIdent: String?
    /// Identifier of the high-numbered end ("28R"); nil when unknown.
    public var highEndIdent: String?
    /// Threshold of the low-numbered end in degrees (OurAirports `le_latitude_deg`,
    /// `le_longitude_deg`); nil when unknown.
    public var lowEnd: LatLon?
    /// Threshold of the high-numbered end in degrees; nil when unknown.
    public var highEnd: LatLon?

    public init(
        lengthFt: Int? = nil, widthFt: Int? = nil, surface: String? = nil, lighted: Bool = false,
        closed: Bool = false, lowEndIdent: String? = nil, highEndIdent: String? = nil, lowEnd: LatLon? = nil,
        highEnd: LatLon? = nil
    ) {
        self.lengthFt = lengthFt
        self.widthFt = widthFt
        self.surface = surface
        self.lighted = lighted
        self.closed = closed
        self.lowEndIdent = lowEndIdent
        self.highEndIdent = highEndIdent
        self.lowEnd = lowEnd.flatMap { $0.isValid ? $0 : nil }
        self.highEnd = highEnd.flatMap { $0.isValid ? $0 : nil }
    }

    /// The whole zoom from which the map draws runways as lines (and place sources hand the runways of
    /// the airports they mark, see `PlaceSource.markers`): 11, where a 3 km runway is about 20 braille
    /// dots long.
    public static let drawnFromZoom = 11

    /// Both thresholds when both are known and apart: the line the runway is drawn as.
    public var centerline: (low: LatLon, high: LatLon)? {
        guard let lowEnd, let highEnd, lowEnd != highEnd else { return nil }
        return (lowEnd, highEnd)
    }

    /// The end identifiers joined by a slash ("10L/28R"); one of them alone when the other is unknown;
    /// "" when neither is known.
    public var name: String {
        [lowEndIdent, highEndIdent].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    // MARK: Codable (tolerant: every field may be missing)

    private enum CodingKeys: String, CodingKey {
        case lengthFt, widthFt, surface, lighted, closed, lowEndIdent, highEndIdent
        case lowEndLat, lowEndLon, highEndLat, highEndLon
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lengthFt: try c.decodeIfPresent(Int.self, forKey: .lengthFt),
            widthFt: try c.decodeIfPresent(Int.self, forKey: .widthFt),
            surface: try c.decodeIfPresent(String.self, forKey: .surface),
            lighted: try c.decodeIfPresent(Bool.self, forKey: .lighted) ?? false,
            closed: try c.decodeIfPresent(Bool.self, forKey: .closed) ?? false,
            lowEndIdent: try c.decodeIfPresent(String.self, forKey: .lowEndIdent),
            highEndIdent: try c.decodeIfPresent(String.self, forKey: .highEndIdent),
            lowEnd: try Self.point(c, .lowEndLat, .lowEndLon), highEnd: try Self.point(c, .highEndLat, .highEndLon))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(lengthFt, forKey: .lengthFt)
        try c.encodeIfPresent(widthFt, forKey: .widthFt)
        try c.encodeIfPresent(surface, forKey: .surface)
        try c.encode(lighted, forKey: .lighted)
        try c.encode(closed, forKey: .closed)
        try c.encodeIfPresent(lowEndIdent, forKey: .lowEndIdent)
        try c.encodeIfPresent(highEndIdent, forKey: .highEndIdent)
        try c.encodeIfPresent(lowEnd?.lat, forKey: .lowEndLat)
        try c.encodeIfPresent(lowEnd?.lon, forKey: .lowEndLon)
        try c.encodeIfPresent(highEnd?.lat, forKey: .highEndLat)
        try c.encodeIfPresent(highEnd?.lon, forKey: .highEndLon)
    }

    /// The point of two members, nil unless both are present.
    private static func point(
        _ c: KeyedDecodingContainer<CodingKeys>, _ lat: CodingKeys, _ lon: CodingKeys
    ) throws -> LatLon? {
        guard let latitude = try c.decodeIfPresent(Double.self, forKey: lat),
            let longitude = try c.decodeIfPresent(Double.self, forKey: lon)
        else { return nil }
        return LatLon(lat: latitude, lon: longitude)
    }
}
