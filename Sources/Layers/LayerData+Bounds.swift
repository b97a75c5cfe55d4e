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
    /// The smallest box around every position and every line between them, or nil when there is none.
    /// It crosses the antimeridian (`west > east`) when that makes it narrower: points at 179 and -179
    /// give a box 2° wide. Worked out to the degree where the gap opposite the data is (the widest
    /// run of whole degrees of longitude that nothing touches), exact at the edges.
    public var bounds: GeoBounds? {
        var south = Double.infinity, north = -Double.infinity
        var touched = [Bool](repeating: false, count: 360)
        for feature in features {
            for geometry in feature.geometries {
                let paths: [[LatLon]]
                switch geometry {
                case .point(let point):
                    south = min(south, point.lat)
                    north = max(north, point.lat)
                    Self.touch(from: point.lon, to: point.lon, &touched)
                    continue
                case .line(let points): paths = [points]
                case .polygon(let rings): paths = rings
                }
                for path in paths {
                    for (index, position) in path.enumerated() {
                        south = min(south, position.lat)
                        north = max(north, position.lat)
                        Self.touch(from: index > 0 ? path[index - 1].lon : position.lon, to: position.lon, &touched)
                    }
                }
            }
        }
        guard south <= north else { return nil }
        guard let cut = Self.widestGap(touched) else {
            return GeoBounds(south: south, west: -180, north: north, east: 180)
        }
        var west = (shifted: Double.infinity, lon: 0.0), east = (shifted: -Double.infinity, lon: 0.0)
        for feature in features {
            for geometry in feature.geometries {
                for position in geometry.positions {
                    let turned = cut + (position.lon - cut).truncatingRemainder(dividingBy: 360)
                    let shifted = turned < cut ? turned + 360 : turned
                    if shifted < west.shifted { west = (shifted, position.lon) }
                    if shifted > east.shifted { east = (shifted, position.lon) }
                }
            }
        }
        return GeoBounds(south: south, west: Self.wrapped(west.lon), north: north, east: Self.wrapped(east.lon))
    }

    /// A longitude wrapped into -180...180, untouched (not rounded) when it is already.
    private static func wrapped(_ lon: Double) -> Double {
        (-180...180).contains(lon) ? lon : LatLon.wrapLongitude(lon)
    }

    /// Marks the whole degrees of longitude from `start` to `end` (continuous degrees) as touched.
    private static func touch(from start: Double, to end: Double, _ touched: inout [Bool]) {
        let low = min(start, end), high = max(start, end)
        guard high - low < 360 else {
            touched = [Bool](repeating: true, count: 360)
            return
        }
        var degree = low.rounded(.down)
        while degree <= high {
            // checked: finite (high - low < 360), wrapped into -180...180
            touched[Int(LatLon.wrapLongitude(degree).rounded(.down)) + 180] = true
            degree += 1
        }
    }

    /// A longitude in the middle of the first degree of the widest run of untouched degrees (the run
    /// may wrap round), or nil when every degree is touched.
    private static func widestGap(_ touched: [Bool]) -> Double? {
        guard let firstTouched = touched.firstIndex(of: true), touched.contains(false) else { return nil }
        var best = (start: 0, length: 0)
        var run = (start: firstTouched + 1, length: 0)
        for step in 1...360 {
            let index = (firstTouched + step) % 360
            if touched[index] {
                run = (index + 1, 0)
            } else {
                run.length += 1
                if run.length > best.length { best = run }
            }
        }
        return Double(best.start % 360) - 180 + 0.5
    }
}
