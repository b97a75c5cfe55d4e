import Blocking
import Foundation
import GeoCore
import Places
import Storage
import TextSafety
import TileSources

/// `mapterm places`: the places around a point, nearest first, with their distance, as a text table or
/// a JSON array (the `Place` JSON form plus `distanceKm`).
enum PlacesCommand {
    static let spec = CommandSpec(
        name: "places", summary: "Lists the places (restrooms, airports, cafés, …) around a point, nearest first.",
        items: [
            .required(OptionTable.placesNear), .optional(OptionTable.placesRadius), .optional(OptionTable.placesKind),
            .optional(OptionTable.placesZoom), .optional(OptionTable.placesLimit), .optional(OptionTable.source),
            .optional(OptionTable.apiBase), .repeated(OptionTable.tiles), .optional(OptionTable.offline),
            .optional(OptionTable.json),
        ] + OptionTable.amenities.map(CommandSpec.Item.optional))
    /// Search radius when `--radius` is not given, km.
    static let defaultRadiusKm = 5.0
    /// Number of places listed when `--limit` is not given.
    static let defaultLimit = 20

    static func run(_ args: ArgumentList) throws {
        guard let near = try args.value(OptionTable.placesNear) else {
            throw spec.missing(OptionTable.placesNear)
        }
        let radius = try args.value(OptionTable.placesRadius) ?? defaultRadiusKm
        var chosen = try FilterOptions.filter(args, hiding: false)
        chosen.zoom = try args.value(OptionTable.placesZoom)
        let filter = chosen
        let limit = try args.value(OptionTable.placesLimit) ?? defaultLimit
        let settings = try UserConfig.load()
        let opened = try PlaceSources.make(
            args.text(OptionTable.source) ?? settings.source,
            resources: { try ResourceLocator.locate() }, apiBase: args.text(OptionTable.apiBase),
            offline: args.has(OptionTable.offline))
        if let notice = opened.notice { Diagnostics.say(notice) }
        let (base, live) = (opened.source, opened.live)
        let tiles = try args.values(OptionTable.tiles)
        let offline = args.has(OptionTable.offline)
        let listed = try BlockingBridge.runThrowing {
            try await withTaskExecutorPreference(BlockingExecutor.shared) {
                if let live { await ask(live, near: near, radiusKm: radius, filter: filter) }
                var source = base
                if !tiles.isEmpty {
                    let region = searchRegion(around: near, radiusKm: radius).0
                    source = try await withTilePlaces(
                        base, tiles: tiles, settings: settings, region: region, near: near, offline: offline)
                }
                return try await nearest(near, radiusKm: radius, filter: filter, limit: limit, from: source)
            }
        }
        Console.outRaw(args.has(OptionTable.json) ? try json(listed) : table(listed, near: near, radiusKm: radius))
    }

    // MARK: Query

    /// Asks the live part of the default source about the area first, so the list holds what it knows;
    /// when it fails, says so on stderr and the stored places are listed.
    static func ask(_ live: LivePlaceFeed, near: LatLon, radiusKm: Double, filter: PlaceFilter) async {
        do {
            _ = try await live.refresh(searchRegion(around: near, radiusKm: radiusKm).0, filter: filter)
        } catch {
            Diagnostics.say("\(live.name) not reached (\(error)); listing the stored places")
        }
    }

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
            "DIST KM  \(TextCell.padded("KIND", 13))  \(TextCell.padded("NAME", 40))  \(TextCell.padded("ID", idWidth))  WHERE"
        ]
        for item in listed {
            let place = item.place
            let row: SafeText =
                "\(item.distanceKm, format: "%7.2f")  \(TextCell.padded(place.kind.rawValue, 13))  \(TextCell.padded(place.name, 40))  "
                + "\(TextCell.padded(place.id, idWidth))  \(SafeText(sanitizing: whereText(place)))"
            lines.append(row.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "301 W. 2nd St, Austin TX" for a restroom; "SFO / KSFO, San Francisco, US" for an airport.
    static func whereText(_ place: Place) -> String {
        switch place.details {
        case .restroom(let restroom): return restroom.address
        case .airport(let airport):
            let codes = [airport.iataCode, airport.icaoCode ?? airport.ident].compactMap { $0 }.joined(separator: " / ")
            return [codes, airport.municipality ?? "", airport.country].filter { !$0.isEmpty }.joined(separator: ", ")
        case .openStreetMap(let tile): return "OpenStreetMap, via \(tile.schema) tiles"
        case .none: return ""
        }
    }

    /// The JSON array: stable form (sorted keys, pretty-printed, slashes unescaped), newline-terminated.
    static func json(_ listed: [Listed]) throws -> SafeText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return SafeText(json: String(decoding: try encoder.encode(listed), as: UTF8.self)) + "\n"
    }
}
