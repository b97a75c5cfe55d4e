import Foundation

extension GeoBounds {
    /// The columns and rows of zoom `z` whose tiles meet this box, one range pair per part of the box
    /// (two when it crosses the antimeridian). Edges on a tile boundary do not take the next tile.
    public func tileRanges(atZoom z: Int) -> [(columns: ClosedRange<Int>, rows: ClosedRange<Int>)] {
        let n = 1 << z
        return parts.map { part in
            let northWest = Mercator.project(LatLon(lat: part.north, lon: part.west))
            let southEast = Mercator.project(LatLon(lat: part.south, lon: part.east))
            func index(_ value: Double, upper: Bool) -> Int {
                let scaled = value * Double(n)
                let cell = upper && scaled == scaled.rounded(.down) && scaled > 0 ? scaled - 1 : scaled
                return min(max(Int(cell.rounded(.down)), 0), n - 1)
            }
            let columns =
                index(
                    northWest.x, upper: false)...max(index(northWest.x, upper: false), index(southEast.x, upper: true))
            let rows =
                index(
                    northWest.y, upper: false)...max(index(northWest.y, upper: false), index(southEast.y, upper: true))
            return (columns, rows)
        }
    }

    /// How many tiles of zooms `zooms` meet this box (counted, not listed).
    public func tileCount(zooms: ClosedRange<Int>) -> Int { AreaTiles(self, zooms: zooms).count }

    /// Every tile of zoom `z` meeting this box, rows from the north, columns from the west.
    public func tiles(atZoom z: Int) -> [TileID] { Array(AreaTiles(self, zooms: z...z)) }

    /// The box of a circle of `radiusKm` around `center` (degrees of latitude and, at that latitude, of
    /// longitude; the whole longitude range when the circle reaches a pole or wraps the Earth).
    public static func around(_ center: LatLon, radiusKm: Double) -> GeoBounds {
        let dLat = radiusKm / 111.32
        let south = max(center.lat - dLat, -90), north = min(center.lat + dLat, 90)
        let cosine = cos(center.lat * .pi / 180)
        guard north < 90, south > -90, cosine > 1e-9, radiusKm / (111.32 * cosine) < 180 else {
            return GeoBounds(south: south, west: -180, north: north, east: 180)
        }
        let dLon = radiusKm / (111.32 * cosine)
        return GeoBounds(
            south: south, west: LatLon.wrapLongitude(center.lon - dLon), north: north,
            east: LatLon.wrapLongitude(center.lon + dLon) == -180 ? 180 : LatLon.wrapLongitude(center.lon + dLon))
    }
}
