import Foundation
import GeoCore
import TestSupport
import Testing

@Suite struct TileCoverTests {
    /// Every dot of the viewport lies in some tile of the cover, and every tile touches the viewport.
    @Test func coverIsExactForRandomViews() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let camera = Camera(
                center: LatLon(lat: .random(in: -80...80, using: &rng), lon: .random(in: -180..<180, using: &rng)),
                zoom: .random(in: 0...16, using: &rng))
            let viewport = Viewport(cols: .random(in: 10...200, using: &rng), rows: .random(in: 5...60, using: &rng))
            let transform = ViewTransform(camera: camera, viewport: viewport)
            let z = Int(camera.zoom.rounded(.down))
            let cover = Set(transform.tileCover(zoom: z))
            let n = Double(1 << z)
            for _ in 0..<50 {
                let world = transform.world(
                    dotX: .random(in: 0..<Double(viewport.dotsWide), using: &rng),
                    dotY: .random(in: 0..<Double(viewport.dotsHigh), using: &rng))
                guard world.y >= 0, world.y < 1 else { continue }
                let tile = TileID(z: z, x: Int((world.x * n).rounded(.down)), y: Int((world.y * n).rounded(.down)))
                #expect(cover.contains(tile), "\(tile) missing for \(camera)")
            }
            for tile in cover {
                let (x, y) = transform.dots(tile.origin)
                let size = transform.scale / n
                #expect(x < Double(viewport.dotsWide) && x + size > 0 && y < Double(viewport.dotsHigh) && y + size > 0)
            }
        }
    }

    @Test func antimeridianViewWrapsColumns() {
        let camera = Camera(center: LatLon(lat: 0, lon: 180), zoom: 2)
        let cover = ViewTransform(camera: camera, viewport: Viewport(cols: 100, rows: 20)).tileCover(zoom: 2)
        let columns = Set(cover.map(\.wrapped.x))
        #expect(columns.contains(3) && columns.contains(0))
        #expect(cover.allSatisfy { $0.isValidRow })
    }

    @Test func polesAreNotCoveredTwice() {
        let camera = Camera(center: LatLon(lat: 85, lon: 0), zoom: 1)
        let cover = ViewTransform(camera: camera, viewport: Viewport(cols: 160, rows: 48)).tileCover(zoom: 1)
        #expect(cover.allSatisfy { $0.y >= 0 && $0.y < 2 })
    }

    @Test func tmsRowFlips() {
        #expect(TileID(z: 3, x: 1, y: 0).tmsRow == 7)
        #expect(TileID(z: 3, x: -1, y: 2).wrapped == TileID(z: 3, x: 7, y: 2))
        #expect(TileID(z: 5, x: 17, y: 9).ancestor(at: 3) == TileID(z: 3, x: 4, y: 2))
    }

    @Test func visibleBoundsCrossTheAntimeridian() {
        let transform = ViewTransform(
            camera: Camera(center: LatLon(lat: 0, lon: 179), zoom: 6), viewport: Viewport(cols: 80, rows: 24))
        let bounds = transform.bounds
        #expect(bounds.crossesAntimeridian)
        #expect(bounds.contains(LatLon(lat: 0, lon: -179.9)) && bounds.contains(LatLon(lat: 0, lon: 179.5)))
    }
}
