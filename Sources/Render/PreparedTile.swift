import Foundation
import GeoCore
import TextSafety
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
    private(set) var layers: [PreparedLayer?]
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
            return total + layer.points.count * 8 + (layer.parts.count + layer.features.count) * 16
                + layer.labels.reduce(0) { $0 + 48 + $1.text.utf8.count }
        }
    }
}

/// Geometry and labels of one style layer in one tile.
struct PreparedLayer {
    /// Tile-local units across one tile side.
    var extent = 4096.0
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
    /// For a name placed along a line: the line's vertices in the layer's `points`, and their bounds.
    var path: Range<Int>? = nil
    var low = SIMD2<Float>(0, 0)
    var high = SIMD2<Float>(0, 0)
}

extension PreparedTile {
    /// Selects and groups the features of `tile` for the style layers of `wanted` (indices into
    /// `style.layers`) not prepared yet; only their tile layers are decoded. `damaged` is called when a
    /// layer of the tile cannot be decoded (its style layers stay empty).
    mutating func prepare(_ wanted: [Int], from tile: VectorTile, style: MapStyle, damaged: () -> Void) {
        var decoded: [String: VectorLayer?] = [:]
        var reported = false
        for index in wanted where !isPrepared[index] {
            let styleLayer = style.layers[index]
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
            isPrepared[index] = true
            guard let layer = decoded[name] ?? nil else { continue }
            let prepared = Self.prepare(layer, for: styleLayer)
            layers[index] = prepared.isEmpty ? nil : prepared
        }
    }

    static func prepare(_ layer: VectorLayer, for style: StyleLayer) -> PreparedLayer {
        var out = PreparedLayer(extent: Double(layer.extent))
        var lines = LineNames()
        var names: [String: (text: String, width: Int)] = [:]
        var filter = LayerFilter(style.filter, layer: layer)
        for feature in layer.features where filter.matches(feature) {
            switch style.kind {
            case .fill where feature.type == .polygon, .line where feature.type != .point:
                appendGeometry(feature.geometry, to: &out)
            case .label where style.placement == .line && feature.type == .lineString:
                guard let label = label(for: feature, in: layer, style: style, names: &names) else { continue }
                lines.add(label, feature.geometry)
            case .label:
                if let label = label(for: feature, in: layer, style: style, names: &names) {
                    out.labels.append(label)
                }
            default:
                continue
            }
        }
        lines.append(to: &out)
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

    /// The label of a feature. `names` keeps the text shown and its width for every raw name met in
    /// this layer (the ways of one street share a name: it is cleaned and measured once).
    static func label(
        for feature: VectorFeature, in layer: VectorLayer, style: StyleLayer,
        names: inout [String: (text: String, width: Int)]
    ) -> PreparedLabel? {
        // The first field whose cleaned text is not empty.
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
        guard let shown, let anchor = anchor(of: feature) else { return nil }
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

/// The names of line features of one layer of one tile, gathered by name and style so the parts of
/// one street that meet end to end (a street is split into ways at its junctions) become one line.
struct LineNames {
    private var order: [String] = []
    private var groups: [String: (label: PreparedLabel, parts: [[SIMD2<Float>]])] = [:]

    mutating func add(_ label: PreparedLabel, _ geometry: TileGeometry) {
        let key = label.text
        if groups[key] == nil {
            order.append(key)
            groups[key] = (label, [])
        }
        for i in 0..<geometry.partCount {
            let range = geometry.range(ofPart: i)
            if range.count >= 2 { groups[key]!.parts.append(Array(geometry.points[range])) }
        }
    }

    /// One label per joined line, in the order the names first appeared, its vertices appended to `out`.
    func append(to out: inout PreparedLayer) {
        for key in order {
            guard let group = groups[key] else { continue }
            for line in Self.join(group.parts) {
                var label = group.label
                let start = out.points.count
                out.points.append(contentsOf: line)
                label.path = start..<out.points.count
                label.low = line.reduce(line[0]) { pointwiseMin($0, $1) }
                label.high = line.reduce(line[0]) { pointwiseMax($0, $1) }
                label.point = line[line.count / 2]
                out.labels.append(label)
            }
        }
    }

    /// Joins lines that share an end point (either way round) into longer ones, each line used once;
    /// linear in the number of lines (end points are looked up in a table).
    static func join(_ lines: [[SIMD2<Float>]]) -> [[SIMD2<Float>]] {
        guard lines.count > 1 else { return lines }
        var ends: [SIMD2<Float>: [Int]] = [:]
        for (i, line) in lines.enumerated() {
            ends[line[0], default: []].append(i)
            ends[line[line.count - 1], default: []].append(i)
        }
        var used = [Bool](repeating: false, count: lines.count)
        /// An unused line with an end at `point`, turned so that it starts there.
        func next(at point: SIMD2<Float>) -> [SIMD2<Float>]? {
            guard let candidates = ends[point] else { return nil }
            for i in candidates where !used[i] {
                used[i] = true
                return lines[i][0] == point ? lines[i] : lines[i].reversed()
            }
            return nil
        }
        var joined: [[SIMD2<Float>]] = []
        for i in lines.indices where !used[i] {
            used[i] = true
            var line = lines[i]
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            line.reverse()
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            joined.append(line)
        }
        return joined
    }
}
