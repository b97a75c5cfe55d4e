import GeoCore
import Storage
import TestSupport
import Testing
import VectorTiles

/// `FeatureReader` reads what `VectorTile.layer(named:)` decodes, one feature at a time, and decodes
/// a geometry only when asked.
@Suite struct FeatureReaderTests {
    private typealias Feature = MVTEncoder.Feature
    private typealias Layer = MVTEncoder.Layer

    /// Every feature of every layer of the Monaco z14 tiles, read with its geometry, against the layer.
    @Test(arguments: MonacoTilesTests.z14Tiles)
    func readsWhatTheLayerHolds(id: TileID) throws {
        let file = try MBTilesFile(path: TestFiles.monaco)
        let tile = try VectorTile(bytes: try #require(try file.tileData(id)))
        for name in tile.layerNames {
            let layer = try #require(try tile.layer(named: name))
            var reader = try #require(try tile.features(ofLayer: name))
            #expect(reader.layer.keys == layer.keys && reader.layer.values == layer.values)
            #expect(reader.layer.extent == layer.extent && reader.layer.features.isEmpty)
            var read: [VectorFeature] = []
            while try reader.next() {
                try reader.decodeGeometry()
                if !reader.feature.geometry.points.isEmpty { read.append(reader.feature) }
            }
            #expect(read.count == layer.features.count, "\(name)")
            for (a, b) in zip(read, layer.features) {
                #expect(a.id == b.id && a.type == b.type && a.tags == b.tags && a.geometry == b.geometry)
            }
        }
        #expect(try tile.features(ofLayer: "nothing") == nil)
    }

    /// A reader that defers geometries reads the same features, and the same geometry for those asked,
    /// skipping and asking in turns.
    @Test(arguments: MonacoTilesTests.z14Tiles)
    func deferredGeometriesAreTheSame(id: TileID) throws {
        let file = try MBTilesFile(path: TestFiles.monaco)
        let tile = try VectorTile(bytes: try #require(try file.tileData(id)))
        for name in tile.layerNames {
            var plain = try #require(try tile.features(ofLayer: name))
            var deferred = try #require(try tile.features(ofLayer: name))
            deferred.defersGeometry = true
            var index = 0
            while try plain.next() {
                #expect(try deferred.next())
                #expect(deferred.feature.id == plain.feature.id && deferred.feature.tags == plain.feature.tags)
                if index % 2 == 0 {
                    try plain.decodeGeometry()
                    try deferred.decodeGeometry()
                    #expect(deferred.feature.geometry == plain.feature.geometry, "\(name)")
                }
                index += 1
            }
            #expect(try !deferred.next())
        }
    }

    /// A broken geometry fails only when it is decoded; broken tags fail at once; features of unknown
    /// type are passed over, and one whose geometry is empty is read (with no points).
    @Test func geometryIsCheckedWhenDecoded() throws {
        let broken = Feature(id: 1, type: .lineString, geometry: [MVTGeometry.command(3, count: 1), 0, 0])
        let unknown = Feature(id: 2, type: .unknown, geometry: MVTGeometry.points([(1, 1)]))
        let empty = Feature(id: 3, type: .lineString, geometry: [])
        let point = Feature(id: 4, type: .point, tags: [0, 0], geometry: MVTGeometry.points([(5, 6)]))
        let badTags = Feature(id: 5, type: .point, tags: [0, 7], geometry: MVTGeometry.points([(1, 1)]))
        let tile = try VectorTile(
            bytes: MVTEncoder.tile([
                Layer(
                    name: "l", keys: ["k"], values: [.string("v")],
                    features: [broken, unknown, empty, point, badTags])
            ]))
        var reader = try #require(try tile.features(ofLayer: "l"))
        #expect(reader.featureCount == 5)
        #expect(try reader.next() && reader.feature.id == 1)
        #expect(throws: VectorTileError.invalidGeometry(layer: "l", reason: "unknown command id 3")) {
            try reader.decodeGeometry()
        }
        #expect(try reader.next() && reader.feature.id == 3)
        try reader.decodeGeometry()
        #expect(reader.feature.geometry.points.isEmpty)
        #expect(try reader.next() && reader.feature.id == 4 && reader.feature.tags == [0, 0])
        #expect(reader.feature.geometry.points.isEmpty, "not decoded yet")
        try reader.decodeGeometry()
        #expect(reader.feature.geometry == TileGeometry(points: [SIMD2(5, 6)], partStarts: [0]))
        #expect(throws: VectorTileError.invalidTags(layer: "l")) { try reader.next() }
    }
}
