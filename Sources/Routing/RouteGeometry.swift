import Foundation
import GeoCore

/// Distances between a point and a route's segments.
enum RouteGeometry {
    /// Metres from `p` to the segment `a`–`b`, in a tangent plane at `p` (segments of a road route are
    /// at most a few kilometres long, where the plane is within a few centimetres of the ellipsoid).
    static func metersToSegment(_ p: LatLon, _ a: LatLon, _ b: LatLon) -> Double {
        let metersPerDegree = 111_320.0
        let scale = cos(p.lat * .pi / 180)
        func local(_ q: LatLon) -> (x: Double, y: Double) {
            let dLon = LatLon.wrapLongitude(q.lon - p.lon)
            return (dLon * scale * metersPerDegree, (q.lat - p.lat) * metersPerDegree)
        }
        let (u, v) = (local(a), local(b))
        let (dx, dy) = (v.x - u.x, v.y - u.y)
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(1, max(0, -(u.x * dx + u.y * dy) / length2)) : 0
        let closest = LatLon(
            lat: p.lat + (u.y + t * dy) / metersPerDegree,
            lon: p.lon + (scale > 1e-9 ? (u.x + t * dx) / (scale * metersPerDegree) : 0))
        return Geodesy.distance(p, closest) * 1000
    }
}
