import GeoCore
import Storage
import Testing
import VectorTiles

/// The generated world basemap (`Resources/world.mbtiles`), when present.
@Suite(.enabled(if: TestFiles.world != nil, "Resources/world.mbtiles not generated"))
struct WorldTilesTests {
    @Test func lowZoomTilesDecode() throws {
        let file = try MBTilesFile(path: try #require(TestFiles.world))
        #expect(file.metadata.format == "pbf")
        #expect(file.metadata.minZoom == 0)
        #expect(file.metadata.maxZoom >= 2)
        let loader = TileLoader(store: file)
        var layerNames: Set<String> = []
        for z in 0...2 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    guard case .tile(let tile, let source) = loader.load(TileID(z: z, x: x, y: y)) else {
                        Issue.record("world tile \(z)/\(x)/\(y) missing or damaged")
                        continue
                    }
                    #expect(source == TileID(z: z, x: x, y: y))
                    for layer in try tile.decodeAllLayers() {
                        layerNames.insert(layer.name)
                        let limit = Float(layer.extent) * 1.25
                        for feature in layer.features {
                            for p in feature.geometry.points {
                                #expect(abs(p.x) <= limit && abs(p.y) <= limit)
                            }
                        }
                    }
                }
            }
        }
        #expect(layerNames.contains("water"))
        #expect(loader.damagedTileCount == 0)
        // Overzoom past the file's max zoom.
        let deep = TileID(z: file.metadata.maxZoom + 3, x: 5, y: 7)
        guard case .tile(_, let source) = loader.load(deep) else {
            Issue.record("overzoom failed")
            return
        }
        #expect(source == deep.ancestor(at: file.metadata.maxZoom))
    }
}
