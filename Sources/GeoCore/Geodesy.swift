import Foundation

/// Distances and bearings on the WGS84 ellipsoid (`Geodesic`), and the spherical geometry behind
/// rankings, centres and drawn paths. Angles in degrees, distances in kilometres.
public enum Geodesy {
    /// Mean Earth radius in kilometres (IUGG).
    public static let earthRadiusKm = 6371.0088
    /// Equatorial circumference in metres of the Web Mercator sphere (radius 6 378 137 m).
    public static let earthCircumference = 2 * Double.pi * 6_378_137
    /// Kilometres in one statute mile.
    public static let kmPerMile = 1.609344

    /// Distance in kilometres along the geodesic on the WGS84 ellipsoid (`Geodesic.wgs84`): what every
    /// distance the program shows is.
    public static func distance(_ a: LatLon, _ b: LatLon) -> Double {
        Geodesic.wgs84.inverse(a, b).distance / 1000
    }

    /// Length in kilometres of a path on the WGS84 ellipsoid, its points joined by geodesics. Segments
    /// under 1 km are measured on the ellipsoid's tangent plane at their middle (meridian and prime
    /// vertical radii), which is within 0.1 mm of the geodesic there and a hundred times faster; longer
    /// ones by `Geodesic`. For the length of a long track in a pane drawn every frame.
    public static func pathLength(_ points: [LatLon]) -> Double {
        let geodesic = Geodesic.wgs84
        let a = geodesic.equatorialRadius, e2 = geodesic.flattening * (2 - geodesic.flattening)
        var metres = 0.0
        for (p, q) in zip(points, points.dropFirst()) {
            guard sphericalDistance(p, q) < 1 else {
                metres += geodesic.inverse(p, q).distance
                continue
            }
            let phi = (p.lat + q.lat) / 2 * .pi / 180
            let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            let north = (q.lat - p.lat) * .pi / 180 * a * (1 - e2) / (w * w * w)
            let east = LatLon.wrapLongitude(q.lon - p.lon) * .pi / 180 * a / w * cos(phi)
            metres += (north * north + east * east).squareRoot()
        }
        return metres / 1000
    }

    /// Great-circle distance in kilometres on the sphere of the mean Earth radius (haversine, stable for
    /// small and antipodal distances): up to 0.56 % off the ellipsoid, some 30 times faster than
    /// `distance`, for rankings and bounds that only compare.
    public static func sphericalDistance(_ a: LatLon, _ b: LatLon) -> Double {
        let p1 = a.lat * .pi / 180, p2 = b.lat * .pi / 180
        let dp = p2 - p1, dl = (b.lon - a.lon) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// Initial bearing from `a` towards `b` along the WGS84 geodesic, degrees clockwise from true north
    /// in 0..<360.
    public static func bearing(from a: LatLon, to b: LatLon) -> Double {
        let degrees = Geodesic.wgs84.inverse(a, b).azimuth1
        return degrees < 0 ? (degrees + 360 == 360 ? 0 : degrees + 360) : degrees
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

    /// Sum of WGS84 distances in kilometres from `point` to every one of `points`.
    public static func totalDistance(from point: LatLon, to points: [LatLon]) -> Double {
        points.reduce(0) { $0 + distance(point, $1) }
    }

    /// The geometric median on the sphere: the point that minimises the total great-circle distance.
    ///
    /// The total f(x) = Σ θᵢ (θᵢ the angle from x to pin i) has gradient −Σ uᵢ, uᵢ the unit tangent at x
    /// towards pin i; it is zero at a minimum away from the pins. From each start the Riemannian
    /// Weiszfeld step is taken: in the tangent plane at x, move by Σ uᵢ / Σ (1/θᵢ), the weighted mean of
    /// the pins' logarithms, and map back along the great circle; it stops when the step is below
    /// 10⁻¹³ rad (about a micrometre). A pin is a minimum of its own when |Σ uⱼ| ≤ 1 over the other pins
    /// (Kuhn's test), so pins are candidates too. Spread pins can leave several local minima, so the
    /// starts are the midpoint, every pin, and the best points of a 312-point Fibonacci sphere: 30 steps
    /// from each, then the three lowest run to convergence (ending on a pin that passes Kuhn's test
    /// once within 640 m of it, where the iteration crawls). The candidate with the least total wins
    /// (on a tie the earlier one: the midpoint before the pins, so two pins give their midpoint).
    public static func geometricMedian(_ points: [LatLon]) -> LatLon? {
        guard let first = points.first else { return nil }
        let pins = points.map(vector)
        var starts: [SIMD3<Double>] = []
        if let mid = midpoint(points) { starts.append(vector(mid)) }
        starts += pins
        starts += bestOfSphere(pins, keep: 4)
        var best = midpoint(points).map(vector) ?? vector(first)
        var bestTotal = total(best, pins)
        // A few steps from every start, then the three most promising run to convergence.
        let rough = starts.map { weiszfeld(from: $0, pins, steps: 30) }.map { ($0, total($0, pins)) }
        for (start, _) in rough.sorted(by: { $0.1 < $1.1 }).prefix(3) {
            let candidate = weiszfeld(from: start, pins)
            let t = total(candidate, pins)
            if t < bestTotal - 1e-12 { (best, bestTotal) = (candidate, t) }
        }
        for pin in pins where kuhnOptimal(pin, pins) {
            let t = total(pin, pins)
            if t < bestTotal - 1e-12 { (best, bestTotal) = (pin, t) }
        }
        guard let spherical = position(best) else { return nil }
        // A pin that is the minimum stays one; elsewhere the sphere's answer is moved to the ellipsoid's.
        if pins.contains(where: { angle($0, best) < 1e-15 }) { return spherical }
        return ellipsoidalMedian(from: spherical, points)
    }

    /// Weiszfeld's iteration on the WGS84 ellipsoid from `start` (near the minimum): in the azimuthal
    /// equidistant plane at x, pin i lies sᵢ metres away at azimuth αᵢ (`Geodesic.inverse`), and the
    /// step is Σ uᵢ / Σ (1/sᵢ), uᵢ the unit vector of αᵢ, turned into latitude and longitude by the
    /// meridian and prime-vertical radii. It stops when the step is below 0.1 mm; at the fixed point the
    /// unit vectors sum to zero, which is the condition for the least total WGS84 distance. Near a pole
    /// (where longitude steps lose meaning) or on a pin, `start` is kept.
    static func ellipsoidalMedian(from start: LatLon, _ points: [LatLon]) -> LatLon {
        guard abs(start.lat) < 89.99 else { return start }
        let geodesic = Geodesic.wgs84
        let a = geodesic.equatorialRadius, e2 = geodesic.flattening * (2 - geodesic.flattening)
        var x = start
        for _ in 0..<200 {
            var (east, north, weights) = (0.0, 0.0, 0.0)
            for point in points {
                let line = geodesic.inverse(x, point)
                guard line.distance > 1e-6 else { return x }
                let azimuth = line.azimuth1 * .pi / 180
                east += sin(azimuth)
                north += cos(azimuth)
                weights += 1 / line.distance
            }
            let (stepEast, stepNorth) = (east / weights, north / weights)
            let phi = x.lat * .pi / 180
            let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            let meridian = a * (1 - e2) / (w * w * w)
            let primeVertical = a / w
            x = LatLon(
                lat: min(max(x.lat + stepNorth / meridian * 180 / .pi, -89.99), 89.99),
                lon: LatLon.wrapLongitude(x.lon + stepEast / (primeVertical * cos(phi)) * 180 / .pi))
            if (stepEast * stepEast + stepNorth * stepNorth).squareRoot() < 1e-4 { break }
        }
        return x
    }

    /// Σ θᵢ in radians from unit vector `x` to the pins.
    static func total(_ x: SIMD3<Double>, _ pins: [SIMD3<Double>]) -> Double {
        pins.reduce(0) { $0 + angle(x, $1) }
    }

    /// The angle in radians between unit vectors, accurate near 0 and π (atan2 of cross and dot).
    @inline(__always)
    static func angle(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let c = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        return atan2((c * c).sum().squareRoot(), (a * b).sum())
    }

    /// Riemannian Weiszfeld iterations from `start` until the step is below 10⁻¹³ rad (at most `steps`).
    /// Within 10⁻⁴ rad (640 m) of a pin that passes Kuhn's test, where the iteration would crawl, it
    /// ends on that pin.
    static func weiszfeld(from start: SIMD3<Double>, _ pins: [SIMD3<Double>], steps: Int = 2000) -> SIMD3<Double> {
        var x = start
        for _ in 0..<steps {
            var step = SIMD3<Double>.zero
            var weights = 0.0
            for v in pins {
                let theta = angle(x, v)
                if theta < 1e-4 && kuhnOptimal(v, pins) { return v }
                if theta < 1e-15 { continue }  // on a pin: its term has no direction
                // The unit tangent at x towards v, and the weight 1/θ.
                let tangent = v - x * (x * v).sum()
                let length = (tangent * tangent).sum().squareRoot()
                guard length > 1e-300 else { continue }  // v is the antipode: every direction is as good
                step += tangent / length
                weights += 1 / theta
            }
            guard weights > 0 else { break }
            step /= weights
            let size = (step * step).sum().squareRoot()
            if size < 1e-13 { break }
            // Along the great circle through x in the direction of the step.
            x = x * cos(size) + step / size * sin(size)
            x /= (x * x).sum().squareRoot()
        }
        return x
    }

    /// Kuhn's test: a pin is a minimum when the unit tangents towards the other pins sum to at most 1.
    static func kuhnOptimal(_ pin: SIMD3<Double>, _ pins: [SIMD3<Double>]) -> Bool {
        var sum = SIMD3<Double>.zero
        var coincident = 0
        for v in pins {
            let tangent = v - pin * (pin * v).sum()
            let length = (tangent * tangent).sum().squareRoot()
            if angle(pin, v) < 1e-15 {
                coincident += 1
                continue
            }
            if length > 1e-300 { sum += tangent / length }
        }
        // Pins in the same spot add their weight to the pin's side of the test.
        return (sum * sum).sum().squareRoot() <= Double(coincident)
    }

    /// The `keep` points of least total among 312 points spread evenly over the sphere.
    static func bestOfSphere(_ pins: [SIMD3<Double>], keep: Int) -> [SIMD3<Double>] {
        let n = 312
        let golden = Double.pi * (3 - 5.0.squareRoot())
        var scored: [(Double, SIMD3<Double>)] = []
        scored.reserveCapacity(n)
        for i in 0..<n {
            let z = 1 - (Double(i) + 0.5) * 2 / Double(n)
            let r = (1 - z * z).squareRoot()
            let v = SIMD3(r * cos(golden * Double(i)), r * sin(golden * Double(i)), z)
            scored.append((total(v, pins), v))
        }
        return scored.sorted { $0.0 < $1.0 }.prefix(keep).map(\.1)
    }

    // MARK: Paths

    /// Points along the great circle from `a` to `b`, both ends included, at most `maxStepKm` apart.
    /// Longitudes are continuous (they may leave -180...180) so that a path crossing the antimeridian
    /// does not jump; `splitAtAntimeridian` cuts it for drawing.
    public static func greatCircle(from a: LatLon, to b: LatLon, maxStepKm: Double = 50) -> [LatLon] {
        let total = sphericalDistance(a, b)
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
