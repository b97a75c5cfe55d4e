/// How the way is travelled: each has its own routing graph on the server.
public enum RouteProfile: String, CaseIterable, Equatable, Hashable, Sendable {
    case car, bike, foot

    /// The profile named on the command line or in the config file ("car", "bike", "foot"; also
    /// "driving", "cycling", "walking", "bicycle"); nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "car", "driving": self = .car
        case "bike", "bicycle", "cycling": self = .bike
        case "foot", "walking", "walk": self = .foot
        default: return nil
        }
    }

    /// The profile segment of an OSRM API URL (`/route/v1/{profile}/…`).
    public var osrmName: String {
        switch self {
        case .car: return "driving"
        case .bike: return "cycling"
        case .foot: return "walking"
        }
    }

    /// "by car", "by bike", "on foot".
    public var phrase: String {
        switch self {
        case .car: return "by car"
        case .bike: return "by bike"
        case .foot: return "on foot"
        }
    }

    /// "By car", "By bike", "On foot": the phrase starting a sentence.
    public var title: String { phrase.prefix(1).uppercased() + phrase.dropFirst() }

    /// The profile after this one, wrapping around: car, bike, foot, car…
    public var next: RouteProfile {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
