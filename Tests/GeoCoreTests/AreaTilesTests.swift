import Foundation
import GeoCore
import TestSupport
import Testing

/// The tiles of an area come one at a time, in order, counted without being made.
@Suite struct AreaTilesTests {
    @Test func theWholeWorldAtZ0To22IsCountedAndStartsAtOnce() throws {
        let world = AreaTiles(.world, zooms: 0...22)
        #expect(world.count == ((1 << 46) - 1) / 3, "4^0 + 4^1 + … + 4^22 tiles")
        let start = Date()
        let first = Array(world.prefix(6))
        #expect(Date().timeIntervalSince(start) < 0.5, "the first tiles come without making the others")
        #expect(
            first == [
                TileID(z: 0, x: 0, y: 0), TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 0),
                TileID(z: 1, x: 0, y: 1), TileID(z: 1, x: 1, y: 1), TileID(z: 2, x: 0, y: 0),
            ])
    }

    @Test func blocksComeInOrderRowsFromTheNorthColumnsFromTheWest() {
        let tiles = AreaTiles(blocks: [
            .init(zoom: 3, columns: 6...7, rows: 2...3), .init(zoom: 3, columns: 0...0, rows: 2...3),
            .init(zoom: 4, columns: 5...5, rows: 9...9),
        ])
        #expect(tiles.count == 7)
        #expect(
            Array(tiles) == [
                TileID(z: 3, x: 6, y: 2), TileID(z: 3, x: 7, y: 2), TileID(z: 3, x: 6, y: 3), TileID(z: 3, x: 7, y: 3),
                TileID(z: 3, x: 0, y: 2), TileID(z: 3, x: 0, y: 3), TileID(z: 4, x: 5, y: 9),
            ])
        #expect(Array(AreaTiles(blocks: [])).isEmpty)
    }

    @Test func iteratingMatchesTheCountForSeededAreas() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<40 {
            let south = Double.random(in: -80...70, using: &generator)
            let west = Double.random(in: -180...179, using: &generator)
            let east = LatLon.wrapLongitude(west + .random(in: 0.01...40, using: &generator))
            let area = GeoBounds(
                south: south, west: west, north: min(south + .random(in: 0.01...15, using: &generator), 84),
                east: east)
            let tiles = AreaTiles(area, zooms: 0...7)
            let listed = Array(tiles)
            #expect(listed.count == tiles.count, "\(area)")
            #expect(Set(listed).count == listed.count, "no tile twice in \(area)")
            #expect(listed.map(\.z) == listed.map(\.z).sorted(), "zoom by zoom")
        }
    }
}
