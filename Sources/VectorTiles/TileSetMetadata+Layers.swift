import Foundation

extension TileSetMetadata {
    /// The `vector_layers` ids of a JSON text (an MBTiles `json` metadata row, a TileJSON), empty when
    /// it lists none or is not JSON.
    public static func layerNames(fromJSON text: String) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return []
        }
        return (object["vector_layers"] as? [Any])?.compactMap { ($0 as? [String: Any])?["id"] as? String } ?? []
    }

    /// The schema the set's listed layers name (see `TileSchema.detect`), nil when it lists none or
    /// they name no known schema.
    public var schema: TileSchema? { TileSchema.detect(layerNames: layerNames) }

    /// A notice when the set lists its layers, none of them is one that `drawn` (the style's
    /// OpenMapTiles source layers) knows, and they are not those of a schema the style also draws
    /// (Shortbread, Protomaps): its tiles would draw nothing. Nil when they share a layer, name such
    /// a schema, or the set lists none.
    public func layerMismatch(drawn: Set<String>) -> String? {
        guard !layerNames.isEmpty, drawn.isDisjoint(with: layerNames) else { return nil }
        if let schema, schema != .openMapTiles { return nil }
        let shown = layerNames.prefix(5).joined(separator: ", ") + (layerNames.count > 5 ? ", …" : "")
        return "\(name) has layers (\(shown)) that the map style (OpenMapTiles, Shortbread or Protomaps schema) "
            + "does not draw"
    }
}
