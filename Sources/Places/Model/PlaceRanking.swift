import GeoCore

/// The one ordering every `PlaceSource` uses, so that sources agree on which places survive a `limit`.
///
/// Rank = great-circle distance (`Geodesy.sphericalDistance`, km) from `center(of: region)`, smaller first; equal
/// distances (places in one spot) are ordered by `id` (Swift `String` `<`). Nothing else counts: no
/// kind is preferred, so the result depends only on positions and ids.
public enum PlaceRanking {
    /// The centre of a region in degrees: the middle latitude and the middle of the longitude span,
    /// measured eastwards from `west` (so it lies on the antimeridian side for a region crossing it),
    /// wrapped into -180..<180.
    public static func center(of region: GeoBounds) -> LatLon {
        LatLon(lat: (region.south + region.north) / 2, lon: LatLon.wrapLongitude(region.west + lonSpan(of: region) / 2))
    }

    /// The width of a region in degrees of longitude, 0...360, honouring antimeridian crossing.
    public static func lonSpan(of region: GeoBounds) -> Double {
        let span = region.east - region.west
        if span >= 360 { return 360 }
        return span < 0 ? span + 360 : span
    }

    /// The great-circle distance in km from `center(of: region)` to the farthest point of the region's
    /// outline (sampled: 9 points per edge, corners included). Every point inside the region lies within it
    /// for regions smaller than a hemisphere.
    public static func radiusKm(of region: GeoBounds) -> Double {
        let c = center(of: region)
        let span = lonSpan(of: region)
        var farthest = 0.0
        for step in 0...8 {
            let f = Double(step) / 8
            let lat = region.south + (region.north - region.south) * f
            let lon = LatLon.wrapLongitude(region.west + span * f)
            for point in [
                LatLon(lat: region.south, lon: lon), LatLon(lat: region.north, lon: lon),
                LatLon(lat: lat, lon: region.west), LatLon(lat: lat, lon: region.east),
            ] {
                farthest = max(farthest, Geodesy.sphericalDistance(c, point))
            }
        }
        return farthest
    }

    /// True when `a` ranks before `b` for a region centred at `center`.
    public static func precedes(_ a: Place, _ b: Place, center: LatLon) -> Bool {
        let da = Geodesy.sphericalDistance(center, a.coordinate)
        let db = Geodesy.sphericalDistance(center, b.coordinate)
        return da != db ? da < db : a.id < b.id
    }

    /// Applies the `PlaceSource` rules to candidates: keeps those passing `filter` inside `region` (the
    /// first of several with one `id`), ranks them and returns the first `limit`.
    public static func select(
        _ candidates: some Sequence<Place>, in region: GeoBounds, filter: PlaceFilter, limit: Int
    ) -> [Place] {
        guard limit > 0, !filter.kinds.isEmpty else { return [] }
        let c = center(of: region)
        var seen = Set<String>()
        var keyed: [(distance: Double, place: Place)] = []
        for place in candidates
        where filter.allows(place) && region.contains(place.coordinate) && seen.insert(place.id).inserted {
            keyed.append((Geodesy.sphericalDistance(c, place.coordinate), place))
        }
        keyed.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id }
        return keyed.prefix(limit).map(\.place)
    }
}
