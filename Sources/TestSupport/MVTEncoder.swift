import VectorTiles

/// Builds MVT 2.1 tiles for tests: well-formed ones from layer descriptions, and degenerate
/// ones through raw geometry command streams (`MVTGeometry`) or `MVTWireWriter`.
public enum MVTEncoder {
    /// One feature: `geometry` is the raw command stream (see `MVTGeometry`); `type` is the raw
    /// MVT geometry type (0 unknown, 1 point, 2 line, 3 polygon; others for negative tests).
    public struct Feature: Sendable {
        public var id: UInt64?
        public var type: UInt64
        public var tags: [UInt32]
        public var geometry: [UInt32]

        public init(id: UInt64? = nil, type: GeometryType, tags: [UInt32] = [], geometry: [UInt32]) {
            self.init(id: id, rawType: UInt64(type.rawValue), tags: tags, geometry: geometry)
        }

        public init(id: UInt64? = nil, rawType: UInt64, tags: [UInt32] = [], geometry: [UInt32]) {
            self.id = id
            self.type = rawType
            self.tags = tags
            self.geometry = geometry
        }
    }

    /// One layer; nil `extent` or `version` leave the field out.
    public struct Layer: Sendable {
        public var name: String
        public var extent: UInt32?
        public var version: UInt32?
        public var keys: [String]
        public var values: [PropertyValue]
        public var features: [Feature]

        public init(
            name: String, extent: UInt32? = 4096, version: UInt32? = 2, keys: [String] = [],
            values: [PropertyValue] = [], features: [Feature] = []
        ) {
            self.name = name
            self.extent = extent
            self.version = version
            self.keys = keys
            self.values = values
            self.features = features
        }
    }

    /// The encoded `Tile` message (uncompressed).
    public static func tile(_ layers: [Layer]) -> [UInt8] {
        var writer = MVTWireWriter()
        for layer in layers { writer.bytesField(3, encode(layer)) }
        return writer.bytes
    }

    /// The encoded `Layer` message, fields in the order version, name, features, keys, values, extent.
    public static func encode(_ layer: Layer) -> [UInt8] {
        var writer = MVTWireWriter()
        if let version = layer.version { writer.varintField(15, UInt64(version)) }
        writer.stringField(1, layer.name)
        for feature in layer.features { writer.bytesField(2, encode(feature)) }
        for key in layer.keys { writer.stringField(3, key) }
        for value in layer.values { writer.bytesField(4, encode(value)) }
        if let extent = layer.extent { writer.varintField(5, UInt64(extent)) }
        return writer.bytes
    }

    /// The encoded `Feature` message.
    public static func encode(_ feature: Feature) -> [UInt8] {
        var writer = MVTWireWriter()
        if let id = feature.id { writer.varintField(1, id) }
        if !feature.tags.isEmpty { writer.packedField(2, feature.tags) }
        writer.varintField(3, feature.type)
        writer.packedField(4, feature.geometry)
        return writer.bytes
    }

    /// The encoded `Value` message (integers: negative as sint64, others as uint64/int64).
    public static func encode(_ value: PropertyValue) -> [UInt8] {
        var writer = MVTWireWriter()
        switch value {
        case .string(let s): writer.stringField(1, s)
        case .double(let d): writer.fixed64Field(3, d.bitPattern)
        case .int(let i): writer.varintField(6, MVTWireWriter.zigzag64(i))
        case .uint(let u): writer.varintField(5, u)
        case .bool(let b): writer.varintField(7, b ? 1 : 0)
        }
        return writer.bytes
    }
}

/// Geometry command streams from absolute tile coordinates.
public enum MVTGeometry {
    /// A command integer: `id | count << 3` (MoveTo 1, LineTo 2, ClosePath 7).
    public static func command(_ id: UInt32, count: UInt32) -> UInt32 { id | count << 3 }

    /// Points as one MoveTo with several points (a multi-point when more than one).
    public static func points(_ points: [(Int32, Int32)]) -> [UInt32] {
        var cursor = (Int32(0), Int32(0))
        var out = [command(1, count: UInt32(points.count))]
        for p in points { out += delta(p, &cursor) }
        return out
    }

    /// One part per line: MoveTo first vertex, LineTo the rest.
    public static func lines(_ lines: [[(Int32, Int32)]]) -> [UInt32] {
        parts(lines, close: false)
    }

    /// One ring per part (first vertex not repeated), each ended by ClosePath.
    public static func rings(_ rings: [[(Int32, Int32)]]) -> [UInt32] {
        parts(rings, close: true)
    }

    private static func parts(_ parts: [[(Int32, Int32)]], close: Bool) -> [UInt32] {
        var cursor = (Int32(0), Int32(0))
        var out: [UInt32] = []
        for part in parts where !part.isEmpty {
            out.append(command(1, count: 1))
            out += delta(part[0], &cursor)
            if part.count > 1 {
                out.append(command(2, count: UInt32(part.count - 1)))
                for p in part.dropFirst() { out += delta(p, &cursor) }
            }
            if close { out.append(command(7, count: 1)) }
        }
        return out
    }

    private static func delta(_ p: (Int32, Int32), _ cursor: inout (Int32, Int32)) -> [UInt32] {
        defer { cursor = p }
        return [MVTWireWriter.zigzag(p.0 &- cursor.0), MVTWireWriter.zigzag(p.1 &- cursor.1)]
    }
}
