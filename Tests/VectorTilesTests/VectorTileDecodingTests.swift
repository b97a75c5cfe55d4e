import TestSupport
import Testing
import VectorTiles

/// Degenerate and hand-built tiles (vector-tile-js style fixtures).
@Suite struct VectorTileDecodingTests {
    private typealias Feature = MVTEncoder.Feature
    private typealias Layer = MVTEncoder.Layer

    private func decodeOne(_ feature: Feature, layerName: String = "l") throws -> TileLayer {
        let tile = try VectorTile(bytes: MVTEncoder.tile([Layer(name: layerName, features: [feature])]))
        return try #require(try tile.layer(named: layerName))
    }

    private func points(_ geometry: TileGeometry) -> [[SIMD2<Float>]] {
        (0..<geometry.partCount).map { Array(geometry.points[geometry.range(ofPart: $0)]) }
    }

    // MARK: Tiles and layers

    @Test func emptyTile() throws {
        let tile = try VectorTile(bytes: [])
        #expect(tile.layerNames.isEmpty)
        #expect(try tile.decodeAllLayers().isEmpty)
        #expect(try tile.layer(named: "water") == nil)
        // An empty gzip stream is an empty tile too.
        #expect(try VectorTile(bytes: MVTGzip.stored([])).layerNames.isEmpty)
    }

    @Test func emptyLayer() throws {
        let tile = try VectorTile(bytes: MVTEncoder.tile([Layer(name: "water")]))
        #expect(tile.layerNames == ["water"])
        let layer = try #require(try tile.layer(named: "water"))
        #expect(layer.features.isEmpty)
        #expect(layer.extent == 4096)
        #expect(layer.version == 2)
    }

    @Test func singlePointWithProperties() throws {
        let feature = Feature(id: 7, type: .point, tags: [0, 0, 1, 1], geometry: MVTGeometry.points([(25, 17)]))
        let tile = try VectorTile(
            bytes: MVTEncoder.tile([
                Layer(name: "poi", keys: ["name", "rank"], values: [.string("Café"), .int(-3)], features: [feature])
            ]))
        let layer = try #require(try tile.layer(named: "poi"))
        #expect(layer.features.count == 1)
        let decoded = layer.features[0]
        #expect(decoded.id == 7)
        #expect(decoded.type == .point)
        #expect(decoded.geometry == TileGeometry(points: [SIMD2(25, 17)], partStarts: [0]))
        #expect(layer.property("name", of: decoded) == .string("Café"))
        #expect(layer.property("rank", of: decoded) == .int(-3))
        #expect(layer.property("missing", of: decoded) == nil)
    }

    @Test func multiPointHasOnePartPerPoint() throws {
        let layer = try decodeOne(Feature(type: .point, geometry: MVTGeometry.points([(5, 7), (3, 2), (-10, 4200)])))
        let g = layer.features[0].geometry
        #expect(g.partStarts == [0, 1, 2])
        #expect(g.points == [SIMD2(5, 7), SIMD2(3, 2), SIMD2(-10, 4200)])
        #expect(layer.features[0].id == nil)
    }

    @Test func multiLineString() throws {
        let lines: [[(Int32, Int32)]] = [[(2, 2), (2, 10), (10, 10)], [(1, 1), (3, 5)]]
        let layer = try decodeOne(Feature(type: .lineString, geometry: MVTGeometry.lines(lines)))
        let g = layer.features[0].geometry
        #expect(g.partStarts == [0, 3])
        #expect(points(g) == [[SIMD2(2, 2), SIMD2(2, 10), SIMD2(10, 10)], [SIMD2(1, 1), SIMD2(3, 5)]])
    }

    @Test func polygonWithHole() throws {
        let outer: [(Int32, Int32)] = [(0, 0), (100, 0), (100, 100), (0, 100)]
        let hole: [(Int32, Int32)] = [(25, 25), (25, 75), (75, 75), (75, 25)]
        let layer = try decodeOne(Feature(type: .polygon, geometry: MVTGeometry.rings([outer, hole])))
        let g = layer.features[0].geometry
        #expect(g.partCount == 2)
        #expect(g.points.count == 8, "rings are closed implicitly; the first vertex is not repeated")
        #expect(points(g)[1] == [SIMD2(25, 25), SIMD2(25, 75), SIMD2(75, 75), SIMD2(75, 25)])
    }

    @Test func explicitClosingVertexIsRemoved() throws {
        let ring: [(Int32, Int32)] = [(0, 0), (10, 0), (10, 10), (0, 0)]
        let layer = try decodeOne(Feature(type: .polygon, geometry: MVTGeometry.rings([ring])))
        #expect(layer.features[0].geometry.points == [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10)])
    }

    @Test func degeneratePartsAreDropped() throws {
        // A one-vertex line next to a real one; a two-vertex ring next to a real one.
        let line = try decodeOne(
            Feature(type: .lineString, geometry: MVTGeometry.lines([[(1, 1)], [(2, 2), (3, 3)]])))
        #expect(line.features[0].geometry == TileGeometry(points: [SIMD2(2, 2), SIMD2(3, 3)], partStarts: [0]))
        let polygon = try decodeOne(
            Feature(type: .polygon, geometry: MVTGeometry.rings([[(0, 0), (5, 5)], [(0, 0), (9, 0), (9, 9)]])))
        #expect(polygon.features[0].geometry.partStarts == [0])
        #expect(polygon.features[0].geometry.points.count == 3)
    }

    @Test func zeroLengthGeometryDropsTheFeature() throws {
        let empty = Feature(id: 1, type: .lineString, geometry: [])
        let moveToZero = Feature(id: 2, type: .point, geometry: [MVTGeometry.command(1, count: 0)])
        let kept = Feature(id: 3, type: .point, geometry: MVTGeometry.points([(1, 1)]))
        let tile = try VectorTile(bytes: MVTEncoder.tile([Layer(name: "l", features: [empty, moveToZero, kept])]))
        let layer = try #require(try tile.layer(named: "l"))
        #expect(layer.features.map(\.id) == [3])
    }

    @Test func unknownGeometryTypeDropsTheFeature() throws {
        let unknown = Feature(type: .unknown, geometry: MVTGeometry.points([(1, 1)]))
        let future = Feature(rawType: 9, geometry: MVTGeometry.points([(1, 1)]))
        let tile = try VectorTile(bytes: MVTEncoder.tile([Layer(name: "l", features: [unknown, future])]))
        #expect(try tile.layer(named: "l")?.features.isEmpty == true)
    }

    @Test func negativeDeltasAndBufferCoordinates() throws {
        let layer = try decodeOne(
            Feature(type: .lineString, geometry: MVTGeometry.lines([[(-128, 4200), (4224, -64), (0, 0)]])))
        #expect(layer.features[0].geometry.points == [SIMD2(-128, 4200), SIMD2(4224, -64), SIMD2(0, 0)])
    }

    // MARK: Values and layer fields

    @Test func everyValueKind() throws {
        var layer = MVTWireWriter()
        layer.stringField(1, "v")
        for key in ["s", "f", "d", "i", "u", "z", "b"] { layer.stringField(3, key) }
        var values: [[UInt8]] = []
        var w = MVTWireWriter()
        w.stringField(1, "text")
        values.append(w.bytes)
        w = MVTWireWriter()
        w.fixed32Field(2, Float(1.5).bitPattern)
        values.append(w.bytes)
        w = MVTWireWriter()
        w.fixed64Field(3, (-2.25).bitPattern)
        values.append(w.bytes)
        w = MVTWireWriter()
        w.varintField(4, UInt64(bitPattern: -5))
        values.append(w.bytes)
        w = MVTWireWriter()
        w.varintField(5, UInt64.max)
        values.append(w.bytes)
        w = MVTWireWriter()
        w.varintField(6, MVTWireWriter.zigzag64(-77))
        values.append(w.bytes)
        w = MVTWireWriter()
        w.varintField(7, 1)
        values.append(w.bytes)
        for v in values { layer.bytesField(4, v) }
        let feature = MVTEncoder.encode(
            Feature(
                type: .point, tags: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6], geometry: MVTGeometry.points([(0, 0)])))
        layer.bytesField(2, feature)
        var tileWriter = MVTWireWriter()
        tileWriter.bytesField(3, layer.bytes)

        let decoded = try #require(try VectorTile(bytes: tileWriter.bytes).layer(named: "v"))
        #expect(decoded.version == 1, "version absent → proto default 1")
        #expect(decoded.extent == 4096, "extent absent → 4096")
        let props = decoded.properties(of: decoded.features[0])
        #expect(props["s"] == .string("text"))
        #expect(props["f"] == .double(1.5))
        #expect(props["d"] == .double(-2.25))
        #expect(props["i"] == .int(-5))
        #expect(props["u"] == .uint(UInt64.max))
        #expect(props["z"] == .int(-77))
        #expect(props["b"] == .bool(true))
    }

    @Test func extentAndVersionAreRead() throws {
        let tile = try VectorTile(bytes: MVTEncoder.tile([Layer(name: "l", extent: 512, version: 2)]))
        let layer = try #require(try tile.layer(named: "l"))
        #expect(layer.extent == 512)
        #expect(layer.version == 2)
        let zero = try VectorTile(bytes: MVTEncoder.tile([Layer(name: "z", extent: 0)]))
        #expect(throws: VectorTileError.invalidExtent(layer: "z")) { try zero.layer(named: "z") }
    }

    @Test func unknownFieldsAreSkipped() throws {
        var layer = MVTWireWriter()
        layer.varintField(99, 5)
        layer.raw(
            MVTEncoder.encode(
                Layer(name: "l", features: [Feature(type: .point, geometry: MVTGeometry.points([(1, 2)]))])))
        layer.fixed32Field(100, 1)
        var tile = MVTWireWriter()
        tile.bytesField(7, [1, 2, 3])
        tile.bytesField(3, layer.bytes)
        tile.fixed64Field(8, 0)
        let decoded = try VectorTile(bytes: tile.bytes)
        #expect(decoded.layerNames == ["l"])
        #expect(try decoded.layer(named: "l")?.features.count == 1)
    }

    @Test func gzippedTileDecodesTheSame() throws {
        let plain = MVTEncoder.tile([
            Layer(name: "a", features: [Feature(type: .point, geometry: MVTGeometry.points([(3, 4)]))]),
            Layer(name: "b"),
        ])
        let tile = try VectorTile(bytes: MVTGzip.stored(plain))
        #expect(tile.layerNames == ["a", "b"])
        #expect(try tile.layer(named: "a")?.features[0].geometry.points == [SIMD2(3, 4)])
        #expect(tile.byteCount == plain.count)
    }

    @Test func duplicateLayerNamesKeepTheFirst() throws {
        let tile = try VectorTile(
            bytes: MVTEncoder.tile([Layer(name: "x", extent: 100), Layer(name: "y"), Layer(name: "x", extent: 200)]))
        #expect(tile.layerNames == ["x", "y"])
        #expect(try tile.layer(named: "x")?.extent == 100)
        #expect(try tile.decodeAllLayers().map(\.name) == ["x", "y"])
    }

    // MARK: Malformed

    @Test func unknownCommandIdThrows() throws {
        let tile = try VectorTile(
            bytes: MVTEncoder.tile([
                Layer(
                    name: "l",
                    features: [Feature(type: .lineString, geometry: [MVTGeometry.command(3, count: 1), 0, 0])])
            ]))
        #expect(throws: VectorTileError.invalidGeometry(layer: "l", reason: "unknown command id 3")) {
            try tile.layer(named: "l")
        }
    }

    @Test func commandCountBeyondTheBufferThrows() throws {
        let geometries: [[UInt32]] = [
            [MVTGeometry.command(1, count: 1000), 2, 2],
            [MVTGeometry.command(1, count: 1), 2],
            [MVTGeometry.command(1, count: 1), 2, 2, MVTGeometry.command(2, count: 536_870_911), 1, 1],
        ]
        for geometry in geometries {
            let tile = try VectorTile(
                bytes: MVTEncoder.tile([
                    Layer(name: "l", features: [Feature(type: .lineString, geometry: geometry)])
                ]))
            #expect(throws: VectorTileError.self) { try tile.layer(named: "l") }
        }
    }

    @Test func commandsOutOfPlaceThrow() throws {
        let cases: [(GeometryType, [UInt32])] = [
            (.lineString, [MVTGeometry.command(2, count: 1), 2, 2]),  // LineTo before MoveTo
            (.polygon, [MVTGeometry.command(7, count: 1)]),  // ClosePath before MoveTo
            (.point, [MVTGeometry.command(1, count: 1), 2, 2, MVTGeometry.command(2, count: 1), 2, 2]),
            (.point, [MVTGeometry.command(1, count: 1), 2, 2, MVTGeometry.command(7, count: 1)]),
        ]
        for (type, geometry) in cases {
            let tile = try VectorTile(
                bytes: MVTEncoder.tile([Layer(name: "l", features: [Feature(type: type, geometry: geometry)])]))
            #expect(throws: VectorTileError.self) { try tile.layer(named: "l") }
        }
    }

    @Test func truncatedVarintThrows() throws {
        let good = MVTEncoder.tile([Layer(name: "l")])
        // At the top level: the scan fails (the tile is damaged).
        #expect(throws: VectorTileError.self) { try VectorTile(bytes: good + [0x1A, 0x80]) }
        #expect(throws: VectorTileError.self) { try VectorTile(bytes: good + [0x80]) }
        // Inside a packed geometry: the layer fails, the scan does not.
        var feature = MVTWireWriter()
        feature.varintField(3, 1)
        feature.bytesField(4, [0x09, 0x80])
        var layer = MVTWireWriter()
        layer.stringField(1, "l")
        layer.bytesField(2, feature.bytes)
        var tile = MVTWireWriter()
        tile.bytesField(3, layer.bytes)
        let decoded = try VectorTile(bytes: tile.bytes)
        #expect(throws: VectorTileError.truncated(offset: 12)) { try decoded.layer(named: "l") }
    }

    @Test func layerLengthBeyondTheTileThrows() {
        var tile = MVTWireWriter()
        tile.key(3, wireType: 2)
        tile.varint(1_000)
        tile.raw([0x0A, 0x01, 0x61])
        #expect(throws: VectorTileError.truncated(offset: 1)) { try VectorTile(bytes: tile.bytes) }
    }

    @Test func layerWithoutNameThrowsAtScan() {
        var layer = MVTWireWriter()
        layer.varintField(5, 4096)
        var tile = MVTWireWriter()
        tile.bytesField(3, layer.bytes)
        #expect(throws: VectorTileError.missingLayerName) { try VectorTile(bytes: tile.bytes) }
    }

    @Test func wrongWireTypeForKnownFieldThrows() {
        var tile = MVTWireWriter()
        tile.varintField(3, 5)  // layers must be length-delimited
        #expect(throws: VectorTileError.self) { try VectorTile(bytes: tile.bytes) }
    }

    @Test func invalidTagsThrow() throws {
        for tags: [UInt32] in [[0], [0, 5], [3, 0]] {
            let tile = try VectorTile(
                bytes: MVTEncoder.tile([
                    Layer(
                        name: "l", keys: ["k"], values: [.bool(true)],
                        features: [Feature(type: .point, tags: tags, geometry: MVTGeometry.points([(0, 0)]))])
                ]))
            #expect(throws: VectorTileError.invalidTags(layer: "l")) { try tile.layer(named: "l") }
        }
    }

    @Test func emptyValueThrows() throws {
        var layer = MVTWireWriter()
        layer.bytesField(4, [])
        layer.stringField(1, "l")
        var tile = MVTWireWriter()
        tile.bytesField(3, layer.bytes)
        #expect(throws: VectorTileError.emptyValue(layer: "l")) { try VectorTile(bytes: tile.bytes).layer(named: "l") }
    }

    @Test func aBrokenLayerDoesNotSpoilTheOthers() throws {
        let tile = try VectorTile(
            bytes: MVTEncoder.tile([
                Layer(
                    name: "bad", features: [Feature(type: .lineString, geometry: [MVTGeometry.command(4, count: 1)])]),
                Layer(name: "good", features: [Feature(type: .point, geometry: MVTGeometry.points([(1, 1)]))]),
            ]))
        #expect(tile.layerNames == ["bad", "good"])
        #expect(try tile.layer(named: "good")?.features.count == 1)
        #expect(throws: VectorTileError.self) { try tile.layer(named: "bad") }
        #expect(throws: VectorTileError.self) { try tile.decodeAllLayers() }
    }
}
