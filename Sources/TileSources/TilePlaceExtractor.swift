import GeoCore
import Places
import TextSafety
import VectorTiles

/// Reads the points of interest of one vector tile that the map shows as places: toilets (restrooms),
/// cafés, restaurants, pharmacies, drinking water, stations, ATMs and hospitals, from the layer each
/// schema keeps them in:
/// - OpenMapTiles `poi`: `subclass` (the OpenStreetMap value; `class` when there is no subclass), and
///   `class=railway` with `subclass=station|halt` for stations;
/// - Shortbread `pois`: `amenity`; stations from `public_transport` (`kind=station|halt`);
/// - Protomaps v4 `pois`: `kind`.
///
/// Only point features inside the tile (not its buffer, which the neighbour tile holds) count. Names
/// and tags are outside text: cut and sanitised (`TextSanitizer`); coordinates come from the tile's grid.
public enum TilePlaceExtractor {
    /// The longest name kept, in characters.
    public static let maxNameLength = 120

    /// The most features read of one layer (a tile's layers hold a few thousand at most).
    public static let maxFeatures = 20_000

    /// The places of `tile` (the tile `id`, whose schema is `schema`), in the tile's order.
    public static func places(in tile: VectorTile, id: TileID, schema: TileSchema) -> [Place] {
        var places: [Place] = []
        for layer in layers(of: schema) {
            guard let reader = try? tile.features(ofLayer: layer) else { continue }
            read(reader, id: id, schema: schema, into: &places)
        }
        return places
    }

    /// The tile layers that hold places in a schema.
    static func layers(of schema: TileSchema) -> [String] {
        switch schema {
        case .openMapTiles: return ["poi"]
        case .shortbread: return ["pois", "public_transport"]
        case .protomaps: return ["pois"]
        }
    }

    /// The kind of place an OpenStreetMap value stands for (`amenity=cafe`: "cafe"), nil for the others.
    static func kind(ofValue value: String) -> PlaceKind? {
        switch value {
        case "toilets": return .restroom
        case "cafe": return .cafe
        case "restaurant": return .restaurant
        case "pharmacy": return .pharmacy
        case "drinking_water": return .drinkingWater
        case "atm": return .atm
        case "hospital": return .hospital
        case "station", "halt", "train_station": return .station
        default: return nil
        }
    }

    /// The kind of the feature `reader` last read, nil when it is not a place the map shows.
    static func kind(_ reader: FeatureReader, schema: TileSchema) -> PlaceKind? {
        let layer = reader.layer
        let feature = reader.feature
        switch (schema, layer.name) {
        case (.openMapTiles, _):
            let subclass = layer.property("subclass", of: feature)?.string
            let `class` = layer.property("class", of: feature)?.string
            guard let value = subclass ?? `class`, let kind = kind(ofValue: value) else { return nil }
            // A station is a railway's: `amenity=bus_station` and the like are no walker's station here.
            if kind == .station, `class` != "railway" { return nil }
            return kind
        case (.shortbread, "public_transport"):
            guard let value = layer.property("kind", of: feature)?.string, value == "station" || value == "halt"
            else { return nil }
            return .station
        case (.shortbread, _):
            guard let value = layer.property("amenity", of: feature)?.string, let kind = kind(ofValue: value),
                kind != .station
            else { return nil }
            return kind
        case (.protomaps, _):
            return layer.property("kind", of: feature)?.string.flatMap { kind(ofValue: $0) }
        }
    }

    private static func read(_ given: FeatureReader, id: TileID, schema: TileSchema, into places: inout [Place]) {
        var reader = given
        let extent = Double(max(reader.layer.extent, 1))
        let scale = Double(1 << min(max(id.z, 0), 30))  // checked: z clamped to 0...30
        var count = 0
        while count < maxFeatures, (try? reader.next()) == true {
            count += 1
            guard reader.feature.type == .point, let kind = kind(reader, schema: schema),
                (try? reader.decodeGeometry()) != nil, let point = reader.feature.geometry.points.first
            else { continue }
            let x = Double(point.x), y = Double(point.y)
            guard x >= 0, x < extent, y >= 0, y < extent else { continue }
            let world = WorldPoint(x: (Double(id.x) + x / extent) / scale, y: (Double(id.y) + y / extent) / scale)
            let coordinate = Mercator.unproject(world).normalized
            guard coordinate.isValid else { continue }
            places.append(place(reader, kind: kind, at: coordinate, schema: schema))
        }
    }

    /// The names a feature may carry, best first.
    static let nameKeys = ["name", "name:latin", "name_int", "name_en", "name:en"]

    private static func place(_ reader: FeatureReader, kind: PlaceKind, at coordinate: LatLon, schema: TileSchema)
        -> Place
    {
        let layer = reader.layer
        let feature = reader.feature
        var name = ""
        var tags: [OpenStreetMapDetails.Tag] = []
        var i = 0
        while i + 1 < feature.tags.count, tags.count < OpenStreetMapDetails.maxTags * 2 {
            let k = Int(feature.tags[i]), v = Int(feature.tags[i + 1])
            i += 2
            guard k < layer.keys.count, v < layer.values.count, let text = text(layer.values[v]) else { continue }
            let key = layer.keys[k]
            if key.hasPrefix("name") {
                if name.isEmpty || nameKeys.firstIndex(of: key) == 0 { name = text }
            } else {
                tags.append(OpenStreetMapDetails.Tag(key: bounded(key), value: bounded(text)))
            }
        }
        let cleanName = TextSanitizer.clean(bounded(name), maxLength: maxNameLength)
        return Place(
            id: placeID(feature.id, kind: kind, coordinate: coordinate), kind: kind,
            name: cleanName.isEmpty ? unnamed(kind) : cleanName, coordinate: coordinate,
            details: .openStreetMap(OpenStreetMapDetails(schema: schema.title, tags: tags)))
    }

    /// "osm:1234" from the feature's id; without one, "osm:cafe@43.73850,7.42400" (its kind and
    /// position to about a metre).
    static func placeID(_ featureID: UInt64?, kind: PlaceKind, coordinate: LatLon) -> String {
        if let featureID, featureID > 0 { return "osm:\(featureID)" }
        let lat = (coordinate.lat * 100_000).rounded() / 100_000
        let lon = (coordinate.lon * 100_000).rounded() / 100_000
        return "osm:\(kind.rawValue)@\(lat),\(lon)"
    }

    /// The name of a place the tile gives none: "Public toilets", "Café", "Drinking water", …
    static func unnamed(_ kind: PlaceKind) -> String {
        if kind == .restroom { return "Public toilets" }
        let noun = kind.noun(plural: false)
        return noun.prefix(1).uppercased() + noun.dropFirst()
    }

    /// A property value as text: strings as they are, whole numbers without decimals, true/false.
    static func text(_ value: PropertyValue) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "yes" : "no"
        case .int(let n): return String(n)
        case .uint(let n): return String(n)
        case .double(let d):
            guard d.isFinite else { return nil }
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)  // checked: |d| < 1e15
        }
    }

    /// Text cut before it is sanitised, so that an absurd value costs no more than a long one.
    private static func bounded(_ text: String) -> String {
        text.unicodeScalars.count > 4 * maxNameLength
            ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(4 * maxNameLength))) : text
    }
}
