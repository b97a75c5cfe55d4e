import Foundation
import GeoCore
import MapFeature
import Render
import TestSupport
import Testing

/// Whole frames at fixed sizes compared with text snapshots (`RECORD_SNAPSHOTS=1` rewrites them).
@Suite struct FrameSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snapshots")

    struct View: CustomTestStringConvertible, Sendable {
        var name: String
        var center: LatLon?
        var zoom: Double?
        var testDescription: String { name }
    }

    static let views = [
        View(name: "world", center: LatLon(lat: 52.52, lon: 13.405), zoom: nil),
        View(name: "europe-z3.5", center: LatLon(lat: 50, lon: 10), zoom: 3.5),
        View(name: "newyork-z5.5", center: LatLon(lat: 40.7, lon: -74), zoom: 5.5),
        View(name: "monaco-z15", center: LatLon(lat: 43.7384, lon: 7.4246), zoom: 15),
    ]

    @Test(arguments: views, [(80, 24), (160, 48)])
    func frame(view: View, size: (Int, Int)) throws {
        let renderer = try WorldMap.renderer()
        let screen = Viewport(cols: size.0, rows: size.1)
        let zoom = view.zoom ?? Camera.zoomToFill(dotsWide: screen.dotsWide)
        let state = MapState(camera: Camera(center: view.center!, zoom: zoom), screen: screen)
        let grid = WorldMap.frame(state, renderer: renderer)
        #expect(grid.rows == size.1 && grid.cols == size.0)
        Snapshot.assert(grid, named: "\(view.name)-\(size.0)x\(size.1)", in: Self.directory)
    }

    /// Streets of the Monaco sample must be visible at z15: many cells drawn in road colours.
    @Test func monacoShowsStreets() throws {
        let renderer = try WorldMap.renderer()
        let state = MapState(
            camera: Camera(center: LatLon(lat: 43.7384, lon: 7.4246), zoom: 15), screen: Viewport(cols: 160, rows: 48))
        let grid = WorldMap.frame(state, renderer: renderer)
        let roadColours = Set(WorldMap.style.layers.filter { $0.id.hasPrefix("road") }.map(\.color))
        let roadCells = grid.cells.filter {
            roadColours.contains($0.style.fg) && $0.scalar >= 0x2800 && $0.scalar <= 0x28FF
        }
        #expect(roadCells.count > 300, "only \(roadCells.count) road cells")
        let buildingColour = WorldMap.style.layers.first { $0.id == "building" }!.color
        #expect(grid.cells.filter { $0.style.bg == buildingColour }.count > 50)
    }

    /// A cold frame (caches emptied) is the same as a warm one, and a damaged tile never shows up as one.
    @Test func coldAndWarmFramesAgree() throws {
        let renderer = try WorldMap.renderer()
        let camera = Camera(center: LatLon(lat: 50, lon: 10), zoom: 3.5)
        let warm = renderer.render(camera: camera, viewport: Viewport(cols: 100, rows: 30))
        renderer.clearCache()
        #expect(renderer.render(camera: camera, viewport: Viewport(cols: 100, rows: 30)) == warm)
        #expect(renderer.damagedTileCount == 0)
    }

    /// The world view shows the big country names and both oceans.
    @Test func worldShowsCountriesAndOcean() throws {
        let renderer = try WorldMap.renderer()
        let screen = Viewport(cols: 160, rows: 48)
        let state = MapState(
            camera: Camera(center: LatLon(lat: 20, lon: 0), zoom: Camera.zoomToFill(dotsWide: screen.dotsWide)),
            screen: screen)
        let text = WorldMap.frame(state, renderer: renderer).text
        for name in ["Russia", "Brazil", "China"] { #expect(text.contains(name), "\(name) missing") }
        let ocean = WorldMap.style.layers.first { $0.id == "ocean" }!.color
        #expect(WorldMap.frame(state, renderer: renderer).cells.filter { $0.style.bg == ocean }.count > 3000)
    }
}
