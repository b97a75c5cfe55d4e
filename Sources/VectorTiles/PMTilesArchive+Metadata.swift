import Foundation
import GeoCore

extension PMTilesArchive {
    /// The tile set's facts: zooms, bounds and centre from the header; name, attribution and
    /// `vector_layers` ids from the JSON metadata when it states them (also inside a "json"
    /// string, where MBTiles converters leave them); the name falls back to the source's last
    /// path component without its extension. JSON that is not an object is ignored.
    static func tileSetMetadata(header: PMTilesHeader, json: [UInt8], source: String) -> TileSetMetadata {
        let object = jsonObject(json) ?? [:]
        let layers = layerNames(object["vector_layers"]) ?? layerNames(jsonObject(object["json"])?["vector_layers"])
        return TileSetMetadata(
            name: nonEmpty(object["name"]) ?? fallbackName(source), format: "pbf", minZoom: header.minZoom,
            maxZoom: header.maxZoom, bounds: header.bounds, attribution: nonEmpty(object["attribution"]),
            center: header.center, centerZoom: header.center == nil ? nil : header.centerZoom,
            layerNames: layers ?? [])
    }

    // MARK: - Private

    private static func jsonObject(_ bytes: [UInt8]) -> [String: Any]? {
        guard !bytes.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// A JSON object held in a string value.
    private static func jsonObject(_ value: Any?) -> [String: Any]? {
        (value as? String).flatMap { jsonObject(Array($0.utf8)) }
    }

    /// The string `id` of each layer object, or nil when `value` is not an array.
    private static func layerNames(_ value: Any?) -> [String]? {
        (value as? [Any])?.compactMap { ($0 as? [String: Any])?["id"] as? String }
    }

    private static func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    /// "/maps/alps.pmtiles" → "alps"; "https://x/tiles/v1.pmtiles" → "v1".
    private static func fallbackName(_ source: String) -> String {
        let last = source.split(separator: "/").last.map(String.init) ?? source
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
