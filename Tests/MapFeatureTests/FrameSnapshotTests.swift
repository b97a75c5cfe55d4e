import Foundation
import GeoCore
import Render
import TestSupport
import Testing

@testable import MapFeature

/// Whole frames at fixed sizes, with the shipped places, compared with text snapshots
/// (`RECORD_SNAPSHOTS=1` rewrites them); in every one each name drawn is whole and no two markers touch.
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
        View(name: "europe-z4", center: LatLon(lat: 47, lon: 8), zoom: 4),
        View(name: "newyork-z5.5", center: LatLon(lat: 40.7, lon: -74), zoom: 5.5),
        View(name: "newyork-z6", center: LatLon(lat: 40.7, lon: -74), zoom: 6),
        View(name: "sanfrancisco-z10", center: LatLon(lat: 37.77, lon: -122.42), zoom: 10),
        View(name: "sanfrancisco-z14", center: LatLon(lat: 37.78, lon: -122.41), zoom: 14),
        View(name: "monaco-z15", center: LatLon(lat: 43.7384, lon: 7.4246), zoom: 15),
    ]

    static func state(_ view: View, _ size: (Int, Int)) -> MapState {
        let screen = Viewport(cols: size.0, rows: size.1)
        let zoom = view.zoom ?? Camera.zoomToFill(dotsWide: screen.dotsWide)
        return WorldMap.withPlaces(MapState(camera: Camera(center: view.center!, zoom: zoom), screen: screen))
    }

    @Test(arguments: views, [(80, 24), (160, 48)])
    func frame(view: View, size: (Int, Int)) throws {
        let renderer = try WorldMap.renderer()
        let grid = WorldMap.frame(Self.state(view, size), renderer: renderer)
        #expect(grid.rows == size.1 && grid.cols == size.0)
        Snapshot.assert(grid, named: "\(view.name)-\(size.0)x\(size.1)", in: Self.directory)
    }

    /// Every name placed is drawn whole in the final frame (no glyph, count, mark or crosshair took a
    /// letter), has a free cell or the edge on both sides, and no two markers touch, not even corner
    /// to corner.
    @Test(arguments: views, [(80, 24), (160, 48)])
    func namesStayWholeAndMarkersApart(view: View, size: (Int, Int)) throws {
        let renderer = try WorldMap.renderer()
        let state = Self.state(view, size)
        let map = renderer.renderLayers(camera: state.camera, viewport: state.mapViewport)
        let placement = OverlayPlacement(state, marks: FixedMarks(state), credit: CreditLine(state), map: map)
        let grid = FrameComposer().compose(state, map: map)
        #expect(!placement.labels.isEmpty)
        for i in placement.labels {
            let label = map.labels[i]
            let drawn = String(
                grid.line(label.row).unicodeScalars.dropFirst(label.col).prefix(label.text.unicodeScalars.count))
            #expect(drawn == label.text, "'\(label.text)' drawn as '\(drawn)'")
        }
        let markers = placement.markers
        for marker in markers where marker.startCol >= 0 && marker.startCol + marker.width <= grid.cols {
            let text = marker.text(ascii: false)
            let drawn = String(
                grid.line(marker.row).unicodeScalars.dropFirst(marker.startCol).prefix(text.unicodeScalars.count))
            #expect(drawn == text, "marker '\(text)' drawn as '\(drawn)' (crosshair or a mark over it?)")
        }
        for (i, a) in markers.enumerated() {
            for b in markers[(i + 1)...] {
                let apart =
                    b.startCol > a.startCol + a.width || a.startCol > b.startCol + b.width || abs(a.row - b.row) > 1
                #expect(apart, "markers '\(a.text(ascii: false))' and '\(b.text(ascii: false))' touch")
            }
        }
        // A count keeps two blank cells from a name on its row, so "Spain 29" never reads as one name.
        for marker in markers where !marker.isGlyph {
            for i in placement.labels where map.labels[i].row == marker.row {
                let label = map.labels[i]
                let gap = max(marker.startCol - (label.col + label.width), label.col - (marker.startCol + marker.width))
                #expect(gap >= 2, "count '\(marker.text(ascii: false))' is \(gap) cell(s) from '\(label.text)'")
            }
        }
        #expect(placement.counts.places <= state.places.markers.reduce(0) { $0 + $1.count })
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

    /// The shipped Bay Area streets are drawn at the first view (Market Street, z15), with the
    /// restrooms of the shipped places on them.
    @Test func marketStreetShowsStreetsAndRestrooms() throws {
        let renderer = try WorldMap.renderer()
        let state = WorldMap.withPlaces(
            MapState(
                camera: Camera(center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 15),
                screen: Viewport(cols: 160, rows: 48)))
        let grid = WorldMap.frame(state, renderer: renderer)
        let roadColours = Set(WorldMap.style.layers.filter { $0.id.hasPrefix("road") }.map(\.color))
        let roadCells = grid.cells.filter {
            roadColours.contains($0.style.fg) && $0.scalar >= 0x2800 && $0.scalar <= 0x28FF
        }
        #expect(roadCells.count > 1000, "only \(roadCells.count) road cells")
        #expect(grid.text.contains("⌂"))
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

    /// Frames down from z13 to z17 over Monaco and back (tiles prepared for more layers as buildings and
    /// street names appear) draw exactly what fresh renderers draw.
    @Test func framesAcrossZoomsMatchFreshRenderers() throws {
        let reused = try WorldMap.renderer()
        let viewport = Viewport(cols: 120, rows: 40)
        for zoom in [13, 14, 15, 16.5, 17, 15, 13.5] {
            let camera = Camera(center: LatLon(lat: 43.7384, lon: 7.4246), zoom: zoom)
            let fresh = try WorldMap.renderer().render(camera: camera, viewport: viewport)
            #expect(reused.render(camera: camera, viewport: viewport) == fresh, "z\(zoom)")
        }
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
