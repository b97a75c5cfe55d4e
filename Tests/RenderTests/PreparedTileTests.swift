import Foundation
import GeoCore
import TestSupport
import Testing
import VectorTiles

@testable import Render

/// Tiles are prepared for the style layers their frame shows, and gain the others when a frame at
/// another zoom shows them, drawing what a renderer that prepared everything at once would draw.
@Suite struct PreparedTileTests {
    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))

    /// Style layers (indices) shown at `zoom`.
    static func shown(atZoom zoom: Double) -> [Int] {
        style.layers.indices.filter { style.layers[$0].isVisible(atZoom: zoom) }
    }

    /// The tile of the tests: south-east of 0°N 0°E.
    static let tileID = TileID(z: 14, x: 8192, y: 8192)

    /// One tile with a building and a coastline, each drawn by one style layer.
    static func tile() -> [UInt8] {
        let square: [(Int32, Int32)] = [(1000, 1000), (3000, 1000), (3000, 3000), (1000, 3000)]
        return MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "building", keys: [], values: [],
                features: [MVTEncoder.Feature(type: .polygon, geometry: MVTGeometry.rings([square]))]),
            MVTEncoder.Layer(
                name: "coastline", keys: [], values: [],
                features: [
                    MVTEncoder.Feature(type: .lineString, geometry: MVTGeometry.lines([[(0, 2048), (4096, 2048)]]))
                ]),
        ])
    }

    @Test func aTileGainsTheLayersOfADeeperZoomFromOneRead() throws {
        let store = MVTMemoryTileStore(tiles: [Self.tileID: Self.tile()], minZoom: 14, maxZoom: 14)
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: Self.style)
        let tile = Self.tileID
        let building = try #require(Self.style.layers.firstIndex { $0.id == "building" })
        let coastline = try #require(Self.style.layers.firstIndex { $0.id == "coastline" })

        guard case .ready(let atZ14) = renderer.builder.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 14))
        else {
            Issue.record("the tile is not ready")
            return
        }
        #expect(!atZ14.isPrepared[building] && atZ14.layers[building] == nil, "buildings start at z15")
        #expect(atZ14.layers[coastline] != nil)

        guard case .ready(let atZ15) = renderer.builder.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 15))
        else {
            Issue.record("the tile is not ready")
            return
        }
        #expect(atZ15.isPrepared[building] && atZ15.layers[building] != nil)
        #expect(atZ15.layers[coastline]?.points == atZ14.layers[coastline]?.points)
        #expect(store.readLog == [tile], "the decoded tile is reused")
    }

    /// A source that no longer holds a tile (a remote one that dropped it) when a deeper zoom wants
    /// more of its layers: the frame draws what the tile has prepared, lists it as pending, and draws
    /// the rest once the source has it again.
    @Test func aTileTheSourceLostIsDrawnWithWhatItHasUntilItComesBack() throws {
        let tile = Self.tileID
        let store = LatentTileStore(tiles: [tile: Self.tile()], minZoom: 14, maxZoom: 14)
        store.arrive([tile])
        let renderer = SnapshotMap(sources: [TileLoader(store: store, cacheCapacity: 0)], style: Self.style)
        let building = try #require(Self.style.layers.firstIndex { $0.id == "building" })
        guard case .ready = renderer.builder.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 14)) else {
            Issue.record("the tile is not ready")
            return
        }
        store.leave([tile])
        guard
            case .incomplete(let partial) = renderer.builder.prepared(
                source: 0, tile: tile, layers: Self.shown(atZoom: 15))
        else {
            Issue.record("the tile is not drawn with what it has")
            return
        }
        #expect(!partial.isPrepared[building])
        let camera = Camera(center: LatLon(lat: -0.005, lon: 0.005), zoom: 15)
        _ = renderer.render(camera: camera, viewport: Viewport(cols: 20, rows: 5))
        #expect(renderer.pendingTiles == [PendingTile(source: TileSourceID("1"), tile: tile)])
        #expect(renderer.lastSnapshot.drawnCounts == [TileSourceID("1"): 1])
        store.arrive([tile])
        guard case .ready(let whole) = renderer.builder.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 15))
        else {
            Issue.record("the tile is not ready again")
            return
        }
        #expect(whole.isPrepared[building] && whole.layers[building] != nil)
    }

    /// Rings and lines off the canvas are passed over, which changes nothing: a polygon over the view
    /// with one hole off it (left, on the view's rows) and one in it fills the cells a fill of every
    /// ring fills, and a line leaving the view draws the dots of the whole line.
    @Test func partsOffTheCanvasChangeNothing() throws {
        let style = try MapStyle.decode(
            from: Data(
                """
                {"name": "t", "background": 0, "layers": [
                 {"id": "f", "source-layer": "f", "type": "fill", "color": 4},
                 {"id": "l", "source-layer": "l", "type": "line", "color": 7}]}
                """.utf8))
        let outer: [(Int32, Int32)] = [(0, 0), (4096, 0), (4096, 4096), (0, 4096)]
        let offView: [(Int32, Int32)] = [(100, 1900), (100, 2200), (300, 2200), (300, 1900)]
        let inView: [(Int32, Int32)] = [(3000, 2000), (3000, 2100), (3100, 2100), (3100, 2000)]
        let line: [(Int32, Int32)] = [(100, 2050), (3050, 2060), (3060, 4000)]
        let tile = MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "f", keys: [], values: [],
                features: [MVTEncoder.Feature(type: .polygon, geometry: MVTGeometry.rings([outer, offView, inView]))]),
            MVTEncoder.Layer(
                name: "l", keys: [], values: [],
                features: [MVTEncoder.Feature(type: .lineString, geometry: MVTGeometry.lines([line]))]),
        ])
        let store = MVTMemoryTileStore(tiles: [TileID(z: 0, x: 0, y: 0): tile], minZoom: 0, maxZoom: 0)
        let camera = Camera(center: LatLon(lat: 0, lon: 90), zoom: 2)
        let viewport = Viewport(cols: 40, rows: 10)
        let grid = SnapshotMap(sources: [TileLoader(store: store)], style: style).render(
            camera: camera, viewport: viewport)

        let transform = ViewTransform(camera: camera, viewport: viewport)
        func dots(_ ring: [(Int32, Int32)]) -> [SIMD2<Double>] {
            ring.map {
                let (x, y) = transform.dots(WorldPoint(x: Double($0.0) / 4096, y: Double($0.1) / 4096))
                return SIMD2(x, y)
            }
        }
        var expected = DotCanvas(cols: viewport.cols, rows: viewport.rows, background: TermColor(0))
        let rings = [outer, offView, inView].map(dots)
        var crossings: [SIMD2<Double>] = []
        let ranges = rings.indices.map { i in
            let start = rings[..<i].reduce(0) { $0 + $1.count }
            return start..<start + rings[i].count
        }
        expected.fillPolygon(rings.flatMap { $0 }, rings: ranges[...], color: TermColor(4), scratch: &crossings)
        let path = dots(line)
        expected.drawPolyline(path, range: 0..<path.count, closed: false, color: TermColor(7))
        let backgrounds = grid.cells.map(\.style.bg)
        #expect(zip(backgrounds, expected.background).filter { $0 != $1 }.isEmpty)
        #expect(backgrounds.filter { $0 != TermColor(4) }.count >= 2, "the hole in the view")
        let dots = grid.cells.map { $0.scalar == 0x20 ? 0 : UInt8($0.scalar - 0x2800) }
        #expect(zip(dots, expected.dots).filter { $0 != $1 }.isEmpty)
        #expect(dots.filter { $0 != 0 }.count > 20)
    }
}
