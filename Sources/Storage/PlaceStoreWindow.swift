import Foundation
import GeoCore
import Places

/// The exact "nearest `limit`" search for a region holding far more places than `limit`.
///
/// Windows centred on `PlaceRanking.center(of: region)` with a fraction `s` of the region's half
/// height and half width are searched, growing `s`, until the `limit`-th nearest place found is closer
/// than every point outside the window can be:
/// - a point more than `h` degrees of latitude from the centre is more than `h` degrees of arc away;
/// - a point more than `w` degrees of longitude from the centre (either way) is at least
///   `asin(sin w · cos φ)` of arc away (its cross-track distance to the window's meridian) when
///   `w ≤ 90°`, and at least `90° − |φ|` when `w > 90°`.
/// The answer is then the same as `PlaceRanking.select` over the whole region. A window at `s = 1` is
/// the region itself, which always ends the search.
package enum PlaceStoreWindow {
    /// The first window's fraction of the region's half sizes (1/256 of its area).
    static let initialScale = 1.0 / 16

    /// Runs `lookup` on growing windows of `region` (each returns the ranked, limited places of the
    /// region inside the window) until the answer is exact; returns it.
    package static func search(_ region: GeoBounds, limit: Int, lookup: (GeoBounds) throws -> [Place]) throws -> [Place]
    {
        let center = PlaceRanking.center(of: region)
        let halfHeight = (region.north - region.south) / 2
        let halfWidth = PlaceRanking.lonSpan(of: region) / 2
        var scale = initialScale
        while true {
            if scale >= 1 { return try lookup(region) }
            let h = halfHeight * scale
            let w = halfWidth * scale
            let window = GeoBounds(
                south: center.lat - h, west: LatLon.wrapLongitude(center.lon - w),
                north: center.lat + h, east: LatLon.wrapLongitude(center.lon + w))
            let found = try lookup(window)
            if found.count >= limit, let last = found.last {
                let bound = outsideDistanceKm(center: center, halfHeight: h, halfWidth: w)
                if Geodesy.sphericalDistance(center, last.coordinate) < bound * (1 - 1e-9) { return found }
            }
            // Aim the next window at about twice `limit` places, growing at least 2× and at most 8× per side.
            let wanted = (2 * Double(limit) / Double(max(found.count, 1))).squareRoot()
            scale *= min(8, max(2, wanted))
        }
    }

    /// A lower bound in km of the great-circle distance from `center` to any point outside the window
    /// of half height `halfHeight` and half width `halfWidth` degrees around it.
    static func outsideDistanceKm(center: LatLon, halfHeight: Double, halfWidth: Double) -> Double {
        let radians = Double.pi / 180
        let latBound = halfHeight * radians
        let lonBound: Double
        if halfWidth >= 180 {
            lonBound = .infinity
        } else if halfWidth <= 90 {
            lonBound = asin(min(1, sin(halfWidth * radians) * cos(center.lat * radians)))
        } else {
            lonBound = (90 - abs(center.lat)) * radians
        }
        return min(latBound, lonBound) * Geodesy.earthRadiusKm
    }
}
