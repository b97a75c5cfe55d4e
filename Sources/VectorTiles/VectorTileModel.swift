import GeoCore
import TextSafety

/// The geometry type of a vector-tile feature (MVT 2.1 `GeomType`).
public enum GeometryType: UInt8, Sendable {
    case unknown = 0
    case point = 1
    case lineString = 2
    case polygon = 3
}

/// A feature property value (MVT 2.1 `Value`): the integer kinds are folded into `int`/`uint`.
public enum PropertyValue: Hashable, Sendable {
    case string(String)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case bool(Bool)

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .double(let v): return v
        case .int(let v): return Double(v)
        case .uint(let v): return Double(v)
        case .bool, .string: return nil
        }
    }

    /// The value as text, when it is a string.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// Decoded geometry of one feature in tile-local units: x right and y down from the tile's
/// north-west corner, 0...extent inside the tile (values outside are the tile's buffer).
/// `points` holds every vertex; `partStarts[i]` is the index of the first vertex of part i
/// (a line, a polygon ring, or — for point features — one point each).
public struct TileGeometry: Sendable, Equatable {
    public var points: [SIMD2<Float>]
    public var partStarts: [Int]

    public init(points: [SIMD2<Float>] = [], partStarts: [Int] = []) {
        self.points = points
        self.partStarts = partStarts
    }

    /// Number of parts.
    public var partCount: Int { partStarts.count }

    /// The index range of part `i` in `points`.
    public func range(ofPart i: Int) -> Range<Int> {
        partStarts[i]..<(i + 1 < partStarts.count ? partStarts[i + 1] : points.count)
    }
}

/// One feature of a layer. Property lookups go through the owning `TileLayer`.
public struct VectorFeature: Sendable {
    public var id: UInt64?
    public var type: GeometryType
    /// Alternating key and value indices into the layer's `keys` and `values`.
    public var tags: [UInt32]
    public var geometry: TileGeometry

    public init(id: UInt64?, type: GeometryType, tags: [UInt32], geometry: TileGeometry) {
        self.id = id
        self.type = type
        self.tags = tags
        self.geometry = geometry
    }
}

/// A decoded layer (MVT 2.1 `Layer`).
public struct TileLayer: Sendable {
    public var name: String
    /// Tile-local units across one tile side (commonly 4096).
    public var extent: Int
    public var keys: [String]
    public var values: [PropertyValue]
    public var features: [VectorFeature]
    /// The MVT `version` field: 2 for MVT 2.x; decoded layers that omit it report 1 (the proto default).
    public var version: Int = 2

    public init(name: String, extent: Int, keys: [String], values: [PropertyValue], features: [VectorFeature]) {
        self.name = name
        self.extent = extent
        self.keys = keys
        self.values = values
        self.features = features
    }

    /// The value of property `key` of `feature`, or nil when the feature lacks it.
    public func property(_ key: String, of feature: VectorFeature) -> PropertyValue? {
        var i = 0
        let tags = feature.tags
        while i + 1 < tags.count {
            let k = Int(tags[i]), v = Int(tags[i + 1])
            if k < keys.count, v < values.count, keys[k] == key { return values[v] }
            i += 2
        }
        return nil
    }

    /// All properties of `feature` as a dictionary (for detail views and tests).
    public func properties(of feature: VectorFeature) -> [String: PropertyValue] {
        var result: [String: PropertyValue] = [:]
        var i = 0
        while i + 1 < feature.tags.count {
            let k = Int(feature.tags[i]), v = Int(feature.tags[i + 1])
            if k < keys.count, v < values.count { result[keys[k]] = values[v] }
            i += 2
        }
        return result
    }
}

/// Facts about a tile set, from an MBTiles `metadata` table or a PMTiles header and metadata.
public struct TileSetMetadata: Sendable, Equatable {
    public var name: String
    public var format: String
    public var minZoom: Int
    public var maxZoom: Int
    /// Bounds in degrees, when the file states them.
    public var bounds: GeoBounds?
    public var attribution: String?
    /// The suggested initial centre in degrees, when the file states one.
    public var center: LatLon?
    /// The suggested initial zoom, when the file states a centre.
    public var centerZoom: Int?
    /// The ids of the `vector_layers` the file lists, in its order; empty when it lists none.
    public var layerNames: [String]

    /// The most layer names kept (the rest of a longer list is dropped).
    public static let maxLayerNames = 1000

    /// Metadata with its text from the tile set sanitised (`TextSanitizer`): the name cut to 120
    /// characters, the attribution to 300 (nil when nothing is left), each layer name to 120, and
    /// at most `maxLayerNames` layer names.
    public init(
        name: String, format: String, minZoom: Int, maxZoom: Int, bounds: GeoBounds? = nil,
        attribution: String? = nil, center: LatLon? = nil, centerZoom: Int? = nil, layerNames: [String] = []
    ) {
        self.name = TextSanitizer.clean(name, maxLength: 120)
        self.format = TextSanitizer.clean(format, maxLength: 20)
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution.map { TextSanitizer.clean($0, maxLength: 300) }.flatMap { $0.isEmpty ? nil : $0 }
        self.center = center
        self.centerZoom = centerZoom
        self.layerNames = layerNames.prefix(Self.maxLayerNames).map { TextSanitizer.clean($0, maxLength: 120) }
    }
}
