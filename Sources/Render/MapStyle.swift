import Foundation
import VectorTiles

/// Colours and draw order of the map, read from a JSON style file (`Resources/style-dark.json`).
/// Layers draw in file order: fills, then lines, then labels each keep their relative order.
public struct MapStyle: Sendable, Decodable {
    public var name: String
    /// Background colour of cells that no fill covers (land).
    public var background: TermColor
    public var layers: [StyleLayer]
    /// Last words of names and their short forms ("Street": "St"), for label layers with `abbreviate`.
    public var abbreviations: [String: String]

    enum CodingKeys: String, CodingKey {
        case name, background, layers, abbreviations
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        background = try c.decode(TermColor.self, forKey: .background)
        layers = try c.decode([StyleLayer].self, forKey: .layers)
        abbreviations = try c.decodeIfPresent([String: String].self, forKey: .abbreviations) ?? [:]
    }

    /// Reads a style from JSON and checks it; the error names the offending layer.
    public static func decode(from data: Data) throws -> MapStyle {
        var style = try JSONDecoder().decode(MapStyle.self, from: data)
        for layer in style.layers {
            if layer.minZoom > layer.maxZoom {
                throw StyleError.invalid("layer '\(layer.id)': minzoom is above maxzoom")
            }
            if !StyleLayer.widths.contains(layer.width) {
                throw StyleError.invalid("layer '\(layer.id)': width \(layer.width) is not 1 or 2 dots")
            }
            if let dash = layer.dash, dash.on < 1 || dash.off < 1 || dash.on + dash.off > 32 {
                throw StyleError.invalid("layer '\(layer.id)': dash needs two lengths of at least 1 dot")
            }
            if layer.repeatDistance.cols < 0 || layer.repeatDistance.rows < 0 {
                throw StyleError.invalid("layer '\(layer.id)': repeat-distance is negative")
            }
        }
        for (word, short) in style.abbreviations where word.isEmpty || word.contains(" ") || short.contains(" ") {
            throw StyleError.invalid("abbreviation '\(word)': '\(short)': each side must be one word")
        }
        let words = style.abbreviations
        for i in style.layers.indices where style.layers[i].abbreviate {
            style.layers[i].abbreviations = words
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
        /// Point names as text; line features get their name at the middle of their longest part, or
        /// along the line with `placement: line`.
        case label
    }

    /// Where a label layer writes the names of line features.
    public enum Placement: String, Sendable, Decodable {
        /// At the middle vertex of the longest part.
        case point
        /// Along the line: on it where it runs level for the length of the name, else beside it, at
        /// points spread along the line; the parts of one name that meet end to end count as one line.
        case line
    }

    /// Line widths the rasterizer draws, in dots.
    public static let widths = 1...2

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
    /// For lines: the stroke's width in dots (1 or 2; a 2-dot line doubles across its direction).
    public var width: Int
    /// For lines: dots drawn and dots left out, in turn along the line (nil: a solid line).
    public var dash: (on: Int, off: Int)?
    /// For labels: where the names of line features go (see `Placement`).
    public var placement: Placement
    /// For labels: the same name is written again only this many columns or rows away (default 40, 10).
    public var repeatDistance: (cols: Int, rows: Int)
    /// For labels: whether names are shortened with the style's `abbreviations`.
    public var abbreviate: Bool
    /// The words shortened in this layer's names (the style's `abbreviations` when `abbreviate` is set).
    public internal(set) var abbreviations: [String: String] = [:]
    /// What the layer draws of tiles of other schemas than OpenMapTiles (whose selector is the layer's
    /// own `source-layer`, `filter`, `text-fields` and `major-if`); a schema missing here draws nothing
    /// of this layer. JSON: `"schemas": {"shortbread": {"source-layer": …, "filter": …}, …}`.
    public var selectors: [TileSchema: StyleSelector]

    enum CodingKeys: String, CodingKey {
        case id, kind = "type", color, outline, filter, priority, bold, major, width, dash, placement, abbreviate
        case sourceLayer = "source-layer", minZoom = "minzoom", maxZoom = "maxzoom", textFields = "text-fields"
        case majorFilter = "major-if", majorPopulation = "major-population", repeatDistance = "repeat-distance"
        case selectors = "schemas"
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
        width = try c.decodeIfPresent(Int.self, forKey: .width) ?? 1
        dash = try Self.pair(c, .dash).map { (on: $0, off: $1) }
        placement = try c.decodeIfPresent(Placement.self, forKey: .placement) ?? .point
        repeatDistance = try Self.pair(c, .repeatDistance).map { (cols: $0, rows: $1) } ?? (cols: 40, rows: 10)
        abbreviate = try c.decodeIfPresent(Bool.self, forKey: .abbreviate) ?? false
        selectors = [:]
        for (key, selector) in try c.decodeIfPresent([String: StyleSelector].self, forKey: .selectors) ?? [:] {
            guard let schema = TileSchema(rawValue: key), schema != .openMapTiles else {
                throw DecodingError.dataCorruptedError(
                    forKey: .selectors, in: c,
                    debugDescription: "'schemas' names '\(key)', not shortbread or protomaps")
            }
            selectors[schema] = selector
        }
    }

    /// The layer as it reads tiles of `schema`: its own selector for OpenMapTiles, else the schema's
    /// (source layer, filter and `major-if` the selector's; text fields the selector's, or the layer's
    /// when it gives none); nil when the layer has no selector for that schema.
    public func resolved(for schema: TileSchema) -> StyleLayer? {
        if schema == .openMapTiles { return self }
        guard let selector = selectors[schema] else { return nil }
        var layer = self
        layer.sourceLayer = selector.sourceLayer
        layer.filter = selector.filter
        layer.textFields = selector.textFields ?? textFields
        layer.majorFilter = selector.majorFilter
        return layer
    }

    /// A key holding a list of exactly two whole numbers, or nothing.
    private static func pair(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> (Int, Int)? {
        guard let list = try c.decodeIfPresent([Int].self, forKey: key) else { return nil }
        guard list.count == 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "'\(key.stringValue)' needs two numbers")
        }
        return (list[0], list[1])
    }

    /// `text` with its last word shortened when `abbreviations` has it ("Market Street" → "Market St");
    /// a name of one word, and names whose kind comes first ("Avenue de la Costa"), stay whole.
    public func abbreviated(_ text: String) -> String {
        guard !abbreviations.isEmpty, let space = text.lastIndex(of: " "),
            let short = abbreviations[String(text[text.index(after: space)...])]
        else { return text }
        return text[...space] + short
    }

    /// True when a feature's name is of the first rank: the layer says so (`major`), or the feature
    /// matches `major-if`, or its `population` reaches `major-population`. The map places such names
    /// before places and markers, which move aside rather than cover them.
    public func isMajor(_ feature: VectorFeature, in layer: TileLayer) -> Bool {
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
    public func matches(_ feature: VectorFeature, in layer: TileLayer) -> Bool {
        for (key, allowed) in filter {
            let value = layer.property(key, of: feature)
            if !allowed.contains(where: { $0.matches(value) }) { return false }
        }
        return true
    }
}

/// Which features of which tile layer a style layer draws in tiles of one schema (see
/// `StyleLayer.selectors`).
public struct StyleSelector: Sendable, Decodable {
    public var sourceLayer: String
    /// Property name to allowed values, as `StyleLayer.filter`; none: every feature of the layer.
    public var filter: [String: [FilterValue]]
    /// For labels: property names tried in order for the text; nil: the layer's own.
    public var textFields: [String]?
    /// For labels: names of features matching this filter are of the first rank (`StyleLayer.majorFilter`).
    public var majorFilter: [String: [FilterValue]]?

    enum CodingKeys: String, CodingKey {
        case filter, sourceLayer = "source-layer", textFields = "text-fields", majorFilter = "major-if"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sourceLayer = try c.decode(String.self, forKey: .sourceLayer)
        filter = try c.decodeIfPresent([String: [FilterValue]].self, forKey: .filter) ?? [:]
        textFields = try c.decodeIfPresent([String].self, forKey: .textFields)
        majorFilter = try c.decodeIfPresent([String: [FilterValue]].self, forKey: .majorFilter)
    }
}

/// A value in a style filter: a string, a number, `true`/`false`, or `null` for "the feature lacks the
/// key".
public enum FilterValue: Sendable, Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case missing

    /// Tries the kinds in the order filters hold them most (a failed try throws, which costs more than
    /// the decoding itself): strings, then numbers, then `true`/`false`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .missing
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else {
            self = .bool(try c.decode(Bool.self))
        }
    }

    func matches(_ value: PropertyValue?) -> Bool {
        switch self {
        case .string(let s): return value?.string == s
        case .number(let n): return value?.number == n
        case .bool(let b): return value == .bool(b)
        case .missing: return value == nil
        }
    }
}
