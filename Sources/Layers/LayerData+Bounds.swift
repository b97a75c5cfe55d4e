import GeoCore

extension LayerGeometry {
    /// Every position of the geometry, rings one after the other.
    public var positions: [LatLon] {
        switch self {
        case .point(let point): return [point]
        case .line(let points): return points
        case .polygon(let rings): return rings.flatMap { $0 }
        }
    }
}

extension LayerData {
    /// The box around every position, or nil when there is none. Longitudes of lines that pass ±180
    /// (see `LayerCoordinates`) make a box that crosses the antimeridian (`west > east`); separate
    /// features on both sides of it give the box between them.
    public var bounds: GeoBounds? {
        var south = Double.infinity, north = -Double.infinity
        var west = Double.infinity, east = -Double.infinity
        for feature in features {
            for geometry in feature.geometries {
                for position in geometry.positions {
                    south = min(south, position.lat)
                    north = max(north, position.lat)
                    west = min(west, position.lon)
                    east = max(east, position.lon)
                }
            }
        }
        guard south <= north else { return nil }
        guard east - west < 360 else { return GeoBounds(south: south, west: -180, north: north, east: 180) }
        return GeoBounds(
            south: south, west: west < -180 ? LatLon.wrapLongitude(west) : west, north: north,
            east: east > 180 ? LatLon.wrapLongitude(east) : east)
    }
}
