import Foundation
import GeoCore
import Render
import TestSupport
import Testing
import VectorTiles

/// A frame over a source that fetches in the background: it lists the tiles it lacks, draws the nearest
/// loaded ancestor only over the squares of those tiles, and draws the real tiles once they are there.
@Suite struct PendingTileTests {
    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))

    /// A tile with one coastline (drawn at every zoom): a horizontal line at tile-local y (extent 4096),
    /// or a vertical one at x.
    static func coastline(horizontalAt y: Int32? = nil, verticalAt x: Int32? = nil) -> [UInt8] {
        let line: [(Int32, Int32)]
        if let y { line = [(0, y), (4096, y)] } else { line = [(x!, 0), (x!, 4096)] }
        return MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "coastline", keys: [], values: [],
                features: [MVTEncoder.Feature(type: .lineString, geometry: MVTGeometry.lines([line]))])
        ])
    }

    /// z0: a line across the world at y = 0.25; each z1 tile: a line across it at y = 0.854 of its side
    /// (world y ≈ 0.427 in the northern tiles, which the view shows; 0.927 in the southern ones).
    static func store() -> LatentTileStore {
        var tiles = [TileID(z: 0, x: 0, y: 0): coastline(horizontalAt: 1024)]
        for x in 0..<2 {
            for y in 0..<2 { tiles[TileID(z: 1, x: x, y: y)] = coastline(horizontalAt: 3500) }
        }
        return LatentTileStore(tiles: tiles, minZoom: 0, maxZoom: 1)
    }

    static let camera = Camera(center: LatLon(lat: 0, lon: 0), zoom: 1)
    static let viewport = Viewport(cols: 128, rows: 64)

    /// Cells with dots on the row of world y (0.25: the z0 line), split at world x = 0.5 into west and east.
    static func horizontalLine(in grid: CellGrid, worldY: Double = 0.25) -> (west: Int, east: Int) {
        let transform = ViewTransform(camera: camera, viewport: viewport)
        let (cx, cy) = transform.dots(WorldPoint(x: 0.5, y: worldY))
        let row = Int(cy) / 4, middle = Int(cx) / 2
        var west = 0, east = 0
        for col in 0..<grid.cols where grid[col, row].scalar != 0x20 {
            if col < middle - 1 { west += 1 } else if col > middle + 1 { east += 1 }
        }
        return (west, east)
    }

    @Test func aFrameListsTheTilesItLacksAndDrawsAnAncestorOnlyOverThem() {
        // The view shows world x 0.25...0.75 and y 0.25...0.75: parts of all four z1 tiles.
        let store = Self.store()
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: Self.style)

        _ = renderer.render(camera: Self.camera, viewport: Self.viewport)
        #expect(Set(renderer.pendingTiles.map(\.tile)).count == 4)
        #expect(Self.horizontalLine(in: renderer.render(camera: Self.camera, viewport: Self.viewport)) == (0, 0))
        #expect(renderer.pendingTiles.allSatisfy { $0.source == TileSourceID("1") && $0.tile.z == 1 })

        store.arrive([TileID(z: 0, x: 0, y: 0)])
        let onlyAncestor = Self.horizontalLine(in: renderer.render(camera: Self.camera, viewport: Self.viewport))
        #expect(onlyAncestor.west > 20 && onlyAncestor.east > 20)

        store.arrive([TileID(z: 1, x: 1, y: 0)])
        let half = Self.horizontalLine(in: renderer.render(camera: Self.camera, viewport: Self.viewport))
        #expect(half.west > 20, "the ancestor still stands in for the pending west tile")
        #expect(half.east == 0, "the loaded east tile is drawn alone, without its ancestor over it")
        #expect(!renderer.pendingTiles.contains { $0.tile == TileID(z: 1, x: 1, y: 0) })

        store.arrive((0..<2).flatMap { x in (0..<2).map { TileID(z: 1, x: x, y: $0) } })
        let all = Self.horizontalLine(in: renderer.render(camera: Self.camera, viewport: Self.viewport))
        #expect(all.west == 0 && all.east == 0)
        let own = Self.horizontalLine(
            in: renderer.render(camera: Self.camera, viewport: Self.viewport), worldY: 0.5 * 3500 / 4096)
        #expect(own.west > 20 && own.east > 20, "the z1 tiles' own lines")
        #expect(renderer.pendingTiles.isEmpty)
    }

    @Test func aClipBoxKeepsLinesAndFillsInside() {
        var canvas = DotCanvas(cols: 10, rows: 4)
        canvas.clip(to: DotBox(minX: 4, minY: 0, maxX: 10, maxY: 16))
        canvas.drawLine(x0: 0, y0: 1, x1: 19, y1: 1, color: TermColor(1))
        var crossings: [SIMD2<Double>] = []
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(20, 0), SIMD2(20, 16), SIMD2(0, 16)]
        canvas.fillPolygon(square, rings: [0..<4], color: TermColor(2), scratch: &crossings)
        let lit = (0..<10).filter { canvas.dots[$0] != 0 }
        let filled = (0..<10).filter { canvas.background[$0] == TermColor(2) }
        #expect(lit == [2, 3, 4])
        #expect(filled == [2, 3, 4])
    }
}
