/// The features of one layer of a tile, read one at a time into storage that is reused: for a caller
/// that copies out what it keeps (the renderer preparing a tile), with no allocation per feature once
/// the buffers have grown. A feature's geometry is decoded only when asked for (`decodeGeometry()`),
/// so features passed over for their properties cost only their tags.
///
/// Features are read and checked as `VectorTile.layer(named:)` reads them, except that the geometry
/// of a feature whose geometry is never decoded is not checked, and a feature whose geometry decodes
/// to nothing is still read (its `geometry` is then empty).
public struct FeatureReader {
    /// The layer's name, extent, version, keys and values; its `features` are empty.
    public let layer: TileLayer
    /// The feature last read by `next()`: id, type and tags, and its geometry once `decodeGeometry()`
    /// has been called for it (empty before).
    public private(set) var feature = VectorFeature(id: nil, type: .unknown, tags: [], geometry: TileGeometry())
    /// The decompressed tile message.
    private let data: [UInt8]
    private let featureRanges: [Range<Int>]
    private var nextIndex = 0
    /// The geometry commands of `feature`.
    private var commands: [UInt32] = []
    /// When true, `next()` reads a feature's id, type and tags only, and `decodeGeometry()` reads its
    /// geometry commands then: for a caller that passes over most features by their tags (the map's
    /// points of interest). False by default: a caller that wants most geometries reads them at once.
    public var defersGeometry = false
    /// The byte range of `feature` in `data`.
    private var featureRange: Range<Int> = 0..<0

    /// A reader of the layer message occupying `range` of `data`. Throws for a malformed layer message.
    init(data: [UInt8], range: Range<Int>) throws(VectorTileError) {
        let header: Result<(TileLayer, [Range<Int>]), VectorTileError> = data.withUnsafeBufferPointer { buffer in
            do throws(VectorTileError) {
                return .success(try TileLayerDecoder.decodeHeader(buffer, range: range))
            } catch {
                return .failure(error)
            }
        }
        (layer, featureRanges) = try header.get()
        self.data = data
    }

    /// Features in the layer message, those of unknown type included.
    public var featureCount: Int { featureRanges.count }

    /// Reads the next feature of a known type into `feature`; false when there is none left. Throws
    /// for a malformed feature (the rest of the layer is then unreadable).
    public mutating func next() throws(VectorTileError) -> Bool {
        while nextIndex < featureRanges.count {
            let range = featureRanges[nextIndex]
            nextIndex += 1
            featureRange = range
            if !feature.geometry.points.isEmpty { feature.geometry.points.removeAll(keepingCapacity: true) }
            if !feature.geometry.partStarts.isEmpty { feature.geometry.partStarts.removeAll(keepingCapacity: true) }
            let known: Result<Bool, VectorTileError> = data.withUnsafeBufferPointer { buffer in
                do throws(VectorTileError) {
                    return .success(
                        try TileLayerDecoder.decodeFeature(
                            buffer, range: range, in: layer, commands: &commands, into: &feature,
                            skippingGeometry: defersGeometry))
                } catch {
                    return .failure(error)
                }
            }
            if try known.get() { return true }
        }
        return false
    }

    /// Decodes the geometry of the feature last read into `feature.geometry`. Throws for a malformed
    /// geometry.
    public mutating func decodeGeometry() throws(VectorTileError) {
        if defersGeometry {
            let read: Result<Void, VectorTileError> = data.withUnsafeBufferPointer { buffer in
                do throws(VectorTileError) {
                    return .success(
                        try TileLayerDecoder.decodeCommands(buffer, range: featureRange, in: layer, into: &commands))
                } catch {
                    return .failure(error)
                }
            }
            try read.get()
        }
        try GeometryDecoder.decode(commands, type: feature.type, layer: layer.name, into: &feature.geometry)
    }
}
