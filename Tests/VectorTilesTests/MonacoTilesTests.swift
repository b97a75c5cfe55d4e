import GeoCore
import Storage
import Testing
import VectorTiles

/// Real OpenMapTiles vector tiles of Monaco (tilemaker output, z0–14).
@Suite struct MonacoTilesTests {
    /// The z14 tiles of the file, as XYZ ids (TMS rows 10408–10410).
    static let z14Tiles = [(8529, 5975), (8529, 5974), (8529, 5973), (8530, 5974), (8530, 5973)]
        .map { TileID(z: 14, x: $0.0, y: $0.1) }
    /// The tile over the harbour and the palace: the biggest one.
    static let centre = TileID(z: 14, x: 8529, y: 5974)

    private let file: MBTilesFile

    init() throws {
        file = try MBTilesFile(path: TestFiles.monaco)
    }

    @Test func metadata() {
        let m = file.metadata
        #expect(m.format == "pbf")
        #expect(m.minZoom == 0)
        #expect(m.maxZoom == 14)
        #expect(m.name.hasPrefix("Monaco"))
        #expect(m.attribution?.contains("OpenStreetMap") == true)
        #expect(m.bounds.map { abs($0.west - 7.409205) < 1e-9 && abs($0.north - 43.75169) < 1e-9 } == true)
        #expect(file.metadataValues["json"]?.contains("vector_layers") == true)
    }

    @Test func tmsRowFlip() throws {
        // XYZ row 5974 is TMS row 16383 - 5974 = 10409, which the file holds.
        #expect(try file.tileData(Self.centre) != nil)
        // Reading the TMS row as if it were XYZ must find nothing.
        #expect(try file.tileData(TileID(z: 14, x: 8529, y: 10409)) == nil)
        #expect(try file.tileData(TileID(z: 14, x: 0, y: 0)) == nil)
        #expect(try file.tileData(TileID(z: 14, x: 8529, y: -1)) == nil)
        #expect(try file.tileData(TileID(z: 0, x: 0, y: 0)) != nil)
        #expect(try file.tileCount(atZoom: 14) == 5)
        #expect(try file.tileCount(atZoom: 13) == 4)
    }

    @Test(arguments: z14Tiles)
    func z14TilesDecode(id: TileID) throws {
        let bytes = try #require(try file.tileData(id))
        #expect(Gzip.format(of: bytes) == .gzip)
        let tile = try VectorTile(bytes: bytes)
        #expect(tile.hasLayer("transportation"))
        #expect(tile.hasLayer("building"))
        #expect(tile.hasLayer("water"))
        for layer in try tile.decodeAllLayers() {
            #expect(layer.extent == 4096)
            #expect(layer.version == 2)
            for feature in layer.features {
                #expect(feature.geometry.partCount > 0)
                for point in feature.geometry.points {
                    // Inside the tile or its buffer.
                    #expect(point.x >= -512 && point.x <= 4608 && point.y >= -512 && point.y <= 4608)
                }
            }
        }
    }

    @Test func centreTileContents() throws {
        let tile = try VectorTile(bytes: try #require(try file.tileData(Self.centre)))
        let transportation = try #require(try tile.layer(named: "transportation"))
        #expect(transportation.features.count > 1000)
        #expect(transportation.features.allSatisfy { $0.type == .lineString || $0.type == .polygon })
        #expect(transportation.features.contains { transportation.property("class", of: $0) == .string("primary") })
        let buildings = try #require(try tile.layer(named: "building"))
        #expect(buildings.features.count > 500)
        #expect(buildings.features.allSatisfy { $0.type == .polygon })
        for feature in buildings.features {
            for part in 0..<feature.geometry.partCount {
                #expect(feature.geometry.range(ofPart: part).count >= 3)
            }
        }
        let water = try #require(try tile.layer(named: "water"))
        #expect(water.features.allSatisfy { $0.type == .polygon })
        // Points of interest lie in Monaco.
        let poi = try #require(try tile.layer(named: "poi"))
        #expect(poi.features.count > 1000)
        let bounds = try #require(file.metadata.bounds)
        let scale = 1 / Double(Self.centre.size)
        for feature in poi.features {
            #expect(feature.type == .point)
            let p = feature.geometry.points[0]
            let world = WorldPoint(
                x: (Double(Self.centre.x) + Double(p.x) / 4096) * scale,
                y: (Double(Self.centre.y) + Double(p.y) / 4096) * scale)
            let position = Mercator.unproject(world)
            #expect(position.lat > bounds.south - 0.01 && position.lat < bounds.north + 0.01)
            #expect(position.lon > bounds.west - 0.01 && position.lon < bounds.east + 0.01)
        }
        #expect(tile.layerNames.contains("housenumber"))
    }

    @Test func everyTileOfTheFileDecodes() throws {
        let loader = TileLoader(store: file)
        var decoded = 0
        for z in 0...14 {
            let n = 1 << z
            let ids =
                (z <= 12)
                ? [TileID(z: z, x: 8529 >> (14 - z), y: 5974 >> (14 - z))]
                : (0..<4).map { TileID(z: z, x: (8529 >> (14 - z)) + $0 % 2, y: (5973 >> (14 - z)) + $0 / 2) }
            for id in ids where id.y < n {
                if case .tile(let tile, let source) = loader.load(id) {
                    #expect(source == id)
                    _ = try tile.decodeAllLayers()
                    decoded += 1
                }
            }
        }
        #expect(decoded == 13 + 4 + 4)
        #expect(loader.damagedTileCount == 0)
    }

    @Test func overzoomReturnsTheAncestor() {
        let loader = TileLoader(store: file)
        let child = TileID(z: 17, x: 8529 * 8 + 3, y: 5974 * 8 + 6)
        guard case .tile(let tile, let source) = loader.load(child) else {
            Issue.record("expected the z14 ancestor")
            return
        }
        #expect(source == Self.centre)
        #expect(tile.hasLayer("building"))
        // Wrapped one world east.
        let east = TileID(z: 15, x: 8529 * 2 + (1 << 15), y: 5974 * 2)
        guard case .tile(_, let eastSource) = loader.load(east) else {
            Issue.record("expected a wrapped tile")
            return
        }
        #expect(eastSource == Self.centre)
        guard case .missing = loader.load(TileID(z: 16, x: 0, y: 0)) else {
            Issue.record("no tile there")
            return
        }
    }
}
