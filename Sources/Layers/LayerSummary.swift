import GeoCore

/// What a layer holds, as `mapterm layer FILE --info` shows it: features by geometry type, how many
/// have a name, the bounds, and the property names with how many features have each.
public struct LayerSummary: Sendable {
    /// Features whose geometries are all points (one or several).
    public var points = 0
    /// Features whose geometries are all lines.
    public var lines = 0
    /// Features whose geometries are all polygons.
    public var polygons = 0
    /// Features with geometries of more than one type (a GeometryCollection, a GPX track with a
    /// one-point segment).
    public var mixed = 0
    /// Features without a geometry (a null or empty one).
    public var empty = 0
    /// Features with a name.
    public var named = 0
    /// See `LayerData.bounds`.
    public var bounds: GeoBounds?
    /// Each property key with the number of features that have it, in the order first seen.
    public var properties: [(key: String, count: Int)] = []

    public init(_ data: LayerData) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for feature in data.features {
            count(feature.geometries)
            if feature.name != nil { named += 1 }
            for property in feature.properties {
                if counts[property.key] == nil { order.append(property.key) }
                counts[property.key, default: 0] += 1
            }
        }
        properties = order.map { ($0, counts[$0] ?? 0) }
        bounds = data.bounds
    }

    private mutating func count(_ geometries: [LayerGeometry]) {
        var kinds: UInt8 = 0  // one bit per geometry type: point 1, line 2, polygon 4
        for geometry in geometries {
            switch geometry {
            case .point: kinds |= 1
            case .line: kinds |= 2
            case .polygon: kinds |= 4
            }
        }
        switch kinds {
        case 0: empty += 1
        case 1: points += 1
        case 2: lines += 1
        case 4: polygons += 1
        default: mixed += 1
        }
    }
}
