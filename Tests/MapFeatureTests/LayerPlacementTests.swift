import GeoCore
import Layers
import MapFeature
import Testing

@testable import Render

@Suite struct LayerPlacementTests {
    /// A point hemmed in by a name: the name gives way whole, never a letter overwritten.
    @Test func aPointWithNoRoomTakesItsCellAndTheNameGivesWayWhole() {
        var state = MapState(
            camera: Camera(center: LayersReducerTests.sf, zoom: 14), screen: Viewport(cols: 60, rows: 20))
        state.layers.add(
            name: "x", content: LayerContent(features: [LayersReducerTests.point(37.78, -122.42)], identity: 1))
        let (x, y) = state.transform.dots(LayersReducerTests.sf)
        let col = Int(x / 2), row = Int(y / 4)
        // A wide name across the point's row, so no cell on it or one row away is free.
        let names = (-2...2).map { dy in
            MapLabel(
                text: String(repeating: "N", count: 40), width: 40, col: col - 20, row: row + dy, priority: 1,
                style: .plain, major: true)
        }
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 60, rows: 19), labels: names))
        #expect(grid[col, row].scalar == Unicode.Scalar("❖").value)
        for dy in -2...2 {
            let line = grid.line(row + dy)
            // Each name is there whole or not at all.
            #expect(line.contains(String(repeating: "N", count: 40)) || !line.contains("N"))
        }
    }
}
