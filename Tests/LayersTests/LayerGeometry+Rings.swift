import GeoCore
import Layers

extension LayerGeometry {
    /// The rings of a polygon, outer first, in degrees; nil for a point or a line, so a test can
    /// `try #require` the polygon it expects.
    var polygonRings: [[LatLon]]? {
        if case .polygon(let rings) = self { rings } else { nil }
    }
}
