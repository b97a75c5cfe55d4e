import Blocking
import Foundation
import GeoCore
import Places
import Storage
import TextSafety

/// `mapterm places`: the places around a point, nearest first, with their distance, as a text table or
/// a JSON array (the `Place` JSON form plus `distanceKm`).
enum PlacesCommand {
    static let usage =
        "mapterm places --near LAT,LON [--radius KM] [--kind KINDS] [--zoom Z] [--ada] [--unisex] [--changing-table] [--closed] [--limit N] [--source embedded|refuge|FILE.json] [--json]"
    /// Search radius when `--radius` is not given, km.
    static let defaultRadiusKm = 5.0
    /// Largest `--radius`: half the Earth's circumference, km.
    static let maxRadiusKm = 20_000.0
    /// Number of places listed when `--limit` is not given.
    static let defaultLimit = 20
    /// Largest `--limit`.
    static let maxLimit = 10_000

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(
            arguments, options: ["near", "radius", "kind", "limit", "source", "api-base", "zoom"],
            switches: FilterOptions.switches.union(["json"]))
        guard let nearText = args["near"] else { throw UsageError("places needs --near LAT,LON (\(usage))") }
        let near = try parseNear(nearText)
        let radius = try args["radius"].map(parseRadius) ?? defaultRadiusKm
        var chosen = try FilterOptions.filter(args, kindOption: "kind")
        // checked: parseZoom returns a finite zoom in 0...18
        chosen.zoom = try args["zoom"].map { Int(try MapOptions.parseZoom($0).rounded(.down)) }
        let filter = chosen
        let limit = try args["limit"].map(parseLimit) ?? defaultLimit
        let opened = try PlaceSources.make(
            args["source"] ?? "embedded", resources: { try ResourceLocator.locate() }, apiBase: args["api-base"])
        if let notice = opened.notice { Diagnostics.say(notice) }
        let source = opened.source
        let listed = try BlockingBridge.runThrowing {
            try await withTaskExecutorPreference(BlockingExecutor.shared) {
                try await nearest(near, radiusKm: radius, filter: filter, limit: limit, from: source)
            }
        }
        Console.outRaw(args.has("json") ? try json(listed) : table(listed, near: near, radiusKm: radius))
    }

    // MARK: Query

    /// One listed place and its great-circle distance from the `--near` point, km.
    struct Listed: Encodable, Sendable {
        var place: Place
        var distanceKm: Double

        private enum CodingKeys: String, CodingKey { case distanceKm }

        /// The `Place` JSON form with `distanceKm` (rounded to 2 decimals) added.
        func encode(to encoder: any Encoder) throws {
            try place.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode((distanceKm * 100).rounded() / 100, forKey: .distanceKm)
        }
    }

    /// The places passing `filter` within `radiusKm` of `near`, nearest first (ties by id), at most
    /// `limit`, each with its details (`PlaceSource.details(for:)`).
    static func nearest(
        _ near: LatLon, radiusKm: Double, filter: PlaceFilter, limit: Int, from source: any PlaceSource
    ) async throws -> [Listed] {
        let (region, centered) = searchRegion(around: near, radiusKm: radiusKm)
        // The source ranks by distance from the region's centre: when that is `near`, its first `limit`
        // are the ones wanted; when the box was cut at a pole it is not, so ask for everything.
        let candidates = try await source.places(in: region, filter: filter, limit: centered ? limit : 1_000_000)
        var listed: [Listed] = []
        for place in candidates {
            let distance = Geodesy.distance(near, place.coordinate)
            if distance <= radiusKm { listed.append(Listed(place: place, distanceKm: distance)) }
        }
        listed.sort { a, b in a.distanceKm != b.distanceKm ? a.distanceKm < b.distanceKm : a.place.id < b.place.id }
        var result: [Listed] = []
        for var item in listed.prefix(limit) {
            item.place = try await source.details(for: item.place)
            result.append(item)
        }
        return result
    }

    /// The smallest latitude/longitude box holding the circle of `radiusKm` around `near` (the whole
    /// longitude range when the circle reaches a pole), and whether the box is centred on `near`.
    static func searchRegion(around near: LatLon, radiusKm: Double) -> (GeoBounds, centered: Bool) {
        let angle = radiusKm / Geodesy.earthRadiusKm
        let degrees = 180 / Double.pi
        let south = near.lat - angle * degrees
        let north = near.lat + angle * degrees
        let latitude = near.lat / degrees
        guard south > -90, north < 90, sin(angle) < cos(latitude) else {
            return (GeoBounds(south: max(-90, south), west: -180, north: min(90, north), east: 180), false)
        }
        let halfWidth = asin(sin(angle) / cos(latitude)) * degrees
        let region = GeoBounds(
            south: south, west: LatLon.wrapLongitude(near.lon - halfWidth), north: north,
            east: LatLon.wrapLongitude(near.lon + halfWidth))
        return (region, true)
    }

    // MARK: Output

    /// A table: distance (km, 2 decimals), kind, name, id, and the address or airport codes.
    static func table(_ listed: [Listed], near: LatLon, radiusKm: Double) -> SafeText {
        guard !listed.isEmpty else {
            return "No places within \(radiusKm, format: "%.2f") km of \(SafeText(sanitizing: near.description)).\n"
        }
        let idWidth = min(24, listed.map(\.place.id.count).max() ?? 2)
        var lines: [SafeText] = [
            "DIST KM  \(cell("KIND", 13))  \(cell("NAME", 40))  \(cell("ID", idWidth))  WHERE"
        ]
        for item in listed {
            let place = item.place
            let row: SafeText =
                "\(item.distanceKm, format: "%7.2f")  \(cell(place.kind.rawValue, 13))  \(cell(place.name, 40))  "
                + "\(cell(place.id, idWidth))  \(SafeText(sanitizing: whereText(place)))"
            lines.append(row.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` sanitised, cut to `width` characters and padded with spaces to that width.
    static func cell(_ text: String, _ width: Int) -> SafeText {
        let cut = SafeText(sanitizing: text, maxLength: width)
        return cut + .spaces(width - cut.string.count)
    }

    /// "301 W. 2nd St, Austin TX" for a restroom; "SFO / KSFO, San Francisco, US" for an airport.
    static func whereText(_ place: Place) -> String {
        switch place.details {
        case .restroom(let restroom): return restroom.address
        case .airport(let airport):
            let codes = [airport.iataCode, airport.icaoCode ?? airport.ident].compactMap { $0 }.joined(separator: " / ")
            return [codes, airport.municipality ?? "", airport.country].filter { !$0.isEmpty }.joined(separator: ", ")
        case .none: return ""
        }
    }

    /// The JSON array: stable form (sorted keys, pretty-printed, slashes unescaped), newline-terminated.
    static func json(_ listed: [Listed]) throws -> SafeText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return SafeText(json: String(decoding: try encoder.encode(listed), as: UTF8.self)) + "\n"
    }

    // MARK: Validation

    static func parseNear(_ text: String) throws -> LatLon {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)), lat.isFinite, lon.isFinite
        else { throw UsageError("--near must be LAT,LON in degrees, like 37.7749,-122.4194 (got '\(text)')") }
        guard (-90...90).contains(lat) else { throw UsageError("latitude \(parts[0]) is out of range -90...90") }
        guard (-180...180).contains(lon) else { throw UsageError("longitude \(parts[1]) is out of range -180...180") }
        return LatLon(lat: lat, lon: lon)
    }

    static func parseRadius(_ text: String) throws -> Double {
        guard let radius = Double(text.trimmingCharacters(in: .whitespaces)), radius.isFinite else {
            throw UsageError("--radius must be a distance in km, like 2.5 (got '\(text)')")
        }
        guard radius > 0, radius <= maxRadiusKm else {
            throw UsageError("--radius \(text) is out of range: more than 0 and at most \(Int(maxRadiusKm)) km")
        }
        return radius
    }

    static func parseLimit(_ text: String) throws -> Int {
        guard let limit = Int(text.trimmingCharacters(in: .whitespaces)), (1...maxLimit).contains(limit) else {
            throw UsageError("--limit must be a whole number from 1 to \(maxLimit) (got '\(text)')")
        }
        return limit
    }
}
