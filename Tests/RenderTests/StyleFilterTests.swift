import Foundation
import TestSupport
import Testing
import VectorTiles

@testable import Render

/// The filter resolved against a layer's tables answers like the style's own `matches`, on seeded
/// random layers: duplicate keys, tags pointing outside the tables, numbers of every kind, `null`.
@Suite struct LayerFilterTests {
    static let style = try! MapStyle.decode(
        from: Data(
            """
            {"name": "t", "background": 0, "layers": [
              {"id": "a", "source-layer": "x", "type": "line", "color": 1, "filter": {"class": ["minor", "service"], "brunnel": [null, "bridge"]}},
              {"id": "b", "source-layer": "x", "type": "line", "color": 1, "filter": {"admin_level": [2, 4], "maritime": [0, null]}},
              {"id": "c", "source-layer": "x", "type": "line", "color": 1, "filter": {"brunnel": ["tunnel"]}},
              {"id": "d", "source-layer": "x", "type": "line", "color": 1}
            ]}
            """.utf8))

    @Test func agreesWithTheStyleOnRandomLayers() {
        var g = SeededGenerator(seed: 7)
        let keyPool = ["class", "brunnel", "admin_level", "maritime", "name", "class"]
        let valuePool: [PropertyValue] = [
            .string("minor"), .string("service"), .string("bridge"), .string("tunnel"), .string("primary"),
            .int(2), .uint(4), .double(0), .int(0), .bool(false), .double(2.5),
        ]
        var checked = 0
        for _ in 0..<200 {
            let keys = (0..<Int.random(in: 0...6, using: &g)).map { _ in keyPool.randomElement(using: &g)! }
            let values = (0..<Int.random(in: 0...8, using: &g)).map { _ in valuePool.randomElement(using: &g)! }
            let features = (0..<30).map { _ in
                let tags = (0..<2 * Int.random(in: 0...4, using: &g)).map { _ in UInt32.random(in: 0...9, using: &g) }
                return VectorFeature(id: nil, type: .lineString, tags: tags, geometry: TileGeometry())
            }
            let layer = TileLayer(name: "x", extent: 4096, keys: keys, values: values, features: features)
            for styleLayer in Self.style.layers {
                var filter = StyleFilter(styleLayer.filter, layer: layer)
                for feature in features {
                    #expect(filter.matches(feature) == styleLayer.matches(feature, in: layer))
                    checked += 1
                }
            }
        }
        #expect(checked == 200 * 4 * 30)
    }
}
