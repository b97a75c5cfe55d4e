import Foundation

/// Great-circle geometry on a sphere of the mean Earth radius. Angles in degrees, distances in kilometres.
public enum Geodesy {
    /// Mean Earth radius in kilometres (IUGG).
    public static let earthRadiusKm = 6371.0088
    /// Equatorial circumference in metres of the Web Mercator sphere (radius 6 378 137 m).
    public static let earthCircumference = 2 * Double.pi * 6_378_137
    /// Kilometres in one statute mile.
    public static let kmPerMile = 1.609344

    /// Great-circle distance in kilometres (haversine, stable for small and antipodal distances).
    public static func distance(_ a: LatLon, _ b: LatLon) -> Double {
        let p1 = a.lat * .pi / 180, p2 = b.lat * .pi / 180
        let dp = p2 - p1, dl = (b.lon - a.lon) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// Initial bearing from `a` towards `b`, degrees clockwise from true north in 0..<360.
    public static func bearing(from a: LatLon, to b: LatLon) -> Double {
        let p1 = a.lat * .pi / 180, p2 = b.lat * .pi / 180
        let dl = (b.lon - a.lon) * .pi / 180
        let y = sin(dl) * cos(p2)
        let x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The 16-point compass name of a bearing in degrees ("N", "NNE", … "NNW").
    public static func compassPoint(_ bearing: Double) -> String {
        let names = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        let index = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360) / 22.5).rounded()) % 16
        return names[index]
    }

    // MARK: Unit vectors

    /// The unit vector (x towards 0°N 0°E, z towards the north pole) of a position.
    static func vector(_ p: LatLon) -> SIMD3<Double> {
        let lat = p.lat * .pi / 180, lon = p.lon * .pi / 180
        return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The position of a (not necessarily unit) vector; nil for the zero vector.
    static func position(_ v: SIMD3<Double>) -> LatLon? {
        let length = (v * v).sum().squareRoot()
        guard length > 1e-12 else { return nil }
        let u = v / length
        return LatLon(lat: asin(max(-1, min(1, u.z))) * 180 / .pi, lon: atan2(u.y, u.x) * 180 / .pi)
    }

    // MARK: Centres

    /// The geographic midpoint: the normalised mean of the points' unit vectors. Correct across the
    /// antimeridian and near the poles; nil when the points cancel out (for example two antipodes).
    public static func midpoint(_ points: [LatLon]) -> LatLon? {
        guard !points.isEmpty else { return nil }
        return position(points.reduce(SIMD3<Double>.zero) { $0 + vector($1) })
    }

    /// Sum of great-circle distances in kilometres from `point` to every one of `points`.
    public static func totalDistance(from point: LatLon, to points: [LatLon]) -> Double {
        points.reduce(0) { $0 + distance(point, $1) }
    }

    /// The geometric median on the sphere: the point that minimises the total great-circle distance.
    /// Weiszfeld iterations on unit vectors started at the midpoint; the best of the result, the
    /// midpoint and every input point is returned, so it is never worse than any of them.
    public static func geometricMedian(_ points: [LatLon], iterations: Int = 200) -> LatLon? {
        guard let first = points.first else { return nil }
        let vectors = points.map(vector)
        var current = midpoint(points).map(vector) ?? vector(first)
        for _ in 0..<iterations {
            var sum = SIMD3<Double>.zero
            var weights = 0.0
            for v in vectors {
                let angle = acos(max(-1, min(1, (v * current).sum())))
                if angle < 1e-12 { continue }
                let w = 1 / angle
                sum += v * w
                weights += w
            }
            guard weights > 0, let next = position(sum) else { break }
            let nextVector = vector(next)
            let moved = ((nextVector - current) * (nextVector - current)).sum()
            current = nextVector
            if moved < 1e-24 { break }
        }
        // The iteration's result first, then the midpoint, then the pins: on a tie (two pins have a
        // whole segment of medians) the earlier, more central candidate wins.
        let candidates = [position(current), midpoint(points)].compactMap { $0 } + points
        var best = candidates[0]
        var bestTotal = totalDistance(from: best, to: points)
        for candidate in candidates.dropFirst() {
            let total = totalDistance(from: candidate, to: points)
            if total < bestTotal - 1e-9 { (best, bestTotal) = (candidate, total) }
        }
        return best
    }

    // MARK: Paths

    /// Points along the great circle from `a` to `b`, both ends included, at most `maxStepKm` apart.
    /// Longitudes are continuous (they may leave -180...180) so that a path crossing the antimeridian
    /// does not jump; `splitAtAntimeridian` cuts it for drawing.
    public static func greatCircle(from a: LatLon, to b: LatLon, maxStepKm: Double = 50) -> [LatLon] {
        let total = distance(a, b)
        let steps = max(1, min(2000, Int((total / maxStepKm).rounded(.up))))
        let va = vector(a), vb = vector(b)
        let angle = total / earthRadiusKm
        var result: [LatLon] = []
        var previousLon = a.lon
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            let v: SIMD3<Double>
            if sin(angle) < 1e-12 {
                v = va * (1 - f) + vb * f
            } else {
                v = va * (sin((1 - f) * angle) / sin(angle)) + vb * (sin(f * angle) / sin(angle))
            }
            guard var p = position(v) else { continue }
            p.lon += ((previousLon - p.lon) / 360).rounded() * 360
            previousLon = p.lon
            result.append(p)
        }
        return result
    }

    /// Cuts a path with continuous longitudes into pieces whose longitudes all lie in -180...180,
    /// adding the crossing points on the antimeridian.
    public static func splitAtAntimeridian(_ path: [LatLon]) -> [[LatLon]] {
        guard var previous = path.first else { return [] }
        var pieces: [[LatLon]] = []
        var shift = -((previous.lon + 180) / 360).rounded(.down) * 360
        var current = [LatLon(lat: previous.lat, lon: previous.lon + shift)]
        for point in path.dropFirst() {
            let lon = point.lon + shift
            if lon > 180 || lon < -180 {
                let edge = lon > 180 ? 180.0 : -180.0
                let prevLon = previous.lon + shift
                let f = (edge - prevLon) / (lon - prevLon)
                let lat = previous.lat + (point.lat - previous.lat) * f
                current.append(LatLon(lat: lat, lon: edge))
                pieces.append(current)
                shift += lon > 180 ? -360 : 360
                current = [LatLon(lat: lat, lon: -edge)]
            }
            current.append(LatLon(lat: point.lat, lon: point.lon + shift))
            previous = point
        }
        pieces.append(current)
        return pieces.filter { $0.count > 1 }
    }
}
