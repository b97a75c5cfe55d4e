import GeoCore

/// One drawable shape of a user layer, in WGS84 degrees. Multi-geometries and geometry collections
/// are flattened into several of these on their feature.
public enum LayerGeometry: Hashable, Sendable {
    /// A single position.
    case point(LatLon)
    /// An open line through the positions in order (two or more).
    case line([LatLon])
    /// A polygon: the outer ring first, then its holes; each ring closed (first position repeated last).
    case polygon([[LatLon]])
}
