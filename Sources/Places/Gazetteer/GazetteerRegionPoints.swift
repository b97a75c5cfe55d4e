import Foundation
import GeoCore

/// The admin-1 label points of every country (`region_points.bin`, from Natural Earth 10m): one or more
/// points per state or province, with its name.
///
/// This stands in for admin-1 polygons where we ship none: a point's region is the region of the nearest
/// label point *of the same country*. That is a Voronoi approximation of the true borders: right well
/// inside a region, often a neighbour within a few tens of kilometres of a border, and coarse in very
/// large regions with a single label point (western Tibet lies ~1 000 km from Xizang's label point).
/// Regions with several parts (islands) have a point per part, which helps along coasts.
struct GazetteerRegionPoints: Sendable {
    /// Region names and the ADM0_A3 of their country, by region index.
    let names: [String]
    let countries: [String]
    /// Unit vectors (x, y, z) of the points, stride 3, sorted by region (so by country).
    private let vectors: [Double]
    /// The region index of each point.
    private let regionOfPoint: [Int32]
    /// The points of a country (ADM0_A3), as a range of point indices.
    private let pointsOfCountry: [String: Range<Int>]

    /// The number of label points.
    var pointCount: Int { regionOfPoint.count }

    /// Reads `region_points.bin`.
    init(bytes: [UInt8], file: String) throws {
        var reader = try GazetteerReader(bytes: bytes, file: file, kind: "LBLP")
        let scale = Double(try reader.count(limit: 10_000_000))
        guard scale > 0 else { throw reader.corrupt("zero scale") }
        let regionCount = try reader.count(limit: 1_000_000)
        var names: [String] = [], countries: [String] = []
        for _ in 0..<regionCount {
            names.append(try reader.string())
            countries.append(try reader.string())
        }
        let pointCount = try reader.count(limit: 10_000_000)
        var vectors: [Double] = [], regionOfPoint: [Int32] = []
        vectors.reserveCapacity(3 * pointCount)
        regionOfPoint.reserveCapacity(pointCount)
        var pointsOfCountry: [String: Range<Int>] = [:]
        var previous = (lon: 0, lat: 0)
        for index in 0..<pointCount {
            let region = try reader.count(limit: regionCount - 1)
            previous.lon += try reader.signed()
            previous.lat += try reader.signed()
            let lat = Double(previous.lat) / scale, lon = Double(previous.lon) / scale
            guard abs(lat) <= 90, abs(lon) <= 360 else { throw reader.corrupt("point \(lat), \(lon)") }
            let v = GazetteerSphere.unitVector(lat: lat, lon: lon)
            vectors.append(v.x)
            vectors.append(v.y)
            vectors.append(v.z)
            regionOfPoint.append(Int32(region))
            let country = countries[region]
            if let range = pointsOfCountry[country] {
                guard range.upperBound == index else { throw reader.corrupt("points of \(country) not together") }
                pointsOfCountry[country] = range.lowerBound..<(index + 1)
            } else {
                pointsOfCountry[country] = index..<(index + 1)
            }
        }
        try reader.finish()
        self.names = names
        self.countries = countries
        self.vectors = vectors
        self.regionOfPoint = regionOfPoint
        self.pointsOfCountry = pointsOfCountry
    }

    /// One label point of every region (by region index), degrees: of a region with several, the one
    /// nearest to their mean (the main part rather than an outlying island). Where a search result for
    /// the region points.
    func representativePoints() -> [Int: LatLon] {
        var sums: [Int: (x: Double, y: Double, z: Double)] = [:]
        for (index, region) in regionOfPoint.enumerated() {
            let sum = sums[Int(region)] ?? (0, 0, 0)
            sums[Int(region)] = (
                sum.x + vectors[3 * index], sum.y + vectors[3 * index + 1], sum.z + vectors[3 * index + 2]
            )
        }
        var best: [Int: (dot: Double, point: Int)] = [:]
        for (index, region) in regionOfPoint.enumerated() {
            guard let sum = sums[Int(region)] else { continue }
            let dot = sum.x * vectors[3 * index] + sum.y * vectors[3 * index + 1] + sum.z * vectors[3 * index + 2]
            if dot > best[Int(region)]?.dot ?? -.infinity { best[Int(region)] = (dot, index) }
        }
        return best.mapValues { entry in
            let x = vectors[3 * entry.point], y = vectors[3 * entry.point + 1], z = vectors[3 * entry.point + 2]
            return LatLon(lat: asin(max(-1, min(1, z))) * 180 / .pi, lon: atan2(y, x) * 180 / .pi)
        }
    }

    /// The region of the label point of `country` (ADM0_A3) nearest to `point`, with the great-circle
    /// distance to it in kilometres, if that is at most `maxKm`. Ties go to the earlier point.
    func nearestRegion(in country: String, to point: LatLon, maxKm: Double) -> (name: String, km: Double)? {
        guard let range = pointsOfCountry[country] else { return nil }
        let q = GazetteerSphere.unitVector(lat: point.lat, lon: point.lon)
        var best = -Double.infinity, bestIndex = -1
        for i in range {
            let dot = q.x * vectors[3 * i] + q.y * vectors[3 * i + 1] + q.z * vectors[3 * i + 2]
            if dot > best {
                best = dot
                bestIndex = i
            }
        }
        guard bestIndex >= 0 else { return nil }
        let km = GazetteerSphere.distanceKm(dot: best)
        guard km <= maxKm else { return nil }
        return (names[Int(regionOfPoint[bestIndex])], km)
    }
}

/// Unit vectors on the sphere, for nearest-neighbour searches that are exact across the antimeridian
/// and at the poles: the nearer point on the sphere is the one with the shorter chord.
enum GazetteerSphere {
    /// The unit vector of a position in degrees: x towards 0°N 0°E, z towards the north pole.
    static func unitVector(lat: Double, lon: Double) -> (x: Double, y: Double, z: Double) {
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// Great-circle kilometres between two unit vectors with dot product `dot` (for thresholds only;
    /// reported distances use `Geodesy.distance`).
    static func distanceKm(dot: Double) -> Double {
        acos(max(-1, min(1, dot))) * Geodesy.earthRadiusKm
    }
}
