/// The vector tile schemas the map style draws: the names a tile set gives its layers and the
/// properties of their features. The style's own selectors are OpenMapTiles'; a style layer may add a
/// selector per other schema (see `StyleLayer.selectors`).
public enum TileSchema: String, Sendable, CaseIterable, Hashable {
    /// OpenMapTiles (`transportation[class]`, `place`, `water_name`, …), also the shipped files'.
    case openMapTiles = "openmaptiles"
    /// Shortbread 1.0/1.1 (VersaTiles, OSMF shortbread_v1): `streets[kind]`, `street_labels`, `place_labels`, ….
    case shortbread
    /// Protomaps basemap v4: `roads[kind, kind_detail]` with names on the roads, `places`, `earth`, ….
    case protomaps

    /// The schema's name as people know it.
    public var title: String {
        switch self {
        case .openMapTiles: return "OpenMapTiles"
        case .shortbread: return "Shortbread"
        case .protomaps: return "Protomaps"
        }
    }

    /// Layer names that only one schema uses. Names two schemas share (`water`, `landuse`, `landcover`
    /// in OpenMapTiles and Protomaps; `boundaries`, `buildings`, `pois` in Shortbread and Protomaps)
    /// decide nothing.
    static let signatures: [String: TileSchema] = {
        var table: [String: TileSchema] = [:]
        for name in [
            "transportation", "transportation_name", "water_name", "waterway", "place", "poi", "housenumber",
            "building", "boundary", "park", "aeroway", "aerodrome_label", "mountain_peak",
        ] {
            table[name] = .openMapTiles
        }
        for name in [
            "streets", "street_labels", "street_labels_points", "street_polygons", "streets_polygons_labels",
            "place_labels", "water_polygons", "water_polygons_labels", "water_lines", "water_lines_labels",
            "land", "sites", "addresses", "boundary_labels", "ocean", "public_transport", "aerialways",
            "ferries", "bridges", "dam_lines", "dam_polygons", "pier_lines", "pier_polygons",
        ] {
            table[name] = .shortbread
        }
        for name in ["roads", "earth", "places", "transit"] { table[name] = .protomaps }
        return table
    }()

    /// The schema whose own layer names `layerNames` holds most of (a tile's layers, a tile set's
    /// `vector_layers`); nil when it holds none, or two schemas tie.
    public static func detect(layerNames: some Sequence<String>) -> TileSchema? {
        var votes: [TileSchema: Int] = [:]
        for name in layerNames {
            if let schema = signatures[name] { votes[schema, default: 0] += 1 }
        }
        guard let best = votes.values.max() else { return nil }
        let leaders = votes.filter { $0.value == best }
        return leaders.count == 1 ? leaders.first?.key : nil
    }
}
