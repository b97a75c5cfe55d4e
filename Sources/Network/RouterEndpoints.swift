import Foundation
import Routing
import TextSafety

/// Where routes are asked: the base URL of an OSRM-API server per profile (`{base}/route/v1/…`), and the
/// credit the screen shows for them.
///
/// The default is FOSSGIS's public OSRM at routing.openstreetmap.de (one server per profile), whose usage
/// policy (https://routing.openstreetmap.de/about.html) allows reasonable non-commercial use with a valid
/// User-Agent, at most one request a second, with the attribution shown.
public struct RouterEndpoints: Sendable, Equatable {
    /// The base URL of each profile that has a router; a profile missing here has none.
    public var bases: [RouteProfile: URL]

    /// One base URL per profile; profiles left out have no router.
    public init(bases: [RouteProfile: URL]) {
        self.bases = bases
    }

    /// One server for every profile (`--router URL`).
    public init(all base: URL) {
        self.init(bases: Dictionary(uniqueKeysWithValues: RouteProfile.allCases.map { ($0, base) }))
    }

    /// FOSSGIS's public OSRM servers: https://routing.openstreetmap.de/routed-car, …/routed-bike,
    /// …/routed-foot.
    public static let fossgis = RouterEndpoints(bases: [
        .car: URL(string: "https://routing.openstreetmap.de/routed-car")!,
        .bike: URL(string: "https://routing.openstreetmap.de/routed-bike")!,
        .foot: URL(string: "https://routing.openstreetmap.de/routed-foot")!,
    ])

    /// The base URL for `profile`, nil when it has no router.
    public func base(for profile: RouteProfile) -> URL? { bases[profile] }

    /// "routes: OSRM at routing.openstreetmap.de, © OpenStreetMap contributors": the hosts asked (with
    /// their ports, each once, in profile order) and the data's credit. The routes of every OSRM server
    /// come from OpenStreetMap data.
    public var credit: String {
        var hosts: [String] = []
        for profile in RouteProfile.allCases {
            guard let url = bases[profile] else { continue }
            let host = Self.hostLabel(url)
            if !hosts.contains(host) { hosts.append(host) }
        }
        return "routes: OSRM at \(hosts.joined(separator: " and ")), © OpenStreetMap contributors"
    }

    /// "host" or "host:port", sanitised, for the credit and messages.
    static func hostLabel(_ url: URL) -> String {
        let host = url.host ?? "?"
        return TextSanitizer.clean(url.port.map { "\(host):\($0)" } ?? host, maxLength: 80)
    }

    /// True when `url` can be a router's base: an http or https URL with a host, without a query or a
    /// fragment (a path prefix such as FOSSGIS's `/routed-car` is fine).
    public static func isUsable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host ?? "").isEmpty && url.query == nil && url.fragment == nil
    }
}
