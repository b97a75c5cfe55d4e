import Foundation
import GeoCore

/// Named polygons for point-in-polygon tests: the countries (`countries.bin`) or the admin-1 units
/// (`regions.bin`) of the gazetteer.
///
/// Hot data lives in flat arrays: every vertex as (lon, lat) in degrees with stride 2, ring offsets, and
/// a bounding box per ring and per feature for the pre-checks. A point is inside a feature when it lies
/// inside an odd number of the feature's rings (even-odd over all rings, so holes need no role). The
/// Natural Earth data is cut at ±180°, so a point whose longitude is wrapped into -180..<180 finds Russia
/// and Fiji on either side; a ring that does cross the antimeridian is stored with continuous
/// longitudes (beyond ±180) by the tool and is tested at lon, lon + 360 and lon − 360.
struct GazetteerPolygons: Sendable {
    /// One named feature. Bounds are degrees; west/east may leave -180...180 (continuous longitudes).
    struct Feature: Sendable, Hashable {
        /// Display name ("France", "California").
        var name: String
        /// ISO code: 3166-1 alpha-2 for countries, 3166-2 for regions; empty when Natural Earth has none.
        var code: String
        /// ADM0_A3 of the country itself (countries) or of the country it belongs to (regions).
        var parent: String
        /// Indices of the feature's rings.
        var rings: Range<Int>
        var west: Double, south: Double, east: Double, north: Double
    }

    /// Kilometres per degree of latitude (and of longitude at the equator) on the mean-radius sphere.
    static let kmPerDegree = Geodesy.earthRadiusKm * Double.pi / 180

    let features: [Feature]
    /// Feature indices by ascending bounding-box area: the order of containment tests, so that an
    /// enclave wins over the country around it even where that country's polygon has no hole.
    let testOrder: [Int]
    /// lon, lat in degrees of every vertex, ring after ring (rings are implicitly closed).
    private let coordinates: [Double]
    /// Vertices of ring `r` are `ringStart[r]..<ringStart[r + 1]`.
    private let ringStart: [Int]
    /// west, south, east, north of ring `r` at `4r..<4r + 4`.
    private let ringBounds: [Double]

    // MARK: Loading

    /// Reads a polygon layer file of `kind` ("CTRY" or "ADM1").
    init(bytes: [UInt8], file: String, kind: String) throws {
        var reader = try GazetteerReader(bytes: bytes, file: file, kind: kind)
        let scale = Double(try reader.count(limit: 10_000_000))
        guard scale > 0 else { throw reader.corrupt("zero scale") }
        let featureCount = try reader.count(limit: 100_000)
        var features: [Feature] = []
        var coordinates: [Double] = []
        var ringStart = [0]
        var ringBounds: [Double] = []
        features.reserveCapacity(featureCount)
        for _ in 0..<featureCount {
            let name = try reader.string(), code = try reader.string(), parent = try reader.string()
            let ringCount = try reader.count(limit: 1_000_000)
            let firstRing = ringStart.count - 1
            var previous = (lon: 0, lat: 0)
            var box = GazetteerBox.empty
            for _ in 0..<ringCount {
                let vertexCount = try reader.count(limit: 10_000_000)
                guard vertexCount >= 3 else { throw reader.corrupt("ring with \(vertexCount) vertices") }
                var ring = GazetteerBox.empty
                for _ in 0..<vertexCount {
                    previous.lon += try reader.signed()
                    previous.lat += try reader.signed()
                    let lon = Double(previous.lon) / scale, lat = Double(previous.lat) / scale
                    guard abs(lat) <= 90, abs(lon) <= 540 else { throw reader.corrupt("vertex \(lat), \(lon)") }
                    coordinates.append(lon)
                    coordinates.append(lat)
                    ring.include(lon: lon, lat: lat)
                }
                ringStart.append(coordinates.count / 2)
                ringBounds += [ring.west, ring.south, ring.east, ring.north]
                box.include(ring)
            }
            features.append(
                Feature(
                    name: name, code: code, parent: parent, rings: firstRing..<(firstRing + ringCount),
                    west: box.west, south: box.south, east: box.east, north: box.north))
        }
        try reader.finish()
        self.features = features
        self.coordinates = coordinates
        self.ringStart = ringStart
        self.ringBounds = ringBounds
        let areas = features.map { max(0, $0.east - $0.west) * max(0, $0.north - $0.south) }
        testOrder = features.indices.sorted { (areas[$0], $0) < (areas[$1], $1) }
    }

    // MARK: Containment

    /// The centre of the bounding box of the feature's largest ring (by box area in square degrees):
    /// where a search result for the feature points (the mainland, not the bounding box of every island).
    func mainCenter(of feature: Int) -> LatLon {
        var best = -1.0
        var center = LatLon(lat: 0, lon: 0)
        for ring in features[feature].rings {
            let b = 4 * ring
            let area = (ringBounds[b + 2] - ringBounds[b]) * (ringBounds[b + 3] - ringBounds[b + 1])
            if area > best {
                best = area
                center = LatLon(
                    lat: (ringBounds[b + 1] + ringBounds[b + 3]) / 2,
                    lon: LatLon.wrapLongitude((ringBounds[b] + ringBounds[b + 2]) / 2))
            }
        }
        return center
    }

    /// True when the point (degrees, `lon` in -180..<180) is inside `feature` by the even-odd rule.
    /// Points on an edge count as inside on the west and south sides, outside on the east and north.
    func contains(_ feature: Int, lon: Double, lat: Double) -> Bool {
        let f = features[feature]
        guard lat >= f.south, lat <= f.north,
            Self.spans(west: f.west, east: f.east, lon) || Self.spans(west: f.west, east: f.east, lon + 360)
                || Self.spans(west: f.west, east: f.east, lon - 360)
        else { return false }
        var inside = false
        for ring in f.rings where ringContains(ring, lon: lon, lat: lat) { inside.toggle() }
        return inside
    }

    /// The first feature of `candidates` containing the point, in the given order.
    func firstContaining(lon: Double, lat: Double, among candidates: [Int]) -> Int? {
        candidates.first { contains($0, lon: lon, lat: lat) }
    }

    /// A ring contains a point when it does at lon, lon + 360 or lon − 360 (a ring spans < 360°, so at
    /// most one of them can hit; treating each ring on the cylinder keeps holes of an unwrapped ring right).
    private func ringContains(_ ring: Int, lon: Double, lat: Double) -> Bool {
        let b = 4 * ring
        guard lat >= ringBounds[b + 1], lat <= ringBounds[b + 3] else { return false }
        let west = ringBounds[b], east = ringBounds[b + 2]
        for x in [lon, lon + 360, lon - 360] where x >= west && x <= east {
            if evenOdd(ring, x: x, y: lat) { return true }
        }
        return false
    }

    /// Ray casting towards +x: an odd number of edge crossings means inside.
    private func evenOdd(_ ring: Int, x: Double, y: Double) -> Bool {
        let start = ringStart[ring], end = ringStart[ring + 1]
        var inside = false
        var j = end - 1
        for i in start..<end {
            let xi = coordinates[2 * i], yi = coordinates[2 * i + 1]
            let xj = coordinates[2 * j], yj = coordinates[2 * j + 1]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    private static func spans(west: Double, east: Double, _ lon: Double) -> Bool { lon >= west && lon <= east }

    // MARK: Nearest outline

    /// The feature of `candidates` whose outline passes nearest to the point, with that distance in
    /// kilometres, if it is at most `maxKm`. Distances are measured on a local equirectangular projection
    /// around the point: good to a few per cent for the few kilometres this is meant for (snapping points
    /// that the coarse 50m coastline leaves just offshore). Ties go to the earlier candidate.
    func nearestOutline(lon: Double, lat: Double, maxKm: Double, among candidates: [Int]) -> (feature: Int, km: Double)?
    {
        let kx = max(cos(lat * .pi / 180), 1e-9) * Self.kmPerDegree, ky = Self.kmPerDegree
        let marginLat = maxKm / ky, marginLon = min(360, maxKm / kx)
        var best: (feature: Int, km: Double)?
        for feature in candidates {
            let f = features[feature]
            guard lat >= f.south - marginLat, lat <= f.north + marginLat else { continue }
            for ring in f.rings {
                let b = 4 * ring
                guard lat >= ringBounds[b + 1] - marginLat, lat <= ringBounds[b + 3] + marginLat else { continue }
                for x in [lon, lon + 360, lon - 360]
                where x >= ringBounds[b] - marginLon && x <= ringBounds[b + 2] + marginLon {
                    let km = distanceToOutline(ring, x: x, y: lat, kx: kx, ky: ky)
                    if km <= maxKm, km < (best?.km ?? .infinity) { best = (feature, km) }
                }
            }
        }
        return best
    }

    /// Kilometres from (x, y) to the nearest edge of `ring`, with `kx`, `ky` km per degree.
    private func distanceToOutline(_ ring: Int, x: Double, y: Double, kx: Double, ky: Double) -> Double {
        let start = ringStart[ring], end = ringStart[ring + 1]
        var best = Double.infinity
        var j = end - 1
        for i in start..<end {
            let ax = (coordinates[2 * j] - x) * kx, ay = (coordinates[2 * j + 1] - y) * ky
            let bx = (coordinates[2 * i] - x) * kx, by = (coordinates[2 * i + 1] - y) * ky
            let dx = bx - ax, dy = by - ay
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length2)) : 0
            let px = ax + t * dx, py = ay + t * dy
            best = min(best, px * px + py * py)
            j = i
        }
        return best.squareRoot()
    }
}

/// A growing bounding box in degrees, for building `GazetteerPolygons`.
struct GazetteerBox {
    var west: Double, south: Double, east: Double, north: Double

    /// The box of nothing: including any point makes it that point.
    static let empty = GazetteerBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)

    mutating func include(lon: Double, lat: Double) {
        west = min(west, lon)
        south = min(south, lat)
        east = max(east, lon)
        north = max(north, lat)
    }

    mutating func include(_ other: GazetteerBox) {
        include(lon: other.west, lat: other.south)
        include(lon: other.east, lat: other.north)
    }
}
