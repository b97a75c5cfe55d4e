import Foundation
import GeoCore
import TestSupport
import Testing
import VectorTiles

@testable import Render

/// Which schema a source is drawn with: told by its metadata's layer list, else by its first tile that
/// names one; a source of no known schema gets the notice; a tile that contradicts its metadata draws
/// by its own layers, and nothing drawn before goes blank.
@Suite struct TileSchemaTests {
    /// A one-tile world (z0) with metadata listing `layerNames`.
    struct Store: TileStore {
        let metadata: TileSetMetadata
        let tile: [UInt8]

        init(layerNames: [String], tile: [UInt8]) {
            metadata = TileSetMetadata(name: "crafted", format: "pbf", minZoom: 0, maxZoom: 0, layerNames: layerNames)
            self.tile = tile
        }

        func tileData(_ id: TileID) throws -> [UInt8]? { id == TileID(z: 0, x: 0, y: 0) ? tile : nil }
    }

    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))

    /// A tile with one road across the middle of the world (y 2048) in the tile layer `layer`, with
    /// the properties `tags` (key, value pairs), and, when `extra` names one, an empty layer of that name.
    static func roadTile(layer: String, _ tags: [(String, PropertyValue)], extra: String? = nil) -> [UInt8] {
        var layers = [
            MVTEncoder.Layer(
                name: layer, keys: tags.map(\.0), values: tags.map(\.1),
                features: [
                    MVTEncoder.Feature(
                        type: .lineString, tags: tags.indices.flatMap { [UInt32($0), UInt32($0)] },
                        geometry: MVTGeometry.lines([[(256, 2048), (3840, 2048)]]))
                ])
        ]
        if let extra { layers.append(MVTEncoder.Layer(name: extra, features: [])) }
        return MVTEncoder.tile(layers)
    }

    static let omtRoad = roadTile(layer: "transportation", [("class", .string("primary"))])
    static let shortbreadRoad = roadTile(
        layer: "streets", [("kind", .string("primary")), ("tunnel", .bool(false))], extra: "street_labels")
    static let protomapsRoad = roadTile(
        layer: "roads", [("kind", .string("major_road")), ("kind_detail", .string("primary"))], extra: "places")

    static let primary = style.layers.first { $0.id == "road-primary" }!.color

    /// Columns of the frame's middle rows holding the primary road's colour as dots.
    static func roadCells(_ map: SnapshotMap) -> Int {
        let grid = map.render(
            camera: Camera(center: LatLon(lat: 0, lon: 0), zoom: 10), viewport: Viewport(cols: 64, rows: 32))
        return (0..<grid.cols).filter { col in
            (grid.rows / 2 - 1...grid.rows / 2).contains { row in
                let cell = grid[col, row]
                return cell.style.fg == Self.primary && cell.scalar > 0x2800 && cell.scalar <= 0x28FF
            }
        }.count
    }

    @Test func layerNamesTellTheSchema() {
        let omt = ["water", "landcover", "transportation", "transportation_name", "place", "poi", "building"]
        let shortbread = ["ocean", "water_polygons", "streets", "street_labels", "place_labels", "pois", "buildings"]
        let protomaps = [
            "boundaries", "buildings", "earth", "landcover", "landuse", "places", "pois", "roads", "water",
        ]
        #expect(TileSchema.detect(layerNames: omt) == .openMapTiles)
        #expect(TileSchema.detect(layerNames: shortbread) == .shortbread)
        #expect(TileSchema.detect(layerNames: protomaps) == .protomaps)
        // The shipped world basemap lists only part of OpenMapTiles' layers, and one of its own.
        #expect(
            TileSchema.detect(layerNames: ["water", "landcover", "coastline", "boundary", "waterway", "place"])
                == .openMapTiles)
        // Shared names alone, unknown names, a tie: no schema.
        #expect(TileSchema.detect(layerNames: ["water", "landuse", "boundaries", "pois"]) == nil)
        #expect(TileSchema.detect(layerNames: ["test_fixture_1pmtiles"]) == nil)
        #expect(TileSchema.detect(layerNames: ["roads", "streets"]) == nil)
        #expect(TileSchema.detect(layerNames: []) == nil)
    }

    @Test func onlyASourceOfNoKnownSchemaGetsTheNotice() {
        let drawn = Set(Self.style.layers.map(\.sourceLayer))
        func notice(_ layers: [String]) -> String? {
            TileSetMetadata(name: "set", format: "pbf", minZoom: 0, maxZoom: 14, layerNames: layers)
                .layerMismatch(drawn: drawn)
        }
        #expect(notice(["transportation", "building"]) == nil)
        #expect(notice(["streets", "street_labels", "water_polygons"]) == nil)
        #expect(notice(["roads", "earth", "places", "water"]) == nil)
        #expect(notice([]) == nil)
        #expect(
            notice(["lines", "dots"])
                == "set has layers (lines, dots) that the map style (OpenMapTiles, Shortbread or Protomaps schema) does not draw"
        )
    }

    @Test func theStyleGivesEveryDrawnLayerASelectorPerSchema() throws {
        // Every layer but the world basemap's own coastline reads Shortbread or Protomaps tiles too.
        for layer in Self.style.layers where layer.id != "coastline" {
            #expect(!layer.selectors.isEmpty, "\(layer.id)")
        }
        let street = try #require(Self.style.layers.first { $0.id == "road-minor" })
        #expect(street.resolved(for: .openMapTiles)?.sourceLayer == "transportation")
        #expect(street.resolved(for: .shortbread)?.sourceLayer == "streets")
        #expect(street.resolved(for: .protomaps)?.sourceLayer == "roads")
        #expect(street.resolved(for: .protomaps)?.filter["is_tunnel"] == [.bool(false), .missing])
        let coastline = try #require(Self.style.layers.first { $0.id == "coastline" })
        #expect(coastline.resolved(for: .shortbread) == nil)
        // Numbers stay numbers next to booleans.
        let state = try #require(Self.style.layers.first { $0.id == "boundary-state" })
        #expect(state.filter["admin_level"] == [.number(3), .number(4)])
    }

    @Test func anUnknownSchemaNameInTheStyleIsAnError() {
        let text = """
            {"name": "t", "background": 0, "layers": [{"id": "r", "source-layer": "transportation", "type": "line",
             "color": 7, "schemas": {"mapbox": {"source-layer": "road"}}}]}
            """
        #expect(throws: StyleError.self) { try MapStyle.decode(from: Data(text.utf8)) }
    }

    @Test func metadataTellsTheSchema() {
        for (layers, tile, schema) in [
            (["transportation", "place"], Self.omtRoad, TileSchema.openMapTiles),
            (["streets", "street_labels"], Self.shortbreadRoad, .shortbread),
            (["roads", "places"], Self.protomapsRoad, .protomaps),
        ] {
            let map = SnapshotMap(
                sources: [TileLoader(store: Store(layerNames: layers, tile: tile))], style: Self.style)
            #expect(map.builder.schema(ofSource: TileSourceID("1")) == schema)
            #expect(Self.roadCells(map) > 50, "\(schema): the primary road is drawn")
        }
    }

    @Test func theFirstTileTellsTheSchemaWhenTheMetadataDoesNot() {
        for (tile, schema) in [(Self.shortbreadRoad, TileSchema.shortbread), (Self.protomapsRoad, .protomaps)] {
            let map = SnapshotMap(sources: [TileLoader(store: Store(layerNames: [], tile: tile))], style: Self.style)
            #expect(map.builder.schema(ofSource: TileSourceID("1")) == nil, "not known before a tile")
            #expect(Self.roadCells(map) > 50, "\(schema): the primary road is drawn")
            #expect(map.builder.schema(ofSource: TileSourceID("1")) == schema)
        }
    }

    @Test func aTileThatContradictsItsMetadataDrawsByItsOwnLayers() {
        // The metadata says Shortbread; the tile is OpenMapTiles.
        let map = SnapshotMap(
            sources: [TileLoader(store: Store(layerNames: ["streets", "street_labels"], tile: Self.omtRoad))],
            style: Self.style)
        let first = Self.roadCells(map)
        #expect(first > 50)
        #expect(map.builder.schema(ofSource: TileSourceID("1")) == .shortbread)
        // Drawn again from the builder's cache, and after it is cleared: the same road.
        #expect(Self.roadCells(map) == first)
        map.clearCache()
        #expect(Self.roadCells(map) == first)
        // A tile whose layers name no schema draws as its source's schema says (here: nothing matches).
        let unknown = Self.roadTile(layer: "lines", [("class", .string("primary"))])
        let other = SnapshotMap(
            sources: [TileLoader(store: Store(layerNames: ["roads"], tile: unknown))], style: Self.style)
        #expect(Self.roadCells(other) == 0)
    }
}
