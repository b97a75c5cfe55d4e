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

    /// The property whose value says the kind, by schema and layer (and, for OpenMapTiles, the one to
    /// fall back on when it is missing).
    static func kindKeys(_ schema: TileSchema, layer: String) -> [String] {
        switch (schema, layer) {
        case (.openMapTiles, _): return ["subclass", "class"]
        case (.shortbread, "public_transport"): return ["kind"]
        case (.shortbread, _): return ["amenity"]
        case (.protomaps, _): return ["kind"]
        }
    }

    /// What one layer's keys and values mean, each worked out once for the layer's features (a dense
    /// tile's features share a few hundred values).
    struct LayerReading {
        let schema: TileSchema
        let layerName: String
        /// The index in the layer's keys of each of `kindKeys`, -1 when absent.
        let kindKeys: [Int]
        /// The index of `class` (OpenMapTiles' `railway` makes a station), -1 when absent.
        let classKey: Int
        /// Per key: a name key's rank in `nameKeys` (0 best; `nameKeys.count` for another `name…` key),
        /// -1 for a tag.
        let nameRank: [Int]
        /// Per value: -2 not worked out yet, -1 no kind, else the kind's index.
        var valueKinds: [Int]
        /// Per key and per value: the text, cut and cleaned, once asked for.
        var keyTexts: [String?]
        var valueTexts: [String?]

        init(_ layer: TileLayer, schema: TileSchema) {
            self.schema = schema
            layerName = layer.name
            let index = Dictionary(layer.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            kindKeys = TilePlaceExtractor.kindKeys(schema, layer: layer.name).map { index[$0] ?? -1 }
            classKey = schema == .openMapTiles ? index["class"] ?? -1 : -1
            nameRank = layer.keys.map { key in
                guard key.hasPrefix("name") else { return -1 }
                return nameKeys.firstIndex(of: key) ?? nameKeys.count
            }
            valueKinds = Array(repeating: -2, count: layer.values.count)
            keyTexts = Array(repeating: nil, count: layer.keys.count)
            valueTexts = Array(repeating: nil, count: layer.values.count)
        }

        /// The value index of key index `key` in `tags`, -1 when the feature lacks it.
        static func value(of key: Int, in tags: [UInt32]) -> Int {
            guard key >= 0 else { return -1 }
            var i = 0
            while i + 1 < tags.count {
                if Int(tags[i]) == key { return Int(tags[i + 1]) }
                i += 2
            }
            return -1
        }

        /// The kind of a feature with these tags, nil when it is not a place the map shows.
        mutating func kind(_ tags: [UInt32], layer: TileLayer) -> PlaceKind? {
            var value = -1
            for key in kindKeys where value < 0 { value = Self.value(of: key, in: tags) }
            guard value >= 0, value < valueKinds.count else { return nil }
            if valueKinds[value] == -2 {
                let kind = layer.values[value].string.flatMap {
                    TilePlaceExtractor.kind(ofValue: $0, schema, layerName)
                }
                valueKinds[value] = kind?.index ?? -1
            }
            guard valueKinds[value] >= 0 else { return nil }
            let kind = PlaceKind.allCases[valueKinds[value]]
            if kind == .station, schema == .openMapTiles {
                // A station is a railway's: `amenity=bus_station` and the like are no walker's station.
                let classValue = Self.value(of: classKey, in: tags)
                guard classValue >= 0, classValue < layer.values.count, layer.values[classValue].string == "railway"
                else { return nil }
            }
            return kind
        }

        mutating func keyText(_ k: Int, layer: TileLayer) -> String {
            if let text = keyTexts[k] { return text }
            let text = TextSanitizer.clean(bounded(layer.keys[k]), maxLength: OpenStreetMapDetails.maxKeyLength)
            keyTexts[k] = text
            return text
        }

        mutating func valueText(_ v: Int, layer: TileLayer) -> String {
            if let text = valueTexts[v] { return text }
            let raw = TilePlaceExtractor.text(layer.values[v]) ?? ""
            let text = TextSanitizer.clean(bounded(raw), maxLength: OpenStreetMapDetails.maxValueLength)
            valueTexts[v] = text
            return text
        }
    }

    /// The kind an OpenStreetMap value means in a schema's layer: Shortbread's stations are in
    /// `public_transport` only; there, only stations count.
    static func kind(ofValue value: String, _ schema: TileSchema, _ layer: String) -> PlaceKind? {
        let kind = kind(ofValue: value)
        guard schema == .shortbread else { return kind }
        return (layer == "public_transport") == (kind == .station) ? kind : nil
    }

    private static func read(_ given: FeatureReader, id: TileID, schema: TileSchema, into places: inout [Place]) {
        var reader = given
        reader.defersGeometry = true
        let layer = reader.layer
        var reading = LayerReading(layer, schema: schema)
        let extent = Double(max(layer.extent, 1))
        let scale = Double(1 << min(max(id.z, 0), 30))  // checked: z clamped to 0...30
        var count = 0
        while count < maxFeatures, (try? reader.next()) == true {
            count += 1
            guard reader.feature.type == .point, let kind = reading.kind(reader.feature.tags, layer: layer),
                (try? reader.decodeGeometry()) != nil, let point = reader.feature.geometry.points.first
            else { continue }
            let x = Double(point.x), y = Double(point.y)
            guard x >= 0, x < extent, y >= 0, y < extent else { continue }
            let world = WorldPoint(x: (Double(id.x) + x / extent) / scale, y: (Double(id.y) + y / extent) / scale)
            let coordinate = Mercator.unproject(world).normalized
            guard coordinate.isValid else { continue }
            places.append(place(reader.feature, layer, kind: kind, at: coordinate, reading: &reading))
        }
    }

    /// The names a feature may carry, best first.
    static let nameKeys = ["name", "name:latin", "name_int", "name_en", "name:en"]

    private static func place(
        _ feature: VectorFeature, _ layer: TileLayer, kind: PlaceKind, at coordinate: LatLon,
        reading: inout LayerReading
    ) -> Place {
        let schema = reading.schema
        var name: (rank: Int, value: Int)?
        var tags: [OpenStreetMapDetails.Tag] = []
        tags.reserveCapacity(min(feature.tags.count / 2, OpenStreetMapDetails.maxTags))
        var i = 0
        while i + 1 < feature.tags.count, tags.count < OpenStreetMapDetails.maxTags {
            let k = Int(feature.tags[i]), v = Int(feature.tags[i + 1])
            i += 2
            guard k < layer.keys.count, v < layer.values.count else { continue }
            let rank = reading.nameRank[k]
            if rank >= 0 {
                if layer.values[v].string != nil, rank < name?.rank ?? .max { name = (rank, v) }
            } else {
                let tag = OpenStreetMapDetails.Tag(
                    key: reading.keyText(k, layer: layer), value: reading.valueText(v, layer: layer))
                if !tag.key.isEmpty, !tag.value.isEmpty { tags.append(tag) }
            }
        }
        let cleanName =
            name.map { named in
                TextSanitizer.clean(bounded(layer.values[named.value].string ?? ""), maxLength: maxNameLength)
            } ?? ""
        return Place(
            id: placeID(feature.id, kind: kind, coordinate: coordinate), kind: kind,
            name: cleanName.isEmpty ? unnamed(kind) : cleanName, coordinate: coordinate,
            details: .openStreetMap(OpenStreetMapDetails(schema: schema.title, cleanTags: tags)))
    }

    /// "osm:1234" from the feature's id; without one, "osm:cafe@4373920,742475" (its kind and its
    /// position in units of 10⁻⁵ degree, about a metre).
    static func placeID(_ featureID: UInt64?, kind: PlaceKind, coordinate: LatLon) -> String {
        if let featureID, featureID > 0 { return "osm:" + String(featureID) }
        // checked: a valid coordinate times 10⁵ is within ±1.8e7
        let lat = Int((coordinate.lat * 100_000).rounded()), lon = Int((coordinate.lon * 100_000).rounded())
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
    static func bounded(_ text: String) -> String {
        text.utf8.count > 4 * maxNameLength
            ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(4 * maxNameLength))) : text
    }
}
