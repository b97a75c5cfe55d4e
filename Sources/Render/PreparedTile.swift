import GeoCore
import VectorTiles

/// The features of one tile that a style draws, filtered and grouped per style layer, with geometry
/// kept in tile-local units (no rounding). Only the style layers a frame shows are prepared: a tile
/// first drawn at z14 lacks the buildings of z15 until a frame at z15 asks for them (`prepare`).
/// Kept in the renderer's LRU cache.
struct PreparedTile {
    /// The tile whose data this is (wrapped column).
    let tile: TileID
    /// Indexed like the style's layers; nil where the tile has nothing for that layer, or where the
    /// layer is not prepared yet.
    private(set) var layers: [PreparedStyleLayer?]
    /// Indexed like the style's layers: true once `layers` holds that layer's content.
    private(set) var isPrepared: [Bool]

    /// A tile with no layer prepared yet, for a style of `layerCount` layers.
    init(tile: TileID, layerCount: Int) {
        self.tile = tile
        layers = Array(repeating: nil, count: layerCount)
        isPrepared = Array(repeating: false, count: layerCount)
    }

    /// True when every style layer of `wanted` (indices) is prepared.
    func hasPrepared(_ wanted: [Int]) -> Bool { wanted.allSatisfy { isPrepared[$0] } }

    /// About what the tile holds in memory, bytes (for the renderer's cache budget).
    var byteCount: Int {
        layers.reduce(256) { total, layer in
            guard let layer else { return total + 8 }
            return total + layer.points.count * 8 + (layer.parts.count * 2 + layer.features.count) * 16
                + layer.labels.reduce(0) { $0 + 48 + $1.text.utf8.count }
        }
    }
}

/// Geometry and labels of one style layer in one tile.
struct PreparedStyleLayer {
    /// Tile-local units across one tile side.
    var extent = 4096.0
    /// Every vertex, tile-local units.
    var points: [SIMD2<Float>] = []
    /// Each line or ring: a range of `points`.
    var parts: [Range<Int>] = []
    /// Each part's bounds, tile-local units: min x, min y, max x, max y (a frame passes over the parts
    /// it does not show without projecting their vertices).
    var boxes: [SIMD4<Float>] = []
    /// Each feature: a range of `parts` (a polygon's rings fill together).
    var features: [Range<Int>] = []
    var labels: [PreparedLabel] = []

    var isEmpty: Bool { parts.isEmpty && labels.isEmpty }
}

/// A name to place at a point (tile-local units); lower `priority` is placed first.
struct PreparedLabel {
    var point: SIMD2<Float>
    var text: String
    /// Terminal columns of `text`.
    var width: Int
    var priority: Double
    /// A name of the first rank (see `StyleLayer.isMajor`).
    var major: Bool
    /// For a name placed along a line: the line's vertices in the layer's `points`, and their bounds.
    var path: Range<Int>? = nil
    var low = SIMD2<Float>(0, 0)
    var high = SIMD2<Float>(0, 0)
}

extension PreparedTile {
    /// Selects and groups the features of `tile` for the style layers of `wanted` (indices into
    /// `styles`, the style's layers as they read the tile's schema: nil where a layer draws nothing of
    /// it; see `StyleLayer.resolved`) not prepared yet, in one pass over each tile layer they read;
    /// other tile layers are not decoded. `damaged` is called when a tile layer cannot be decoded (its
    /// style layers stay empty).
    mutating func prepare(_ wanted: [Int], from tile: VectorTile, styles: [StyleLayer?], damaged: () -> Void) {
        let missing = wanted.filter { !isPrepared[$0] }
        var sourceLayers: [String] = []
        for index in missing {
            isPrepared[index] = true
            if let name = styles[index]?.sourceLayer, !sourceLayers.contains(name) { sourceLayers.append(name) }
        }
        var reported = false
        for name in sourceLayers {
            let group = missing.filter { styles[$0]?.sourceLayer == name }
            do {
                guard var reader = try tile.features(ofLayer: name) else { continue }
                let built = try Self.prepare(&reader, for: group.compactMap { styles[$0] })
                for (index, layer) in zip(group, built) { layers[index] = layer }
            } catch {
                if !reported { damaged() }
                reported = true
            }
        }
    }

    /// The content of each of `styles` (style layers that all read the reader's tile layer), nil where
    /// empty. A feature's geometry is decoded once, and only when a style layer draws the feature.
    static func prepare(_ reader: inout FeatureReader, for styles: [StyleLayer]) throws(VectorTileError)
        -> [PreparedStyleLayer?]
    {
        var builders = styles.map { PreparedStyleLayerBuilder(style: $0, layer: reader.layer) }
        while try reader.next() {
            var decoded = false
            for b in builders.indices where builders[b].draws(reader.feature) {
                if !decoded { try reader.decodeGeometry() }
                decoded = true
                builders[b].add(reader.feature, of: reader.layer)
            }
        }
        return builders.map { $0.build() }
    }
}
