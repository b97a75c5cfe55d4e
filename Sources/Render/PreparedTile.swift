import Foundation
import GeoCore
import TextSafety
import VectorTiles

/// The features of one tile that a style draws, filtered and grouped per style layer, with geometry
/// kept in tile-local units (no rounding). Built once per tile and kept in the renderer's LRU cache.
struct PreparedTile {
    /// The tile whose data this is (wrapped column).
    let tile: TileID
    /// Tile-local units across one tile side.
    let extent: Double
    /// Indexed like the style's layers; nil where the tile has nothing for that layer.
    let layers: [PreparedLayer?]

    /// About what the tile holds in memory, bytes (for the renderer's cache budget).
    var byteCount: Int {
        layers.reduce(256) { total, layer in
            guard let layer else { return total + 8 }
            return total + layer.points.count * 8 + (layer.parts.count + layer.features.count) * 16
                + layer.labels.reduce(0) { $0 + 48 + $1.text.utf8.count }
        }
    }
}

/// Geometry and labels of one style layer in one tile.
struct PreparedLayer {
    /// Every vertex, tile-local units.
    var points: [SIMD2<Float>] = []
    /// Each line or ring: a range of `points`.
    var parts: [Range<Int>] = []
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
}

extension PreparedTile {
    /// Selects and groups the features of `tile` for every layer of `style`.
    /// `damaged` is called once when a layer of the tile cannot be decoded (that layer is skipped).
    static func prepare(_ tile: VectorTile, id: TileID, style: MapStyle, damaged: () -> Void) -> PreparedTile {
        var decoded: [String: VectorLayer?] = [:]
        var extent = 4096.0
        var result: [PreparedLayer?] = []
        var reported = false
        for styleLayer in style.layers {
            let name = styleLayer.sourceLayer
            if decoded[name] == nil {
                do {
                    decoded[name] = try tile.layer(named: name)
                } catch {
                    decoded[name] = .some(nil)
                    if !reported { damaged() }
                    reported = true
                }
            }
            guard let layer = decoded[name] ?? nil else {
                result.append(nil)
                continue
            }
            extent = Double(layer.extent)
            let prepared = prepare(layer, for: styleLayer)
            result.append(prepared.isEmpty ? nil : prepared)
        }
        return PreparedTile(tile: id, extent: extent, layers: result)
    }

    static func prepare(_ layer: VectorLayer, for style: StyleLayer) -> PreparedLayer {
        var out = PreparedLayer()
        for feature in layer.features where style.matches(feature, in: layer) {
            switch style.kind {
            case .fill where feature.type == .polygon, .line where feature.type != .point:
                appendGeometry(feature.geometry, to: &out)
            case .label:
                if let label = label(for: feature, in: layer, style: style) { out.labels.append(label) }
            default:
                continue
            }
        }
        return out
    }

    static func appendGeometry(_ geometry: TileGeometry, to out: inout PreparedLayer) {
        let firstPart = out.parts.count
        for i in 0..<geometry.partCount {
            let range = geometry.range(ofPart: i)
            guard !range.isEmpty else { continue }
            let start = out.points.count
            out.points.append(contentsOf: geometry.points[range])
            out.parts.append(start..<out.points.count)
        }
        if out.parts.count > firstPart { out.features.append(firstPart..<out.parts.count) }
    }

    static func label(for feature: VectorFeature, in layer: VectorLayer, style: StyleLayer) -> PreparedLabel? {
        guard
            let text = style.textFields.lazy.compactMap({ layer.property($0, of: feature)?.string })
                .map(TextSanitizer.clean).first(where: { !$0.isEmpty }),
            let anchor = anchor(of: feature)
        else { return nil }
        let rank = layer.property("rank", of: feature)?.number ?? 10
        let population = layer.property("population", of: feature)?.number ?? 0
        let priority = style.priority + rank - (population > 0 ? log10(population) / 100 : 0)
        return PreparedLabel(
            point: anchor, text: text, width: TextWidth.of(text), priority: priority,
            major: style.isMajor(feature, in: layer))
    }

    /// Where a feature's name goes: the point itself, or the middle vertex of its longest part.
    static func anchor(of feature: VectorFeature) -> SIMD2<Float>? {
        let g = feature.geometry
        guard g.partCount > 0 else { return nil }
        if feature.type == .point { return g.points[g.range(ofPart: 0).lowerBound] }
        let longest = (0..<g.partCount).max { g.range(ofPart: $0).count < g.range(ofPart: $1).count }!
        let range = g.range(ofPart: longest)
        return range.isEmpty ? nil : g.points[range.lowerBound + range.count / 2]
    }
}
