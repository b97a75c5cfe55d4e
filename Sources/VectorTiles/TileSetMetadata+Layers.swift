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

    /// A notice when the set lists its layers and none of them is one that `drawn` (a style's source
    /// layers) knows: its tiles would draw nothing. Nil when they share a layer, or the set lists none.
    public func layerMismatch(drawn: Set<String>) -> String? {
        guard !layerNames.isEmpty, drawn.isDisjoint(with: layerNames) else { return nil }
        let shown = layerNames.prefix(5).joined(separator: ", ") + (layerNames.count > 5 ? ", …" : "")
        return "\(name) has layers (\(shown)) that the map style (OpenMapTiles schema) does not draw"
    }
}
