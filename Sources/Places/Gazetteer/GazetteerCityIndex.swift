import Foundation
import GeoCore

/// Nearest-city search: a `PointIndex` over the cities' unit vectors.
///
/// Working on the unit sphere in 3-D makes the search exact everywhere: the great-circle nearest city is
/// the one with the shortest chord, with no special case at the antimeridian or the poles. Of equally
/// near cities the one listed first (the most populous) wins.
struct GazetteerCityIndex: Sendable {
    /// The indexed cities, in the order given to `init`.
    let cities: [GazetteerCity]
    /// The cities' unit vectors, numbered by their index in `cities`.
    private let tree: PointIndex

    /// Builds the tree. `nodeSize` (≥ 2) is the leaf size.
    init(_ cities: [GazetteerCity], nodeSize: Int = 16) {
        self.cities = cities
        var coords: [Double] = []
        coords.reserveCapacity(3 * cities.count)
        for city in cities {
            let v = GazetteerSphere.unitVector(lat: city.coordinate.lat, lon: city.coordinate.lon)
            coords.append(v.x)
            coords.append(v.y)
            coords.append(v.z)
        }
        tree = PointIndex(
            ids: cities.indices.map { Int32($0) }, coordinates: coords, dimensions: 3, nodeSize: nodeSize)
    }

    /// The index in `cities` of the city nearest to `point` on the sphere; nil when there are no cities.
    func nearest(to point: LatLon) -> Int? {
        tree.nearest(to: Self.vector(point)).map { Int($0) }
    }

    /// Indices in `cities` of every city within `km` kilometres of `point` (great-circle, up to ~10 000 km),
    /// in no particular order.
    func indices(within km: Double, of point: LatLon) -> [Int] {
        guard km >= 0 else { return [] }
        let chord = 2 * sin(min(Double.pi, km / Geodesy.earthRadiusKm) / 2)
        var result: [Int] = []
        tree.forEach(withinSquared: chord * chord * (1 + 1e-12), of: Self.vector(point)) { result.append(Int($0)) }
        return result
    }

    private static func vector(_ point: LatLon) -> [Double] {
        let v = GazetteerSphere.unitVector(lat: point.lat, lon: point.lon)
        return [v.x, v.y, v.z]
    }
}
