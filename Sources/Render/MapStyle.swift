import Foundation
import Layers
import VectorTiles

/// Colours and draw order of the map, read from a JSON style file (`Resources/style-dark.json`).
/// Layers draw in file order: fills, then lines, then labels each keep their relative order.
public struct MapStyle: Sendable {
    public var name: String
    /// Background colour of cells that no fill covers (land).
    public var background: TermColor
    public var layers: [StyleLayer]
    /// Last words of names and their short forms ("Street": "St"), for label layers with `abbreviate`.
    public var abbreviations: [String: String]

    init(_ reader: StyleReader) throws(StyleError) {
        name = try reader.string("name")
        guard let background = try reader.color("background") else { throw .invalid("'background' is missing") }
        self.background = background
        layers = []
        for (index, element) in try reader.elements("layers").enumerated() {
            let layer = try StyleReader(element, place: "layer \(index + 1)")
            let id = try layer.string("id")
            layers.append(try StyleLayer(StyleReader(element, place: "layer '\(id)'")))
        }
        abbreviations = [:]
        for member in try reader.members("abbreviations") {
            guard case .string(let short) = member.value else { throw reader.fail("abbreviations", "words to words") }
            abbreviations[member.key] = short
        }
    }

    /// Reads a style from JSON and checks it; the error names the offending layer.
    public static func decode(from data: Data) throws -> MapStyle {
        guard let json = JSONValue.strict(Array(data)) else { throw StyleError.invalid("the file is not JSON") }
        var style = try MapStyle(StyleReader(json, place: "the style"))
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
public struct StyleLayer: Sendable {
    /// How features are drawn.
    public enum Kind: String, Sendable {
        /// Polygons as cell background colour.
        case fill
        /// Lines (and polygon outlines) as braille dots.
        case line
        /// Point names as text; line features get their name at the middle of their longest part, or
        /// along the line with `placement: line`.
        case label
    }

    /// Where a label layer writes the names of line features.
    public enum Placement: String, Sendable {
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

    init(_ reader: StyleReader) throws(StyleError) {
        id = try reader.string("id")
        sourceLayer = try reader.string("source-layer")
        let type = try reader.string("type")
        guard let kind = Kind(rawValue: type) else { throw reader.fail("type", "fill, line or label") }
        self.kind = kind
        guard let color = try reader.color("color") else { throw .invalid("\(reader.place): 'color' is missing") }
        self.color = color
        outline = try reader.color("outline")
        minZoom = try reader.number("minzoom") ?? 0
        maxZoom = try reader.number("maxzoom") ?? 99
        filter = try reader.filter("filter") ?? [:]
        textFields = try reader.strings("text-fields") ?? ["name:latin", "name_en", "name"]
        priority = try reader.number("priority") ?? 100
        bold = try reader.bool("bold") ?? false
        major = try reader.bool("major") ?? false
        majorFilter = try reader.filter("major-if")
        majorPopulation = try reader.number("major-population")
        width = try reader.wholeNumber("width") ?? 1
        dash = try reader.pair("dash").map { (on: $0, off: $1) }
        let placement = try reader.optionalString("placement") ?? "point"
        guard let place = Placement(rawValue: placement) else { throw reader.fail("placement", "point or line") }
        self.placement = place
        repeatDistance = try reader.pair("repeat-distance").map { (cols: $0, rows: $1) } ?? (cols: 40, rows: 10)
        abbreviate = try reader.bool("abbreviate") ?? false
        selectors = [:]
        for member in try reader.members("schemas") {
            guard let schema = TileSchema(rawValue: member.key), schema != .openMapTiles else {
                throw .invalid("\(reader.place): 'schemas' names '\(member.key)', not shortbread or protomaps")
            }
            selectors[schema] = try StyleSelector(StyleReader(member.value, place: "\(reader.place), \(member.key)"))
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
public struct StyleSelector: Sendable {
    public var sourceLayer: String
    /// Property name to allowed values, as `StyleLayer.filter`; none: every feature of the layer.
    public var filter: [String: [FilterValue]]
    /// For labels: property names tried in order for the text; nil: the layer's own.
    public var textFields: [String]?
    /// For labels: names of features matching this filter are of the first rank (`StyleLayer.majorFilter`).
    public var majorFilter: [String: [FilterValue]]?

    init(_ reader: StyleReader) throws(StyleError) {
        sourceLayer = try reader.string("source-layer")
        filter = try reader.filter("filter") ?? [:]
        textFields = try reader.strings("text-fields")
        majorFilter = try reader.filter("major-if")
    }
}

/// A value in a style filter: a string, a number, `true`/`false`, or `null` for "the feature lacks the
/// key".
public enum FilterValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case missing

    func matches(_ value: PropertyValue?) -> Bool {
        switch self {
        case .string(let s): return value?.string == s
        case .number(let n): return value?.number == n
        case .bool(let b): return value == .bool(b)
        case .missing: return value == nil
        }
    }
}
