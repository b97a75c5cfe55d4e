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

    public init(
        lengthFt: Int? = nil, widthFt: Int? = nil, surface: String? = nil, lighted: Bool = false,
        closed: Bool = false, lowEndIdent: String? = nil, highEndIdent: String? = nil
    ) {
        self.lengthFt = lengthFt
        self.widthFt = widthFt
        self.surface = surface
        self.lighted = lighted
        self.closed = closed
        self.lowEndIdent = lowEndIdent
        self.highEndIdent = highEndIdent
    }

    /// The end identifiers joined by a slash ("10L/28R"); one of them alone when the other is unknown;
    /// "" when neither is known.
    public var name: String {
        [lowEndIdent, highEndIdent].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    // MARK: Codable (tolerant: every field may be missing)

    private enum CodingKeys: String, CodingKey {
        case lengthFt, widthFt, surface, lighted, closed, lowEndIdent, highEndIdent
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
            highEndIdent: try c.decodeIfPresent(String.self, forKey: .highEndIdent))
    }
}
