import Foundation
import GeoCore
import Layers
import MapFeature
import Render
import TestSupport
import Testing

/// Layers drawn into whole frames: a polygon's fill against a brute-force point-in-polygon test, and
/// snapshots of a layer over the world and over San Francisco.
@Suite struct LayerSnapshotTests {
    static let directory = FrameSnapshotTests.directory

    /// Even–odd: is `p` inside the rings (in dots)?
    static func inside(_ p: SIMD2<Double>, _ rings: [[SIMD2<Double>]]) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > p.y) != (b.y > p.y) {
                if p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
            }
        }
        return inside
    }

    @Test func aPolygonFillsExactlyTheCellsWhoseCentresAreInside() {
        let outer = [(37.80, -122.46), (37.80, -122.38), (37.76, -122.38), (37.785, -122.42), (37.76, -122.46)]
        let hole = [(37.795, -122.45), (37.795, -122.44), (37.785, -122.44), (37.785, -122.45)]
        let rings = [outer, hole].map { ring in (ring + [ring[0]]).map { LatLon(lat: $0.0, lon: $0.1) } }
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.78, lon: -122.42), zoom: 11.5), screen: Viewport(cols: 100, rows: 31))
        state.layers.add(
            name: "area", content: LayerContent(features: [LayerFeature(geometries: [.polygon(rings)])], identity: 1))
        let grid = FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: 100, rows: 30), labels: []))
        let transform = state.transform
        let dots = rings.map { ring in ring.map { p in SIMD2(transform.dots(p).x, transform.dots(p).y) } }
        var filled = 0
        for row in 0..<30 {
            for col in 0..<100 {
                let centre = SIMD2((Double(col) + 0.5) * 2, (Double(row) + 0.5) * 4)
                let expected = Self.inside(centre, dots)
                #expect((grid[col, row].style.bg == LayerColor.palette[0].fill) == expected, "cell \(col),\(row)")
                if expected { filled += 1 }
            }
        }
        #expect(filled > 200)
    }

    /// Hundreds of holes, in and beyond the view, most of them smaller than a cell: the rings left out
    /// because no cell centre line crosses them within the view change no cell.
    @Test func manySmallHolesFillLikeTheBruteForceTest() {
        var random = SeededGenerator(seed: 17)
        let outer = [(37.86, -122.56), (37.86, -122.28), (37.70, -122.28), (37.70, -122.56)]
        var rings = [outer]
        for _ in 0..<600 {
            let lat = Double.random(in: 37.70...37.86, using: &random)
            let lon = Double.random(in: -122.56 ... -122.28, using: &random)
            let size = [0.0004, 0.001, 0.004].randomElement(using: &random)!
            rings.append([(lat, lon), (lat, lon + size), (lat - size, lon + size * 0.6)])
        }
        let closed = rings.map { ring in (ring + [ring[0]]).map { LatLon(lat: $0.0, lon: $0.1) } }
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.78, lon: -122.42), zoom: 12.3), screen: Viewport(cols: 60, rows: 21))
        state.layers.add(
            name: "area", content: LayerContent(features: [LayerFeature(geometries: [.polygon(closed)])], identity: 1))
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 60, rows: 20), labels: []))
        let transform = state.transform
        let dots = closed.map { ring in ring.map { p in SIMD2(transform.dots(p).x, transform.dots(p).y) } }
        var filled = 0, holes = 0
        for row in 0..<20 {
            for col in 0..<60 {
                let centre = SIMD2((Double(col) + 0.5) * 2, (Double(row) + 0.5) * 4)
                let expected = Self.inside(centre, dots)
                #expect((grid[col, row].style.bg == LayerColor.palette[0].fill) == expected, "cell \(col),\(row)")
                if expected { filled += 1 } else { holes += 1 }
            }
        }
        #expect(filled > 600 && holes > 20, "the holes show: \(holes) cells")
    }

    /// A layer of points, a line and a polygon with a hole, as a file would give them.
    static func layer() -> LayerContent {
        var random = SeededGenerator(seed: 42)
        var features = (0..<3_000).map { i in
            LayerFeature(
                name: "p\(i)",
                geometries: [
                    .point(
                        LatLon(
                            lat: Double.random(in: -60...70, using: &random),
                            lon: Double.random(in: -180...180, using: &random)))
                ])
        }
        let sf = (0..<40).map { i in
            LayerFeature(
                name: "sf\(i)",
                geometries: [
                    .point(
                        LatLon(
                            lat: 37.77 + Double.random(in: 0...0.03, using: &random),
                            lon: -122.44 + Double.random(in: 0...0.05, using: &random)))
                ])
        }
        features += sf
        features.append(
            LayerFeature(
                name: "Market Street walk",
                geometries: [
                    .line([
                        LatLon(lat: 37.7955, lon: -122.3937), LatLon(lat: 37.7880, lon: -122.4030),
                        LatLon(lat: 37.7749, lon: -122.4194),
                    ])
                ]))
        let park = [(37.771, -122.511), (37.771, -122.453), (37.766, -122.453), (37.764, -122.511), (37.771, -122.511)]
        let hole = [(37.769, -122.49), (37.769, -122.48), (37.767, -122.48), (37.767, -122.49), (37.769, -122.49)]
        features.append(
            LayerFeature(
                name: "park",
                geometries: [.polygon([park, hole].map { $0.map { LatLon(lat: $0.0, lon: $0.1) } })]))
        features.append(
            LayerFeature(
                name: "dateline",
                geometries: [
                    .line([LatLon(lat: -20, lon: 170), LatLon(lat: -10, lon: 181), LatLon(lat: 0, lon: 190)])
                ]))
        return LayerContent(features: features, identity: 1)
    }

    @Test func aSelectedLineWithItsPaneOverSanFrancisco() throws {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.787, lon: -122.405), zoom: 14), screen: Viewport(cols: 120, rows: 40))
        state.layers.add(name: "sample.geojson", content: Self.layer())
        state.userLocation = LatLon(lat: 37.7793, lon: -122.4193)
        let walk = state.layers.layers[0].content.features.firstIndex { $0?.name == "Market Street walk" }!
        _ = MapReducer.reduce(
            &state,
            .select(
                .layerFeature(LayerPick(layer: 1, slot: walk, count: 1, coordinate: LatLon(lat: 37.788, lon: -122.403)))
            ))
        _ = MapReducer.reduce(&state, .openPane)
        let grid = WorldMap.frame(state, renderer: try WorldMap.renderer())
        Snapshot.assert(grid, named: "layer-selected-line-sf-120x40", in: Self.directory)
        #expect(grid.text.contains("Market Street walk") && grid.text.contains("Length: 3.22 km (2.00 mi)"))
    }

    @Test(arguments: [
        ("layer-world-160x48", LatLon(lat: 20, lon: 0), 0.6, 160, 48),
        ("layer-sanfrancisco-z12-120x40", LatLon(lat: 37.78, lon: -122.44), 12.0, 120, 40),
    ])
    func snapshot(name: String, center: LatLon, zoom: Double, cols: Int, rows: Int) throws {
        var state = MapState(camera: Camera(center: center, zoom: zoom), screen: Viewport(cols: cols, rows: rows))
        state.layers.add(name: "sample.geojson", content: Self.layer())
        let grid = WorldMap.frame(state, renderer: try WorldMap.renderer())
        Snapshot.assert(grid, named: name, in: Self.directory)
        #expect(grid.text.contains("1 layer"))
    }
}
