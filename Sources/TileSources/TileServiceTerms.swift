import Foundation

/// What the public tile services mapterm knows ask of their users: who they are, the credit they want
/// shown, whether copying tiles in bulk (`mapterm download`) is allowed, and the shortest time a tile
/// may be kept. The one table of them: the download refusal, the cache lifetimes and the on-screen
/// credit all read it. A host not listed has no terms known here (`forHost` answers nil).
public struct TileServiceTerms: Sendable, Equatable {
    /// The service's name ("OpenFreeMap").
    public let name: String
    /// The host its tiles come from; its subdomains count as the service too.
    public let host: String
    /// The credit the service asks for, in full.
    public let credit: String
    /// The credit for a status bar or a corner of the map.
    public let shortCredit: String
    /// False when the terms forbid copying tiles in bulk or for offline use.
    public let bulkDownloadAllowed: Bool
    /// Seconds a tile must be kept at least before it is asked for again (a shorter lifetime from the
    /// server is raised to it); nil when the service asks for none.
    public let minimumCacheSeconds: Double?
    /// What else the terms say, in a few words (for the docs and messages).
    public let notes: String

    /// Every service with known terms.
    public static let all: [TileServiceTerms] = [
        TileServiceTerms(
            name: "OpenFreeMap", host: "tiles.openfreemap.org",
            credit: "OpenFreeMap © OpenMapTiles Data from OpenStreetMap",
            shortCredit: "OpenFreeMap © OpenMapTiles © OpenStreetMap", bulkDownloadAllowed: false,
            minimumCacheSeconds: nil,
            notes: "no collecting of data in automated ways without permission"),
        TileServiceTerms(
            name: "the OpenStreetMap US tile service", host: "tiles.openstreetmap.us",
            credit: "OpenStreetMap US © OpenMapTiles © OpenStreetMap contributors",
            shortCredit: "OSM US © OpenMapTiles © OpenStreetMap", bulkDownloadAllowed: false,
            minimumCacheSeconds: nil,
            notes: "1000 requests a minute per IP, an accurate User-Agent, non-commercial use, no offline bulk copies"),
        TileServiceTerms(
            name: "the OpenStreetMap Foundation's vector tiles", host: "vector.openstreetmap.org",
            credit: "© OpenStreetMap contributors", shortCredit: "© OpenStreetMap", bulkDownloadAllowed: false,
            minimumCacheSeconds: 7 * 86_400,
            notes: "an application's User-Agent, tiles cached at least 7 days, no bulk or offline use"),
        TileServiceTerms(
            name: "VersaTiles", host: "tiles.versatiles.org", credit: "VersaTiles © OpenStreetMap contributors",
            shortCredit: "VersaTiles © OpenStreetMap", bulkDownloadAllowed: true, minimumCacheSeconds: nil,
            notes: "200 requests a second per IP; whole planets are offered as files to download"),
        TileServiceTerms(
            name: "Protomaps daily builds", host: "build.protomaps.com",
            credit: "Protomaps © OpenStreetMap contributors",
            shortCredit: "Protomaps © OpenStreetMap", bulkDownloadAllowed: true, minimumCacheSeconds: nil,
            notes:
                "daily planet PMTiles archives read with range requests; copying a region to your own storage is what they recommend"
        ),
    ]

    /// The terms of the service `host` belongs to (the host itself or one of its subdomains, in any case,
    /// a trailing dot ignored), nil when none is known.
    public static func forHost(_ host: String) -> TileServiceTerms? {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return all.first { name == $0.host || name.hasSuffix("." + $0.host) }
    }

    /// The terms of the host `url` points at, if known.
    public static func forURL(_ url: URL?) -> TileServiceTerms? { url?.host.flatMap(forHost) }

    /// Where a download can come from instead: a service that allows copying a region.
    public static let bulkAlternative =
        "a Protomaps build allows it, e.g. --tiles https://build.protomaps.com/YYYYMMDD.pmtiles"

    /// One line saying why a download from this service is refused, and where to go instead; nil when the
    /// service allows bulk copies.
    public var downloadRefusal: String? {
        guard !bulkDownloadAllowed else { return nil }
        return "\(host) (\(name)) does not allow bulk downloads (\(notes)): \(Self.bulkAlternative)"
    }

    /// `served` (the lifetime the server gave, nil when it gave none, else `fallback`) raised to the
    /// service's minimum: the seconds a tile of `host` is kept.
    public static func cacheSeconds(served: Double?, fallback: Double, host: String) -> Double {
        let lifetime = served ?? fallback
        guard let minimum = forHost(host)?.minimumCacheSeconds else { return lifetime }
        return max(lifetime, minimum)
    }
}
