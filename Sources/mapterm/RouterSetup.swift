import Foundation
import Network
import Routing
import TextSafety
import TileSources

/// Which router the map and `mapterm route` ask: `--router URL`, else the settings file's `"router"`,
/// else FOSSGIS's public OSRM servers; none with `--offline`.
struct RouterSetup {
    /// The router, nil when none may be asked.
    var finder: (any RouteFinder)?
    /// The credit to show with its routes ("routes: OSRM at HOST, © OpenStreetMap contributors"); empty
    /// without a router.
    var credit: String
    /// Why there is no router ("--offline"), nil when there is one.
    var whyNone: String?

    /// The router `option` (a `--router` value), `config` and `offline` ask for, each request timing out
    /// after `timeout` seconds.
    /// - Throws: `UsageError` when `option` is not an http(s) URL.
    static func make(option: String?, config: UserConfig, offline: Bool, timeout: Double = 10) throws -> RouterSetup {
        // Parsed first: a malformed --router is refused with --offline too.
        let endpoints = try endpoints(option: option, config: config)
        if offline { return RouterSetup(finder: nil, credit: "", whyNone: "--offline") }
        let client = OSRMClient(configuration: .init(endpoints: endpoints, timeout: timeout))
        return RouterSetup(finder: client, credit: endpoints.credit, whyNone: nil)
    }

    /// The servers `option` or `config` name, else FOSSGIS's.
    static func endpoints(option: String?, config: UserConfig) throws -> RouterEndpoints {
        if let option { return RouterEndpoints(all: try parseURL(option)) }
        switch config.router {
        case nil: return .fossgis
        case .all(let url): return RouterEndpoints(all: url)
        case .perProfile(let urls):
            var bases: [RouteProfile: URL] = [:]
            for (name, url) in urls {
                if let profile = RouteProfile(name: name) { bases[profile] = url }
            }
            return RouterEndpoints(bases: bases)
        }
    }

    /// `--router URL`: an http or https URL with a host, without a query.
    static func parseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), RouterEndpoints.isUsable(url) else {
            throw UsageError(
                "--router must be the http(s) URL of an OSRM server, like http://127.0.0.1:5000 (got '\(TextSanitizer.clean(text, maxLength: 80))')"
            )
        }
        return url
    }
}
