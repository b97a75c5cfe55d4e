import Foundation

/// Geodesics on an ellipsoid of revolution: the shortest path between two points, its length and
/// azimuths, solved by the method of Karney's "Algorithms for geodesics" (J. Geodesy 87, 2013) — the
/// auxiliary sphere, the series of `GeodesicSeries`, a start from the spherical or astroid solution,
/// then Newton's method on the azimuth, with bisection as a safeguard — accurate to about 15 nm on
/// WGS84 for any pair of points, nearly antipodal ones included.
public struct Geodesic: Sendable {
    /// The WGS84 ellipsoid (a = 6 378 137 m, f = 1/298.257223563).
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// The answer of the inverse problem.
    public struct Inverse: Sendable, Hashable {
        /// Length of the geodesic, metres.
        public var distance: Double
        /// Azimuth at the first point, degrees clockwise from north in −180…180.
        public var azimuth1: Double
        /// Azimuth at the second point (the direction of travel there), degrees in −180…180.
        public var azimuth2: Double
    }

    /// Equatorial radius a, metres.
    public let equatorialRadius: Double
    /// Flattening f (oblate: 0 ≤ f < 1).
    public let flattening: Double
    private let polarRadius: Double
    private let secondEccentricitySquared: Double
    private let series: GeodesicSeries
    /// Below this sin σ₁₂ a short line is solved on the sphere of the mean latitude's radius.
    private let shortLineLimit: Double

    private static let tol0 = Double.ulpOfOne
    private static let tol1 = 200 * tol0
    private static let tolb = tol0 * tol0.squareRoot()
    private static let xThreshold = 1000 * tol0.squareRoot()
    private static let tiny = Double.leastNormalMagnitude.squareRoot()
    private static let newtonSteps = 20
    private static let maxSteps = newtonSteps + Double.significandBitCount + 11

    /// An ellipsoid of `equatorialRadius` metres and `flattening` in 0..<1.
    public init(equatorialRadius: Double, flattening: Double) {
        precondition(equatorialRadius > 0 && (0..<1).contains(flattening), "an oblate ellipsoid")
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        polarRadius = equatorialRadius * (1 - flattening)
        let e2 = flattening * (2 - flattening)
        secondEccentricitySquared = e2 / ((1 - flattening) * (1 - flattening))
        series = GeodesicSeries(n: flattening / (2 - flattening))
        shortLineLimit =
            0.1 * Self.tol0.squareRoot() / (max(0.001, flattening) * min(1, 1 - flattening / 2) / 2).squareRoot()
    }

    /// The shortest path from `a` to `b`: its length and its azimuths at both ends. Identical points
    /// are 0 m apart (their azimuths are those of a meridian).
    public func inverse(_ a: LatLon, _ b: LatLon) -> Inverse {
        var lon12 = Self.angleDifference(a.lon, b.lon)
        var lonSign: Double = lon12 >= 0 ? 1 : -1
        lon12 *= lonSign
        // Beyond 90°, from the supplement: exact when the points are nearly antipodal.
        let supplement = Self.sincos(degrees: 180 - lon12)
        let (slam12, clam12) = lon12 > 90 ? (supplement.sin, -supplement.cos) : Self.sincos(degrees: lon12)
        var (lat1, lat2) = (min(max(a.lat, -90), 90), min(max(b.lat, -90), 90))
        // Make |lat1| ≥ |lat2| and lat1 ≤ 0; undone on the azimuths at the end.
        let swapped = abs(lat1) < abs(lat2)
        if swapped {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign
        var p1 = reducedLatitude(lat1), p2 = reducedLatitude(lat2)
        // Make the two latitudes equal or opposite when they are, against rounding.
        if p1.cos < -p1.sin {
            if p2.cos == p1.cos { p2.sin = p2.sin < 0 ? p1.sin : -p1.sin }
        } else if abs(p2.sin) == -p1.sin {
            p2.cos = p1.cos
        }
        let ends = Ends(p1: p1, p2: p2, ep2: secondEccentricitySquared)
        let lam12 = lon12 * .pi / 180
        var (salp1, calp1, salp2, calp2) = (0.0, 0.0, 0.0, 0.0)
        var distance: Double
        if let meridian = meridional(ends, slam12: slam12, clam12: clam12, pole: lat1 == -90) {
            (distance, salp1, calp1, salp2, calp2) = (meridian, slam12, clam12, 0, 1)
        } else if p1.sin == 0 && 180 - lon12 >= flattening * 180 {
            // Along the equator.
            (distance, salp1, calp1, salp2, calp2) = (equatorialRadius * lam12, 1, 0, 1, 0)
        } else {
            let start = startingAzimuth(ends, lam12: lam12, slam12: slam12, clam12: clam12)
            (salp1, calp1) = (start.salp1, start.calp1)
            if let short = start.shortLine {
                distance = short.sigma12 * polarRadius * short.dnm
                (salp2, calp2) = (short.salp2, short.calp2)
            } else {
                let solved = solve(ends, salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                distance = solved.distance
                (salp1, calp1, salp2, calp2) = (solved.salp1, solved.calp1, solved.salp2, solved.calp2)
            }
        }
        if swapped {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        let sign: Double = swapped ? -1 : 1
        return Inverse(
            distance: distance, azimuth1: atan2(sign * lonSign * salp1, sign * latSign * calp1) * 180 / .pi,
            azimuth2: atan2(sign * lonSign * salp2, sign * latSign * calp2) * 180 / .pi)
    }

    // MARK: Parts of the inverse problem

    /// sin and cos of a reduced latitude β (tan β = (1 − f) tan φ), cos kept away from 0 at the poles.
    struct Reduced {
        var sin: Double
        var cos: Double
    }

    /// The two ends on the auxiliary sphere, with √(1 + e′² sin² β) of each.
    struct Ends {
        var p1: Reduced
        var p2: Reduced
        var dn1: Double
        var dn2: Double

        init(p1: Reduced, p2: Reduced, ep2: Double) {
            self.p1 = p1
            self.p2 = p2
            dn1 = (1 + ep2 * p1.sin * p1.sin).squareRoot()
            dn2 = (1 + ep2 * p2.sin * p2.sin).squareRoot()
        }
    }

    private func reducedLatitude(_ latitude: Double) -> Reduced {
        let (s, c) = Self.sincos(degrees: latitude)
        let (ns, nc) = Self.normalized(s * (1 - flattening), c)
        return Reduced(sin: ns, cos: max(Self.tiny, nc))
    }

    /// The length of a meridian arc (the second point due north or south of the first, or the first at
    /// a pole), or nil when the shortest path is not the meridian.
    private func meridional(_ ends: Ends, slam12: Double, clam12: Double, pole: Bool) -> Double? {
        guard pole || slam12 == 0 else { return nil }
        let (calp1, calp2) = (clam12, 1.0)
        let (ssig1, csig1) = (ends.p1.sin, calp1 * ends.p1.cos)
        let (ssig2, csig2) = (ends.p2.sin, calp2 * ends.p2.cos)
        let sig12 = atan2(Self.positive(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let eps = flattening / (2 - flattening)  // k² = e′² on a meridian: ε = n
        let lengths = Self.lengths(
            eps, sig12: sig12, s1: (ssig1, csig1), s2: (ssig2, csig2), dn1: ends.dn1, dn2: ends.dn2)
        guard sig12 < 1 || lengths.m12 >= 0 else { return nil }
        return sig12 < 3 * Self.tiny ? 0 : lengths.s12 * polarRadius
    }

    /// Where Newton's method starts: the azimuth of the spherical solution (on a sphere of the mean
    /// latitude's radius for short lines, which then need no more), or of the astroid for nearly
    /// antipodal points.
    private func startingAzimuth(_ ends: Ends, lam12: Double, slam12: Double, clam12: Double) -> (
        salp1: Double, calp1: Double, shortLine: (sigma12: Double, dnm: Double, salp2: Double, calp2: Double)?
    ) {
        let (sbet1, cbet1, sbet2, cbet2) = (ends.p1.sin, ends.p1.cos, ends.p2.sin, ends.p2.cos)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let short = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var (somg12, comg12, dnm) = (slam12, clam12, 1.0)
        if short {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + secondEccentricitySquared * sbetm2).squareRoot()
            let omg12 = lam12 / ((1 - flattening) * dnm)
            (somg12, comg12) = (sin(omg12), cos(omg12))
        }
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if short && ssig12 < shortLineLimit {
            let (salp2, calp2) = Self.normalized(
                cbet1 * somg12,
                sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12))
            let (s, c) = Self.normalized(salp1, calp1)
            return (s, c, (atan2(ssig12, csig12), dnm, salp2, calp2))
        }
        let n = flattening / (2 - flattening)
        if !(abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1) {
            (salp1, calp1) = antipodalStart(ends, slam12: slam12, clam12: clam12, sbet12a: sbet12a)
        }
        guard salp1 > 0 else { return (1, 0, nil) }
        let (s, c) = Self.normalized(salp1, calp1)
        return (s, c, nil)
    }

    /// The start for nearly antipodal points: the solution of the astroid problem (Karney 2013,
    /// section 5), or, close to the cut along the equator, a point on it.
    private func antipodalStart(_ ends: Ends, slam12: Double, clam12: Double, sbet12a: Double) -> (Double, Double) {
        let (sbet1, cbet1, cbet2) = (ends.p1.sin, ends.p1.cos, ends.p2.cos)
        let lam12x = atan2(-slam12, -clam12)  // λ₁₂ − π
        let k2 = sbet1 * sbet1 * secondEccentricitySquared
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let lamScale = flattening * cbet1 * series.a3(eps) * .pi
        let betScale = lamScale * cbet1
        let x = lam12x / lamScale
        let y = sbet12a / betScale
        if y > -Self.tol1 && x > -1 - Self.xThreshold {
            let salp1 = min(1, -x)
            return (salp1, -(1 - salp1 * salp1).squareRoot())
        }
        let k = Self.astroid(x, y)
        let omg12a = lamScale * (-x * k / (1 + k))
        let (somg12, comg12) = (sin(omg12a), -cos(omg12a))
        return (cbet2 * somg12, sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12))
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney 2013, eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// Newton's method on the azimuth at the first point until the geodesic reaches the second
    /// point's longitude, bisection keeping a bracket when a step fails.
    private func solve(_ ends: Ends, salp1 s: Double, calp1 c: Double, slam12: Double, clam12: Double) -> (
        distance: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double
    ) {
        var (salp1, calp1) = (s, c)
        var (salp1a, calp1a, salp1b, calp1b) = (Self.tiny, 1.0, Self.tiny, -1.0)
        var (newton, bisected) = (false, false)
        var step = lambda12(ends, salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12, derivative: true)
        for count in 0..<Self.maxSteps {
            let v = step.lambda12
            if bisected || !(abs(v) >= (newton ? 8 : 1) * Self.tol0) { break }
            if v > 0 && (count > Self.newtonSteps || calp1 / salp1 > calp1b / salp1b) {
                (salp1b, calp1b) = (salp1, calp1)
            } else if v < 0 && (count > Self.newtonSteps || calp1 / salp1 < calp1a / salp1a) {
                (salp1a, calp1a) = (salp1, calp1)
            }
            var moved = false
            if count < Self.newtonSteps && step.derivative > 0 {
                let dalp1 = -v / step.derivative
                if abs(dalp1) < .pi {
                    let (sd, cd) = (sin(dalp1), cos(dalp1))
                    let nsalp1 = salp1 * cd + calp1 * sd
                    if nsalp1 > 0 {
                        (salp1, calp1) = Self.normalized(nsalp1, calp1 * cd - salp1 * sd)
                        newton = abs(v) <= 16 * Self.tol0
                        moved = true
                    }
                }
            }
            if !moved {
                (salp1, calp1) = Self.normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
                newton = false
                bisected =
                    abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
                    || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
            }
            step = lambda12(
                ends, salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12,
                derivative: count + 1 < Self.newtonSteps)
        }
        let lengths = Self.lengths(
            step.eps, sig12: step.sig12, s1: step.sigma1, s2: step.sigma2, dn1: ends.dn1, dn2: ends.dn2)
        return (lengths.s12 * polarRadius, salp1, calp1, step.salp2, step.calp2)
    }

    /// One evaluation along the geodesic leaving the first point at azimuth α₁.
    struct Lambda12 {
        /// λ₁₂(α₁) minus the wanted λ₁₂, radians.
        var lambda12: Double
        /// dλ₁₂/dα₁ (0 when not asked for).
        var derivative: Double
        var salp2: Double
        var calp2: Double
        var sig12: Double
        var sigma1: (Double, Double)
        var sigma2: (Double, Double)
        var eps: Double
    }

    /// The longitude difference the geodesic at azimuth α₁ makes up to the second point's latitude,
    /// less the wanted one (Karney 2013, eqs. 5–8 and 39–41), and its derivative.
    private func lambda12(
        _ ends: Ends, salp1: Double, calp1 c: Double, slam12: Double, clam12: Double, derivative: Bool
    ) -> Lambda12 {
        let (sbet1, cbet1, sbet2, cbet2) = (ends.p1.sin, ends.p1.cos, ends.p2.sin, ends.p2.cos)
        // An equatorial start heading due north or south is nudged, so that it leaves the equator.
        let calp1 = sbet1 == 0 && c == 0 ? -Self.tiny : c
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        let (ssig1, csig1) = Self.normalized(sbet1, calp1 * cbet1)
        let (somg1, comg1) = (salp0 * sbet1, calp1 * cbet1)
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? (calp1 * cbet1 * calp1 * cbet1
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        let (ssig2, csig2) = Self.normalized(sbet2, calp2 * cbet2)
        let (somg2, comg2) = (salp0 * sbet2, calp2 * cbet2)
        let sig12 = atan2(Self.positive(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = Self.positive(comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam12 - comg12 * slam12, comg12 * clam12 + somg12 * slam12)
        let k2 = calp0 * calp0 * secondEccentricitySquared
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = series.c3(eps)
        let b312 =
            GeodesicSeries.sineSum(c3, sin: ssig2, cos: csig2) - GeodesicSeries.sineSum(c3, sin: ssig1, cos: csig1)
        let domg12 = -flattening * series.a3(eps) * salp0 * (sig12 + b312)
        var result = Lambda12(
            lambda12: eta + domg12, derivative: 0, salp2: salp2, calp2: calp2, sig12: sig12,
            sigma1: (ssig1, csig1), sigma2: (ssig2, csig2), eps: eps)
        if derivative {
            if calp2 == 0 {
                result.derivative = -2 * (1 - flattening) * ends.dn1 / sbet1
            } else {
                let m12 = Self.lengths(
                    eps, sig12: sig12, s1: (ssig1, csig1), s2: (ssig2, csig2), dn1: ends.dn1, dn2: ends.dn2
                ).m12
                result.derivative = m12 * (1 - flattening) / (calp2 * cbet2)
            }
        }
        return result
    }

    /// The distance s₁₂ / b and the reduced length m₁₂ / b between two points of a geodesic at arc
    /// lengths σ₁ and σ₂ on the auxiliary sphere (Karney 2013, eqs. 15–18 and 38–43).
    static func lengths(
        _ eps: Double, sig12: Double, s1: (Double, Double), s2: (Double, Double), dn1: Double, dn2: Double
    ) -> (s12: Double, m12: Double) {
        let (ssig1, csig1) = s1, (ssig2, csig2) = s2
        let c1 = GeodesicSeries.c1(eps), c2 = GeodesicSeries.c2(eps)
        let a1m1 = GeodesicSeries.a1Minus1(eps), a2m1 = GeodesicSeries.a2Minus1(eps)
        let a1 = 1 + a1m1, a2 = 1 + a2m1
        let b1 =
            GeodesicSeries.sineSum(c1, sin: ssig2, cos: csig2) - GeodesicSeries.sineSum(c1, sin: ssig1, cos: csig1)
        let b2 =
            GeodesicSeries.sineSum(c2, sin: ssig2, cos: csig2) - GeodesicSeries.sineSum(c2, sin: ssig1, cos: csig1)
        let j12 = (a1m1 - a2m1) * sig12 + (a1 * b1 - a2 * b2)
        let m12 = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (a1 * (sig12 + b1), m12)
    }

    // MARK: Angles

    /// `to − from` in degrees, reduced to −180…180.
    static func angleDifference(_ from: Double, _ to: Double) -> Double {
        var d = (to.truncatingRemainder(dividingBy: 360) - from.truncatingRemainder(dividingBy: 360))
        d = d.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// sin and cos of an angle in degrees, exact at multiples of 90° (the quadrant is taken first).
    static func sincos(degrees: Double) -> (sin: Double, cos: Double) {
        let quarter = (degrees / 90).rounded()
        let r = (degrees - 90 * quarter) * .pi / 180
        let (s, c) = (sin(r), cos(r))
        switch ((quarter.truncatingRemainder(dividingBy: 4)) + 4).truncatingRemainder(dividingBy: 4) {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// x when it is above zero, else +0 (Swift's `max(0, -0.0)` is −0, which would turn an angle of π
    /// into −π in `atan2`).
    static func positive(_ x: Double) -> Double { x > 0 ? x : 0 }

    /// (x, y) scaled to unit length.
    static func normalized(_ x: Double, _ y: Double) -> (Double, Double) {
        let length = hypot(x, y)
        return (x / length, y / length)
    }
}
