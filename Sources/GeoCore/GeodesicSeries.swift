/// The series of Karney's "Algorithms for geodesics" (J. Geodesy 87, 2013) that turn integrals along a
/// geodesic on the auxiliary sphere into sums of sines, to order 6 in ε (eqs. 17–18, 24–25, 42–43).
/// ε is the small parameter of a geodesic, (√(1 + k²) − 1) / (√(1 + k²) + 1) with k² = e′² cos² α₀;
/// n = f / (2 − f) is the third flattening of the ellipsoid.
struct GeodesicSeries: Sendable {
    /// The coefficients of A₃ and C₃ₗ as polynomials in ε, their n-dependence evaluated for one
    /// ellipsoid: `a3[j]` multiplies ε^j; `c3[l][j]` multiplies ε^j in C₃ₗ (l = 1…5).
    private let a3: [Double]
    private let c3: [[Double]]

    init(n: Double) {
        let n2 = n * n
        a3 = [
            1, -(1.0 / 2 - n / 2), -(1.0 / 4 + n / 8 - 3 * n2 / 8), -(1.0 / 16 + 3 * n / 16 + n2 / 16),
            -(3.0 / 64 + n / 32), -3.0 / 128,
        ]
        c3 = [
            [],
            [0, 1.0 / 4 - n / 4, 1.0 / 8 - n2 / 8, 3.0 / 64 + 3 * n / 64 - n2 / 64, 5.0 / 128 + n / 64, 3.0 / 128],
            [0, 0, 1.0 / 16 - 3 * n / 32 + n2 / 32, 3.0 / 64 - n / 32 - 3 * n2 / 64, 3.0 / 128 + n / 128, 5.0 / 256],
            [0, 0, 0, 5.0 / 192 - 3 * n / 64 + 5 * n2 / 192, 3.0 / 128 - 5 * n / 192, 7.0 / 512],
            [0, 0, 0, 0, 7.0 / 512 - 7 * n / 256, 7.0 / 512],
            [0, 0, 0, 0, 0, 21.0 / 2560],
        ]
    }

    /// A₁ − 1: the distance integral's scale, (1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 − ε) − 1.
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ, l = 1…6 (lane 0 and 7 unused): the distance integral's sine terms.
    static func c1(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return [
            0, -eps / 2 + 3 * e3 / 16 - e5 / 32, -e2 / 16 + e4 / 32 - 9 * e6 / 2048, -e3 / 48 + 3 * e5 / 256,
            -5 * e4 / 512 + 3 * e6 / 512, -7 * e5 / 1280, -7 * e6 / 2048, 0,
        ]
    }

    /// A₂ − 1: the reduced length integral's scale, (1 + ε²/4 + 9ε⁴/64 + 25ε⁶/256)(1 − ε) − 1.
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (1.0 / 4 + e2 * (9.0 / 64 + e2 * 25 / 256))
        return t * (1 - eps) - eps
    }

    /// C₂ₗ, l = 1…6 (lanes 0 and 7 unused).
    static func c2(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return [
            0, eps / 2 + e3 / 16 + e5 / 32, 3 * e2 / 16 + e4 / 32 + 35 * e6 / 2048, 5 * e3 / 48 + 5 * e5 / 256,
            35 * e4 / 512 + 7 * e6 / 512, 63 * e5 / 1280, 77 * e6 / 2048, 0,
        ]
    }

    /// A₃: the longitude integral's scale.
    func a3(_ eps: Double) -> Double { Self.polynomial(a3, eps) }

    /// C₃ₗ, l = 1…5 (lanes 0, 6 and 7 unused).
    func c3(_ eps: Double) -> SIMD8<Double> {
        var result = SIMD8<Double>()
        for l in 1..<c3.count { result[l] = Self.polynomial(c3[l], eps) }
        return result
    }

    /// Σ cₗ sin 2lσ for l = 1…7, given sin σ and cos σ (Clenshaw summation); lane 0 is not read.
    static func sineSum(_ coefficients: SIMD8<Double>, sin s: Double, cos c: Double) -> Double {
        let twoCos2 = 2 * (c - s) * (c + s)
        var (next, nextButOne) = (0.0, 0.0)
        for l in stride(from: 7, through: 1, by: -1) {
            (next, nextButOne) = (twoCos2 * next - nextButOne + coefficients[l], next)
        }
        return 2 * s * c * next
    }

    private static func polynomial(_ coefficients: [Double], _ x: Double) -> Double {
        var value = 0.0
        for coefficient in coefficients.reversed() { value = value * x + coefficient }
        return value
    }
}
