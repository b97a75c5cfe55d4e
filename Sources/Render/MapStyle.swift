import Foundation
import VectorTiles

/// Colours and draw order of the map, read from a JSON style file (`Resources/style-dark.json`).
/// Layers draw in file order: fills, then lines, then labels each keep their relative order.
public struct MapStyle: Sendable, Decodable {
    public var name: String
    /// Background colour of cells that no fill covers (land).
    public var background: TermColor
    public var layers: [StyleLayer]

    /// Reads a style from JSON and checks it; the error names the offending layer.
    public static func decode(from data: Data) throws -> MapStyle {
        let style = try JSONDecoder().decode(MapStyle.self, from: data)
        for layer in style.layers where layer.minZoom > layer.maxZoom {
            throw StyleError.invalid("layer '\(layer.id)': minzoom is above maxzoom")
        }
        return style
    }
}

/// A style problem, described in one line.
public enum StyleError: Error, CustomStringConvertible {
    case invalid(String)
    public var description: String {
        switch self {
        case .invalid(let why): return "invalid style: \(why)"
        }
    }
}

/// One drawing rule: which features of which tile layer, at which zooms, drawn how.
public struct StyleLayer: Sendable, Decodable {
    /// How features are drawn.
    public enum Kind: String, Sendable, Decodable {
        /// Polygons as cell background colour.
        case fill
        /// Lines (and polygon outlines) as braille dots.
        case line
        /// Point names as text; line features get their name at the middle of their longest part.
        case label
    }

    public var id: String
    public var sourceLayer: String
    public var kind: Kind
    public var color: TermColor
    /// For fills: an optional outline colour drawn as dots.
    public var outline: TermColor?
    /// Lowest camera zoom at which the layer shows (inclusive).
    public var minZoom: Double
    /// Highest camera zoom at which the layer shows (exclusive).
    public var maxZoom: Double
    /// Property name to allowed values; a feature must match every key.
    public var filter: [String: [FilterValue]]
    /// For labels: property names tried in order for the text.
    public var textFields: [String]
    /// For labels: lower draws first and wins collisions; the feature's `rank` is added.
    public var priority: Double
    /// For labels: attributes of the text.
    public var bold: Bool
    /// For labels: every name of the layer is of the first rank (placed before places; see `isMajor`).
    public var major: Bool
    /// For labels: names of features matching this filter are of the first rank.
    public var majorFilter: [String: [FilterValue]]?
    /// For labels: names of features with at least this `population` are of the first rank.
    public var majorPopulation: Double?

    enum CodingKeys: String, CodingKey {
        case id, kind = "type", color, outline, filter, priority, bold, major
        case sourceLayer = "source-layer", minZoom = "minzoom", maxZoom = "maxzoom", textFields = "text-fields"
        case majorFilter = "major-if", majorPopulation = "major-population"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        sourceLayer = try c.decode(String.self, forKey: .sourceLayer)
        kind = try c.decode(Kind.self, forKey: .kind)
        color = try c.decode(TermColor.self, forKey: .color)
        outline = try c.decodeIfPresent(TermColor.self, forKey: .outline)
        minZoom = try c.decodeIfPresent(Double.self, forKey: .minZoom) ?? 0
        maxZoom = try c.decodeIfPresent(Double.self, forKey: .maxZoom) ?? 99
        filter = try c.decodeIfPresent([String: [FilterValue]].self, forKey: .filter) ?? [:]
        textFields = try c.decodeIfPresent([String].self, forKey: .textFields) ?? ["name:latin", "name_en", "name"]
        priority = try c.decodeIfPresent(Double.self, forKey: .priority) ?? 100
        bold = try c.decodeIfPresent(Bool.self, forKey: .bold) ?? false
        major = try c.decodeIfPresent(Bool.self, forKey: .major) ?? false
        majorFilter = try c.decodeIfPresent([String: [FilterValue]].self, forKey: .majorFilter)
        majorPopulation = try c.decodeIfPresent(Double.self, forKey: .majorPopulation)
    }

    /// True when a feature's name is of the first rank: the layer says so (`major`), or the feature
    /// matches `major-if`, or its `population` reaches `major-population`. The map places such names
    /// before places and markers, which move aside rather than cover them.
    public func isMajor(_ feature: VectorFeature, in layer: VectorLayer) -> Bool {
        if major { return true }
        if let filter = majorFilter, !filter.isEmpty,
            filter.allSatisfy({ key, allowed in allowed.contains { $0.matches(layer.property(key, of: feature)) } })
        {
            return true
        }
        if let threshold = majorPopulation, let population = layer.property("population", of: feature)?.number {
            return population >= threshold
        }
        return false
    }

    /// True when the layer shows at this camera zoom.
    public func isVisible(atZoom zoom: Double) -> Bool { zoom >= minZoom && zoom < maxZoom }

    /// True when the feature passes the filter (a `null` in a list admits features without the key).
    public func matches(_ feature: VectorFeature, in layer: VectorLayer) -> Bool {
        for (key, allowed) in filter {
            let value = layer.property(key, of: feature)
            if !allowed.contains(where: { $0.matches(value) }) { return false }
        }
        return true
    }
}

/// A value in a style filter: a string, a number, or `null` for "the feature lacks the key".
public enum FilterValue: Sendable, Decodable, Equatable {
    case string(String)
    case number(Double)
    case missing

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .missing
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    func matches(_ value: PropertyValue?) -> Bool {
        switch self {
        case .string(let s): return value?.string == s
        case .number(let n): return value?.number == n
        case .missing: return value == nil
        }
    }
}
