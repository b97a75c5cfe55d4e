import Foundation
import GeoCore
import TestSupport
import Testing

/// The tiles meeting a box, checked against a scan of every tile's own box.
@Suite struct GeoBoundsTilesTests {
    /// A tile's box in degrees.
    static func box(_ tile: TileID) -> GeoBounds {
        let n = Double(1 << tile.z)
        let nw = Mercator.unproject(WorldPoint(x: Double(tile.x) / n, y: Double(tile.y) / n))
        let se = Mercator.unproject(WorldPoint(x: Double(tile.x + 1) / n, y: Double(tile.y + 1) / n))
        return GeoBounds(south: se.lat, west: nw.lon, north: nw.lat, east: se.lon)
    }

    /// True when two boxes (not crossing the antimeridian) share more than an edge.
    static func overlap(_ a: GeoBounds, _ b: GeoBounds) -> Bool {
        a.west < b.east && b.west < a.east && a.south < b.north && b.south < a.north
    }

    @Test func tilesMatchAScanOfEveryTile() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<60 {
            let south = Double.random(in: -80...70, using: &generator)
            let west = Double.random(in: -180...170, using: &generator)
            let area = GeoBounds(
                south: south, west: west, north: min(south + .random(in: 0.01...15, using: &generator), 84),
                east: min(west + .random(in: 0.01...20, using: &generator), 180))
            for z in [0, 2, 5, 7] {
                let n = 1 << z
                let scanned = Set(
                    (0..<n).flatMap { x in (0..<n).map { TileID(z: z, x: x, y: $0) } }.filter {
                        Self.overlap(Self.box($0), area)
                    })
                #expect(Set(area.tiles(atZoom: z)) == scanned, "\(area) z\(z)")
                #expect(area.tileCount(zooms: z...z) == scanned.count)
            }
        }
    }

    @Test func aBoxAcrossTheAntimeridianTakesBothEnds() {
        let area = GeoBounds(south: -10, west: 170, north: 10, east: -170)
        let columns = Set(area.tiles(atZoom: 3).map(\.x))
        #expect(columns == [0, 7])
    }

    @Test func aRadiusMakesABoxOfThatSize() {
        let box = GeoBounds.around(LatLon(lat: 60, lon: 25), radiusKm: 10)
        #expect(abs((box.north - box.south) * 111.32 - 20) < 0.01)
        #expect(abs((box.east - box.west) * 111.32 * cos(60 * Double.pi / 180) - 20) < 0.01)
        #expect(GeoBounds.around(LatLon(lat: 89.9, lon: 0), radiusKm: 50).west == -180)
    }
}
