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

    /// One tile with a building and a coastline, each drawn by one style layer.
    static func store() -> MVTMemoryTileStore {
        let square: [(Int32, Int32)] = [(1000, 1000), (3000, 1000), (3000, 3000), (1000, 3000)]
        let tile = MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "building", keys: [], values: [],
                features: [MVTEncoder.Feature(type: .polygon, geometry: MVTGeometry.rings([square]))]),
            MVTEncoder.Layer(
                name: "coastline", keys: [], values: [],
                features: [
                    MVTEncoder.Feature(type: .lineString, geometry: MVTGeometry.lines([[(0, 2048), (4096, 2048)]]))
                ]),
        ])
        return MVTMemoryTileStore(tiles: [TileID(z: 14, x: 0, y: 0): tile], minZoom: 14, maxZoom: 14)
    }

    @Test func aTileGainsTheLayersOfADeeperZoomFromOneRead() throws {
        let store = Self.store()
        let renderer = MapRenderer(sources: [TileLoader(store: store)], style: Self.style)
        let tile = TileID(z: 14, x: 0, y: 0)
        let building = try #require(Self.style.layers.firstIndex { $0.id == "building" })
        let coastline = try #require(Self.style.layers.firstIndex { $0.id == "coastline" })

        guard case .ready(let atZ14) = renderer.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 14)) else {
            Issue.record("the tile is not ready")
            return
        }
        #expect(!atZ14.isPrepared[building] && atZ14.layers[building] == nil, "buildings start at z15")
        #expect(atZ14.layers[coastline] != nil)

        guard case .ready(let atZ15) = renderer.prepared(source: 0, tile: tile, layers: Self.shown(atZoom: 15)) else {
            Issue.record("the tile is not ready")
            return
        }
        #expect(atZ15.isPrepared[building] && atZ15.layers[building] != nil)
        #expect(atZ15.layers[coastline]?.points == atZ14.layers[coastline]?.points)
        #expect(store.readLog == [tile], "the decoded tile is reused")
    }
}
