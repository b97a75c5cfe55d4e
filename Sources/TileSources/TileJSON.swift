import Foundation
import GeoCore
import TextSafety
import VectorTiles

/// The parts of a TileJSON document (TileJSON 2.x/3.0) that mapterm uses.
public struct TileJSON: Equatable, Sendable {
    /// Tile URL templates; the first one is used.
    public var tiles: [String]
    public var name: String?
    public var minZoom: Int
    public var maxZoom: Int
    public var bounds: GeoBounds?
    public var attribution: String?
    /// Names of the vector layers the tiles hold (`vector_layers[].id`), when listed.
    public var vectorLayers: [String]?

    /// Reads a TileJSON document; `base` resolves relative tile URLs. Throws `TileSourceError` with one
    /// line: not JSON, no `tiles`, no usable template.
    public init(data: Data, base: URL?) throws(TileSourceError) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
            throw .unusable("not a TileJSON document (not a JSON object)")
        }
        let templates = (json["tiles"] as? [Any])?.compactMap { $0 as? String } ?? []
        guard !templates.isEmpty else { throw .unusable("TileJSON without tiles") }
        tiles = templates.map { template in
            guard let base, !template.lowercased().hasPrefix("http") else { return template }
            // Keep the braces: resolve with placeholders URL-encoding would otherwise mangle.
            let resolved = URL(
                string: template.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(
                    of: "}", with: "%7D"), relativeTo: base)?.absoluteString
            return resolved?.replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}")
                ?? template
        }
        guard tiles.contains(where: { $0.contains("{z}") && $0.contains("{x}") && $0.contains("{y}") }) else {
            throw .unusable("TileJSON tiles have no {z}/{x}/{y} template")
        }
        name = (json["name"] as? String).map { TextSanitizer.clean($0, maxLength: 80) }
        minZoom = try Self.zoom(json["minzoom"], key: "minzoom") ?? 0
        maxZoom = max(try Self.zoom(json["maxzoom"], key: "maxzoom") ?? 14, minZoom)
        bounds = Self.bounds(json["bounds"])
        attribution = (json["attribution"] as? String).map(Self.plainAttribution)
        vectorLayers = (json["vector_layers"] as? [Any])?.compactMap { ($0 as? [String: Any])?["id"] as? String }
    }

    /// The first template with all three placeholders.
    public var template: String { tiles.first { $0.contains("{z}") && $0.contains("{x}") && $0.contains("{y}") }! }

    /// Metadata for a tile store of this source.
    public func metadata(fallbackName: String) -> TileSetMetadata {
        TileSetMetadata(
            name: name ?? fallbackName, format: "pbf", minZoom: minZoom, maxZoom: maxZoom, bounds: bounds,
            attribution: attribution, layerNames: vectorLayers ?? [])
    }

    /// The zooms a TileJSON may state (the spec's range).
    public static let zoomRange = 0...30

    /// The zoom `value` states (fractions rounded down), nil when absent. Throws one line naming
    /// `key` for anything else: not a number, NaN, infinite, or outside `zoomRange`.
    static func zoom(_ value: Any?, key: String) throws(TileSourceError) -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber else {
            throw .unusable("TileJSON \(key) is not a number")
        }
        guard let zoom = number.doubleValue.checkedInt(.down, in: zoomRange) else {
            throw .unusable("TileJSON \(key) \(number) is not a zoom from 0 to 30")
        }
        return zoom
    }

    /// [west, south, east, north] in degrees.
    static func bounds(_ value: Any?) -> GeoBounds? {
        guard let list = value as? [NSNumber], list.count == 4 else { return nil }
        let (w, s, e, n) = (list[0].doubleValue, list[1].doubleValue, list[2].doubleValue, list[3].doubleValue)
        guard s <= n, (-90...90).contains(s), (-90...90).contains(n), (-180...180).contains(w),
            (-180...180).contains(e)
        else { return nil }
        return GeoBounds(south: s, west: w, north: n, east: e)
    }

    /// An attribution as plain text: HTML tags dropped, entities for &, <, > and © decoded, sanitised.
    static func plainAttribution(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        for (entity, plain) in [("&copy;", "©"), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " ")] {
            text = text.replacingOccurrences(of: entity, with: plain)
        }
        return TextSanitizer.clean(text, maxLength: 300).split(separator: " ").joined(separator: " ")
    }
}
