import Foundation
import TextSafety
import VectorTiles

/// The content of one style layer in one tile, gathered feature by feature as a `FeatureReader` goes
/// through the tile layer (see `PreparedTile.prepare`): geometry for fills and lines, names for labels.
struct PreparedStyleLayerBuilder {
    let style: StyleLayer
    private var filter: StyleFilter
    private var out: PreparedStyleLayer
    private var lines = LineNames()
    /// The text shown and its width for every raw name met (the ways of one street share a name: it is
    /// cleaned and measured once).
    private var names: [String: (text: String, width: Int)] = [:]

    /// A builder for `style` over the features of `layer` (its tables; features are added one by one).
    init(style: StyleLayer, layer: TileLayer) {
        self.style = style
        filter = StyleFilter(style.filter, layer: layer)
        out = PreparedStyleLayer(extent: Double(layer.extent))
    }

    /// True when the style layer draws `feature`: its type and properties (no geometry needed).
    mutating func draws(_ feature: VectorFeature) -> Bool {
        switch style.kind {
        case .fill where feature.type != .polygon, .line where feature.type == .point: return false
        default: return filter.matches(feature)
        }
    }

    /// Adds a feature that `draws` accepted, with its geometry, of `layer`.
    mutating func add(_ feature: VectorFeature, of layer: TileLayer) {
        switch style.kind {
        case .fill, .line:
            Self.appendGeometry(feature.geometry, to: &out)
        case .label where style.placement == .line && feature.type == .lineString:
            if let label = label(for: feature, in: layer) { lines.add(label, feature.geometry) }
        case .label:
            if let label = label(for: feature, in: layer) { out.labels.append(label) }
        }
    }

    /// What the style layer draws of the tile, nil when nothing.
    func build() -> PreparedStyleLayer? {
        var result = out
        lines.append(to: &result)
        return result.isEmpty ? nil : result
    }

    static func appendGeometry(_ geometry: TileGeometry, to out: inout PreparedStyleLayer) {
        let firstPart = out.parts.count
        for i in 0..<geometry.partCount {
            let range = geometry.range(ofPart: i)
            guard !range.isEmpty else { continue }
            let start = out.points.count
            out.points.append(contentsOf: geometry.points[range])
            out.parts.append(start..<out.points.count)
            let first = geometry.points[range.lowerBound]
            var low = first, high = first
            for p in geometry.points[range] {
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
            out.boxes.append(SIMD4(lowHalf: low, highHalf: high))
        }
        if out.parts.count > firstPart { out.features.append(firstPart..<out.parts.count) }
    }

    /// The label of a feature: the first of the style's text fields whose cleaned text is not empty.
    mutating func label(for feature: VectorFeature, in layer: TileLayer) -> PreparedLabel? {
        var shown: (text: String, width: Int)?
        for field in style.textFields {
            guard let raw = layer.property(field, of: feature)?.string else { continue }
            let name: (text: String, width: Int)
            if let known = names[raw] {
                name = known
            } else {
                let text = style.abbreviated(TextSanitizer.clean(raw))
                name = (text, TextWidth.of(text))
                names[raw] = name
            }
            if !name.text.isEmpty {
                shown = name
                break
            }
        }
        guard let shown, let anchor = Self.anchor(of: feature) else { return nil }
        let rank = layer.property("rank", of: feature)?.number ?? 10
        let population = layer.property("population", of: feature)?.number ?? 0
        let priority = style.priority + rank - (population > 0 ? log10(population) / 100 : 0)
        return PreparedLabel(
            point: anchor, text: shown.text, width: shown.width, priority: priority,
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
