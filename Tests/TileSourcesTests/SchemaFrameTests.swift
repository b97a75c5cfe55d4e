import Foundation
import GeoCore
import Render
import Storage
import TestSupport
import Testing
import TileSources
import VectorTiles

/// One style, three schemas: Monaco in OpenMapTiles, Shortbread and Protomaps v4 (the fixtures of
/// Tests/Fixtures/schemas, made from the same OpenStreetMap extract) draws the same streets and names.
/// The schemas differ where their makers do: Shortbread keeps no swimming pools and puts helipads in
/// points, so the comparison is of streets (cells holding road dots) and names.
@Suite struct SchemaFrameTests {
    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/schemas")
    static let monaco = LatLon(lat: 43.7384, lon: 7.4246)

    /// The fixture of `schema`, opened.
    static func store(_ schema: TileSchema) throws -> any TileStore {
        switch schema {
        case .openMapTiles: return try MBTilesFile(path: folder.appendingPathComponent("monaco-omt.mbtiles").path)
        case .shortbread: return try MBTilesFile(path: folder.appendingPathComponent("monaco-shortbread.mbtiles").path)
        case .protomaps: return try PMTilesFile(path: folder.appendingPathComponent("monaco-protomaps.pmtiles").path)
        }
    }

    /// The colours of the style's road and rail lines.
    static let roadColors = Set(
        style.layers.filter { $0.kind == .line && ($0.id.hasPrefix("road-") || $0.id == "tunnel" || $0.id == "rail") }
            .map(\.color))
    /// The colours of street names.
    static let streetNameColors = Set(style.layers.filter { $0.id.hasPrefix("label-street-") }.map(\.color))

    /// What one view of one schema draws.
    struct View {
        /// Cells (row × cols + col) holding road dots.
        var roadCells: Set<Int>
        /// Every name the view's features give (before placement), and the street names among them.
        var names: Set<String>
        var streetNames: Set<String>
        /// The frame's text, names placed.
        var text: String
    }

    static func view(_ schema: TileSchema, zoom: Double, cols: Int, rows: Int) throws -> View {
        let store = try store(schema)
        let map = SnapshotMap(sources: [TileLoader(store: store)], style: style)
        let camera = Camera(center: monaco, zoom: zoom)
        let viewport = Viewport(cols: cols, rows: rows)
        let layers = map.renderLayers(camera: camera, viewport: viewport)
        #expect(map.builder.schema(ofSource: TileSourceID("1")) == schema)
        var roads: Set<Int> = []
        for row in 0..<layers.grid.rows {
            for col in 0..<layers.grid.cols {
                let cell = layers.grid[col, row]
                if cell.scalar > 0x2800, cell.scalar <= 0x28FF, roadColors.contains(cell.style.fg) {
                    roads.insert(row * cols + col)
                }
            }
        }
        let grid = map.render(camera: camera, viewport: viewport)
        return View(
            roadCells: roads, names: Set(layers.labels.map(\.text)),
            streetNames: Set(layers.labels.filter { streetNameColors.contains($0.style.fg) }.map(\.text)),
            text: (0..<grid.rows).map { grid.line($0) }.joined(separator: "\n"))
    }

    /// Names written on the frame (the view's names whose text the frame holds).
    static func placed(_ view: View) -> Set<String> { view.names.filter { view.text.contains($0) } }

    /// Tolerances, stated: at least 95% of OpenMapTiles' road cells hold road dots in the other
    /// schemas too (Shortbread's own tilemaker profile cuts and simplifies its lines a little
    /// differently), the road cell counts are within 5%; every street name but one per view is given
    /// (Shortbread names a pedestrian square in another layer), and 90% of the names written on the
    /// OpenMapTiles frame are written on the other frames as well.
    @Test(arguments: [(15.0, 80, 24), (16.0, 80, 24), (15.0, 160, 48), (16.0, 160, 48)])
    func everySchemaDrawsTheSameStreetsAndNames(zoom: Double, cols: Int, rows: Int) throws {
        let omt = try Self.view(.openMapTiles, zoom: zoom, cols: cols, rows: rows)
        #expect(omt.roadCells.count > cols * rows / 8, "the OpenMapTiles view has streets")
        #expect(omt.streetNames.count >= 5, "and street names")
        let omtPlaced = Self.placed(omt)
        for schema in [TileSchema.shortbread, .protomaps] {
            let other = try Self.view(schema, zoom: zoom, cols: cols, rows: rows)
            let shared = omt.roadCells.intersection(other.roadCells).count
            let placedToo = omtPlaced.filter { other.text.contains($0) }.count
            print(
                "schema z\(zoom) \(cols)x\(rows) \(schema.title): road cells \(other.roadCells.count) "
                    + "(OpenMapTiles \(omt.roadCells.count), \(shared) shared), street names "
                    + "\(other.streetNames.count) (\(omt.streetNames.subtracting(other.streetNames).count) missing), "
                    + "placed names \(placedToo) of \(omtPlaced.count)")
            #expect(Double(shared) >= 0.95 * Double(omt.roadCells.count), "\(schema)")
            #expect(abs(other.roadCells.count - omt.roadCells.count) * 20 <= omt.roadCells.count, "\(schema)")
            #expect(omt.streetNames.subtracting(other.streetNames).count <= 1, "\(schema)")
            #expect(Double(placedToo) >= 0.9 * Double(omtPlaced.count), "\(schema)")
        }
    }

    /// Protomaps v4 is converted from the OpenMapTiles fixture, so its streets and their names are the
    /// very same (where the names land may differ: the two order their lines differently).
    @Test func protomapsDrawsTheOpenMapTilesStreetsExactly() throws {
        for (zoom, cols, rows) in [(15.0, 80, 24), (16.0, 160, 48)] {
            let omt = try Self.view(.openMapTiles, zoom: zoom, cols: cols, rows: rows)
            let protomaps = try Self.view(.protomaps, zoom: zoom, cols: cols, rows: rows)
            #expect(protomaps.roadCells == omt.roadCells)
            #expect(protomaps.streetNames == omt.streetNames)
        }
    }
}
