import Layers

/// The user's layers and the highlighted line of their panel (`L`, `Focus.layers`).
public struct LayersState: Equatable, Sendable {
    /// In drawing order: later layers are drawn over earlier ones.
    public var layers: [UserLayer] = []
    /// The panel's highlighted line.
    public var cursor = 0

    public init() {}

    /// Adds a layer with the next number and, unless `color` is given, the next palette colour.
    public mutating func add(name: String, content: LayerContent, color: LayerColor? = nil, isStream: Bool = false) {
        let id = layers.count + 1
        let colour = color ?? LayerColor.palette[layers.count % LayerColor.palette.count]
        layers.append(UserLayer(id: id, name: name, color: colour, content: content, isStream: isStream))
    }

    /// The position of the layer numbered `id` in `layers`.
    public func index(of id: Int) -> Int? { layers.firstIndex { $0.id == id } }

    /// "2 layers", "1 layer" for the status bar; empty without layers.
    var summary: String {
        guard !layers.isEmpty else { return "" }
        let shown = layers.filter(\.visible).count
        let total = "\(layers.count) layer\(layers.count == 1 ? "" : "s")"
        return shown == layers.count ? total : "\(total) (\(shown) shown)"
    }
}
