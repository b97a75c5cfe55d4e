/// Decodes one MVT 2.1 `Layer` message into a `TileLayer`.
///
/// Field numbers: layer `1 name, 2 feature, 3 key, 4 value, 5 extent, 15 version`;
/// feature `1 id, 2 tags, 3 type, 4 geometry`; value `1 string, 2 float, 3 double, 4 int64,
/// 5 uint64, 6 sint64, 7 bool`. Unknown fields are skipped.
enum TileLayerDecoder {
    /// Decodes the layer message occupying `range` of `buffer`.
    ///
    /// Features of type UNKNOWN (or an unrecognised type) and features whose geometry decodes
    /// to nothing (no command, or only degenerate parts) are left out.
    static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>
    ) throws(VectorTileError) -> TileLayer {
        var (layer, featureRanges) = try decodeHeader(buffer, range: range)
        layer.features.reserveCapacity(featureRanges.count)
        var commands: [UInt32] = []
        var feature = VectorFeature(id: nil, type: .unknown, tags: [], geometry: TileGeometry())
        for featureRange in featureRanges {
            guard try decodeFeature(buffer, range: featureRange, in: layer, commands: &commands, into: &feature)
            else { continue }
            try GeometryDecoder.decode(commands, type: feature.type, layer: layer.name, into: &feature.geometry)
            guard !feature.geometry.points.isEmpty else { continue }
            layer.features.append(feature)
            // The kept feature owns its arrays; the next one starts from empty ones of its own size.
            feature.tags = []
            feature.geometry = TileGeometry()
        }
        return layer
    }

    /// The layer message occupying `range` of `buffer` without its features (name, extent, version,
    /// keys and values), and the byte ranges of its feature messages.
    static func decodeHeader(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>
    ) throws(VectorTileError) -> (TileLayer, [Range<Int>]) {
        var reader = ProtobufReader(buffer, range: range)
        var name: String?
        var extent: UInt32 = 4096
        var version: UInt32 = 1
        var keys: [String] = []
        var values: [PropertyValue] = []
        var featureRanges: [Range<Int>] = []
        var hasEmptyValue = false

        while let (field, wireType) = try reader.readTag() {
            let fieldStart = reader.offset
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try reader.readString()
            case (2, .lengthDelimited): featureRanges.append(try reader.readLengthDelimited())
            case (3, .lengthDelimited): keys.append(try reader.readString())
            case (4, .lengthDelimited):
                let value = try decodeValue(buffer, range: try reader.readLengthDelimited())
                hasEmptyValue = hasEmptyValue || value == nil
                values.append(value ?? .string(""))
            case (5, .varint): extent = try reader.readVarint32()
            case (15, .varint): version = try reader.readVarint32()
            case (1...5, _), (15, _): throw .invalidField(field, offset: fieldStart)
            default: try reader.skip(wireType)
            }
        }
        guard let name else { throw .missingLayerName }
        // Values may come before the name, so their error is raised here.
        guard !hasEmptyValue else { throw .emptyValue(layer: name) }
        guard extent > 0 else { throw .invalidExtent(layer: name) }
        var layer = TileLayer(name: name, extent: Int(extent), keys: keys, values: values, features: [])
        layer.version = Int(version)
        return (layer, featureRanges)
    }

    /// Scans a layer message for its name only (cheap: sub-messages are skipped, not parsed).
    static func scanName(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>
    ) throws(VectorTileError) -> String {
        var reader = ProtobufReader(buffer, range: range)
        while let (field, wireType) = try reader.readTag() {
            if field == 1 {
                guard wireType == .lengthDelimited else { throw .invalidField(1, offset: reader.offset) }
                return try reader.readString()
            }
            try reader.skip(wireType)
        }
        throw .missingLayerName
    }

    // MARK: - Private

    private static func decodeValue(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>
    ) throws(VectorTileError) -> PropertyValue? {
        var reader = ProtobufReader(buffer, range: range)
        var value: PropertyValue?
        while let (field, wireType) = try reader.readTag() {
            let fieldStart = reader.offset
            switch (field, wireType) {
            case (1, .lengthDelimited): value = .string(try reader.readString())
            case (2, .fixed32): value = .double(Double(Float(bitPattern: try reader.readFixed32())))
            case (3, .fixed64): value = .double(Double(bitPattern: try reader.readFixed64()))
            case (4, .varint): value = .int(Int64(bitPattern: try reader.readVarint()))
            case (5, .varint): value = .uint(try reader.readVarint())
            case (6, .varint): value = .int(try reader.readSignedVarint())
            case (7, .varint): value = .bool(try reader.readVarint() != 0)
            case (1...7, _): throw .invalidField(field, offset: fieldStart)
            default: try reader.skip(wireType)
            }
        }
        return value
    }

    /// Reads the feature message occupying `range` into `feature` (id, type and tags; its geometry is
    /// left as it was) and its geometry commands into `commands`, both emptied first, so their storage
    /// is reused. Returns false for a feature of type UNKNOWN or an unrecognised type (tags are checked
    /// all the same); `layer` is the feature's layer, without features.
    static func decodeFeature(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, in layer: TileLayer, commands: inout [UInt32],
        into feature: inout VectorFeature, skippingGeometry: Bool = false
    ) throws(VectorTileError) -> Bool {
        var reader = ProtobufReader(buffer, range: range)
        var rawType: UInt64 = 0
        feature.id = nil
        feature.tags.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)

        while let (field, wireType) = try reader.readTag() {
            let fieldStart = reader.offset
            switch (field, wireType) {
            case (1, .varint):
                feature.id = try reader.readVarint()
            case (2, _):
                try reader.readPackedUInt32s(
                    wireType, field: 2, into: &feature.tags, tooWide: .invalidTags(layer: layer.name))
            case (3, .varint):
                rawType = try reader.readVarint()
            case (4, _) where skippingGeometry:
                try reader.skip(wireType)
            case (4, _):
                try reader.readPackedUInt32s(
                    wireType, field: 4, into: &commands,
                    tooWide: .invalidGeometry(layer: layer.name, reason: "command wider than 32 bits"))
            case (1, _), (3, _):
                throw .invalidField(field, offset: fieldStart)
            default:
                try reader.skip(wireType)
            }
        }

        let tags = feature.tags
        guard tags.count % 2 == 0 else { throw .invalidTags(layer: layer.name) }
        let keyCount = layer.keys.count, valueCount = layer.values.count
        var k = 0
        while k < tags.count {
            guard Int(tags[k]) < keyCount, Int(tags[k + 1]) < valueCount else { throw .invalidTags(layer: layer.name) }
            k += 2
        }

        guard rawType <= 3, let type = GeometryType(rawValue: UInt8(rawType)), type != .unknown else { return false }
        feature.type = type
        return true
    }

    /// Reads only the geometry commands (field 4) of the feature message in `range` into `commands`
    /// (for a feature read with `skippingGeometry`).
    static func decodeCommands(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, in layer: TileLayer, into commands: inout [UInt32]
    ) throws(VectorTileError) {
        var reader = ProtobufReader(buffer, range: range)
        commands.removeAll(keepingCapacity: true)
        while let (field, wireType) = try reader.readTag() {
            if field == 4 {
                try reader.readPackedUInt32s(
                    wireType, field: 4, into: &commands,
                    tooWide: .invalidGeometry(layer: layer.name, reason: "command wider than 32 bits"))
            } else {
                try reader.skip(wireType)
            }
        }
    }
}
