import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The on-screen layout of markers on seeded sets: no two drawn markers touch (a free cell all round),
/// every marker of the view is drawn exactly once (alone or merged), panning does not reshuffle what is
/// away from the edges, and the selection keeps its own cell.
@Suite struct MarkerLayoutTests {
    static let center = LatLon(lat: 37.77, lon: -122.42)

    /// A state at zoom `zoom` over `center` with the markers of `count` seeded places around it.
    static func state(count: Int, spread: Double, zoom: Double, seed: UInt64) -> MapState {
        var g = SeededGenerator(seed: seed)
        let places = (0..<count).map { i in
            Place(
                id: "rr:\(i)", kind: i % 9 == 0 ? .heliport : .restroom, name: "P\(i)",
                coordinate: LatLon(
                    lat: center.lat + Double.random(in: -spread...spread, using: &g),
                    lon: center.lon + Double.random(in: -spread...spread, using: &g)))
        }
        var state = MapState(camera: Camera(center: center, zoom: zoom), screen: Viewport(cols: 100, rows: 31))
        state.places.markers = PlaceClusters(places: places).markers(
            in: .world, zoom: Int(zoom), filter: .standard)
        return state
    }

    static func touching(_ a: DrawnMarker, _ b: DrawnMarker) -> Bool {
        abs(a.row - b.row) <= 1 && a.startCol <= b.startCol + b.width && b.startCol <= a.startCol + a.width
    }

    @Test(arguments: [(400, 0.02, 14.0), (3000, 0.1, 12.0), (2000, 0.3, 10.0), (500, 0.001, 18.0)])
    func drawnMarkersNeverTouchAndCountEveryPlaceOnce(count: Int, spread: Double, zoom: Double) {
        let state = Self.state(count: count, spread: spread, zoom: zoom, seed: UInt64(count))
        let drawn = state.drawnMarkers
        #expect(!drawn.isEmpty)
        for (i, a) in drawn.enumerated() {
            for b in drawn[(i + 1)...] {
                #expect(!Self.touching(a, b), "'\(a.text(ascii: false))' touches '\(b.text(ascii: false))'")
            }
        }
        let keys = drawn.flatMap { $0.parts.map(\.key) }
        #expect(Set(keys).count == keys.count, "a marker drawn twice")
        #expect(drawn.allSatisfy { $0.count == $0.parts.reduce(0) { $0 + $1.count } })
        // Every marker well inside the view is drawn, alone or merged.
        let inner = state.places.markers.filter { marker in
            let (x, y) = state.transform.dots(marker.coordinate)
            return x > 20 && y > 20 && x < Double(state.mapViewport.dotsWide - 20)
                && y < Double(state.mapViewport.dotsHigh - 20)
        }
        #expect(Set(inner.map(\.key)).isSubset(of: Set(keys)))
    }

    @Test func panningByWholeCellsMovesMarkersWithoutReshuffling() {
        var state = Self.state(count: 3000, spread: 0.1, zoom: 12, seed: 3)
        let before = state.drawnMarkers
        _ = MapReducer.reduce(&state, .key(.right))  // 25 cells east: everything moves 25 cells left
        let after = state.drawnMarkers
        let shift = state.mapViewport.cols / 4
        let view = state.mapViewport
        let far = { (m: DrawnMarker) in m.col >= 12 && m.row >= 6 && m.col < view.cols - 12 && m.row < view.rows - 6 }
        let moved = Dictionary(uniqueKeysWithValues: after.map { ($0.key, $0) })
        let kept = before.filter { far($0) && $0.col - shift >= 12 }
        #expect(kept.count > 10, "markers far enough from the edges to stay on screen")
        for marker in kept {
            guard let now = moved[marker.key] else {
                Issue.record("marker \(marker.key) is gone after the pan")
                continue
            }
            #expect(now.col == marker.col - shift && now.row == marker.row && now.count == marker.count)
        }
    }

    @Test func theSelectionKeepsItsCellAndIsNeverMergedAway() {
        var state = Self.state(count: 3000, spread: 0.1, zoom: 12, seed: 4)
        let crowded = state.drawnMarkers.first { $0.count > 1 }!
        let part = crowded.parts.last!
        state.selection = part.place.map { .place($0) } ?? .cluster(ClusterSelection(marker: crowded))
        let drawn = state.drawnMarkers
        #expect(drawn.first?.parts.first?.key == part.key, "the selection is placed first, as itself")
    }

    @Test func thousandsOnOneSpotAreOneCountEvenAtTheTopZoom() {
        let places = (0..<3000).map {
            Place(id: "rr:\($0)", kind: .restroom, name: "Same", coordinate: Self.center)
        }
        var state = MapState(camera: Camera(center: Self.center, zoom: 18), screen: Viewport(cols: 100, rows: 31))
        state.places.markers = PlaceClusters(places: places).markers(in: .world, zoom: 18, filter: .standard)
        let drawn = state.drawnMarkers
        #expect(drawn.count == 1 && drawn[0].count == 3000)
        // Enter can zoom no further: it opens the pane listing the most important ones.
        state.selection = .cluster(ClusterSelection(marker: drawn[0]))
        let effects = MapReducer.reduce(&state, .key(.enter))
        #expect(state.detailOpen && state.camera.zoom == 18)
        #expect(effects == [.loadLeaders(LeadersRequest(marker: drawn[0], filter: .standard))])
    }
}
