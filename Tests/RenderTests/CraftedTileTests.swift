import Foundation
import GeoCore
import Render
import TestSupport
import Testing
import VectorTiles

/// Tiles built to break the renderer: a polygon whose ring walks 300 × (2³¹−1) units, lines and a
/// label line with vertices 1 000 × (2³¹−1) away, in a one-tile world viewed up to z18. Every frame is
/// drawn (or the tile skipped), never a trap.
@Suite struct CraftedTileTests {
    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))

    /// A command stream: MoveTo (0, 0), then `steps` LineTo deltas of (dx, dy) each, closed when asked.
    static func walk(steps: Int, dx: Int32, dy: Int32, close: Bool) -> [UInt32] {
        var out = [MVTGeometry.command(1, count: 1), 0, 0, MVTGeometry.command(2, count: UInt32(steps))]
        for _ in 0..<steps { out += [MVTWireWriter.zigzag(dx), MVTWireWriter.zigzag(dy)] }
        if close { out.append(MVTGeometry.command(7, count: 1)) }
        return out
    }

    static func tile() -> [UInt8] {
        let huge = Int32.max
        let ring = walk(steps: 300, dx: huge, dy: huge / 2, close: true)
        let back = walk(steps: 300, dx: -huge, dy: huge, close: true)
        let far = walk(steps: 1000, dx: huge, dy: -huge, close: false)
        return MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "water", keys: ["class"], values: [.string("ocean")],
                features: [
                    MVTEncoder.Feature(type: .polygon, tags: [0, 0], geometry: ring),
                    MVTEncoder.Feature(type: .polygon, tags: [0, 0], geometry: back),
                ]),
            MVTEncoder.Layer(
                name: "transportation", keys: ["class"], values: [.string("motorway")],
                features: [MVTEncoder.Feature(type: .lineString, tags: [0, 0], geometry: far)]),
            MVTEncoder.Layer(
                name: "transportation_name", keys: ["name"], values: [.string("Road to nowhere")],
                features: [
                    MVTEncoder.Feature(
                        type: .lineString, tags: [0, 0], geometry: far + walk(steps: 2, dx: 1, dy: 1, close: false))
                ]),
            MVTEncoder.Layer(
                name: "place", keys: ["class", "name"], values: [.string("city"), .string("Faraway")],
                features: [
                    MVTEncoder.Feature(
                        type: .point, tags: [0, 0, 1, 1],
                        geometry: [
                            MVTGeometry.command(1, count: 1), MVTWireWriter.zigzag(huge), MVTWireWriter.zigzag(huge),
                        ])
                ]),
        ])
    }

    @Test func hugeCoordinatesAreDrawnOrSkippedNeverATrap() {
        let store = MVTMemoryTileStore(tiles: [TileID(z: 0, x: 0, y: 0): Self.tile()], minZoom: 0, maxZoom: 0)
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: Self.style)
        var g = SeededGenerator(seed: 18)
        for zoom in [0.0, 3, 9, 15, 18] {
            for _ in 0..<6 {
                let center = LatLon(lat: .random(in: -85...85, using: &g), lon: .random(in: -180..<180, using: &g))
                let grid = renderer.render(
                    camera: Camera(center: center, zoom: zoom), viewport: Viewport(cols: 120, rows: 40))
                #expect(grid.cols == 120 && grid.rows == 40)
            }
        }
    }

    @Test func linesWithInfiniteOrNaNEndsAreLeftOut() {
        var canvas = DotCanvas(cols: 10, rows: 5)
        canvas.drawLine(x0: .nan, y0: 1, x1: 5, y1: 5, color: TermColor(1))
        canvas.drawLine(x0: 0, y0: 0, x1: .infinity, y1: 5, color: TermColor(1))
        #expect(canvas.dots.allSatisfy { $0 == 0 })
        var crossings: [SIMD2<Double>] = []
        let points: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1e300, 1e300), SIMD2(.nan, 3), SIMD2(-1e300, 8)]
        canvas.fillPolygon(points, rings: [0..<4], color: TermColor(2), scratch: &crossings)
    }
}
