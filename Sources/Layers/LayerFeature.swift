/// One feature of a user layer: a GeoJSON feature, a CSV row, a GPX waypoint, route or track, a line
/// read from a stream.
public struct LayerFeature: Hashable, Sendable {
    /// The feature's identity when the source gives one (GeoJSON `id`, a stream's id): a feature
    /// arriving with the id of one already shown replaces it (a live tracker moves).
    public var id: String?
    /// The label to show (a `name`/`title`/`label` property, a CSV name column, a GPX `<name>`).
    public var name: String?
    /// What to draw; empty for a feature with an empty or null geometry (kept: it still has properties).
    public var geometries: [LayerGeometry]
    /// Every other property in the order the source gave them.
    public var properties: [LayerProperty]

    public init(id: String? = nil, name: String? = nil, geometries: [LayerGeometry], properties: [LayerProperty] = []) {
        self.id = id
        self.name = name
        self.geometries = geometries
        self.properties = properties
    }
}
