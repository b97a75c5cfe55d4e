import Blocking
import Foundation
import GeoCore
import MapFeature
import Network
import Places
import Render
import Routing
import Storage
import TestSupport
import VectorTiles

/// Part 12: the way there, from `g` to the route drawn on screen, against the local OSRM car server of
/// `Tests/services/osrm.sh` (`MAPTERM_TEST_OSRM_CAR`), over 50 seeded pairs in downtown San Francisco.
enum RouteBenchmark {
    static func run(resources: URL) throws {
        print("== the way there: g → route from a local OSRM → frame drawn, 160x48 ==")
        guard let text = ProcessInfo.processInfo.environment["MAPTERM_TEST_OSRM_CAR"], let base = URL(string: text)
        else {
            print("route request → drawn: skipped, no MAPTERM_TEST_OSRM_CAR (make bench starts Tests/services/osrm.sh)")
            return
        }
        // The bench's own gate without the public servers' one-a-second courtesy: the server is ours.
        let router = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(all: base)), gate: RouterGate(interval: 0))
        let style = try MapStyle.decode(from: Data(contentsOf: resources.appendingPathComponent("style-dark.json")))
        let streets = try MBTilesFile(path: resources.appendingPathComponent("bayarea.mbtiles").path)
        let map = SnapshotMap(sources: [TileLoader(store: streets)], style: style)
        var rng = BenchRandom(seed: 12)
        var samples: [Double] = []
        var straight = 0
        for i in 0..<53 {
            let from = LatLon(
                lat: .random(in: 37.765...37.805, using: &rng), lon: .random(in: -122.45 ... -122.39, using: &rng))
            let to = LatLon(
                lat: .random(in: 37.765...37.805, using: &rng), lon: .random(in: -122.45 ... -122.39, using: &rng))
            let (milliseconds, found) = try drawRoute(from: from, to: to, number: i, router: router, map: map)
            guard i >= 3 else { continue }  // the first three warm the caches
            samples.append(milliseconds)
            if !found { straight += 1 }
        }
        let timing = Timing(samples: samples)
        reportPercentile("route asked → drawn, p50 (50 pairs)", timing, 0.5, target: 16.7)
        reportPercentile("route asked → drawn, p99 (50 pairs)", timing, 0.99, target: 50)
        print("  \(samples.count - straight) of \(samples.count) pairs routed along roads")
    }

    /// Milliseconds from `g` on a selection at `to` (the user at `from`) to the frame with the route
    /// drawn, and whether a route (not the straight line) came.
    static func drawRoute(from: LatLon, to: LatLon, number: Int, router: OSRMClient, map: SnapshotMap) throws
        -> (Double, Bool)
    {
        var state = MapState(camera: Camera(center: from, zoom: 15), screen: Viewport(cols: 160, rows: 48))
        state.userLocation = from
        state.selection = .place(Place(id: "bench:\(number)", kind: .restroom, name: "Target", coordinate: to))
        let runtime = MapRuntime(source: PlacesStubSource(), router: router)
        let start = DispatchTime.now().uptimeNanoseconds
        let effects = MapReducer.reduce(&state, .key(.character("g")))
        _ = runtime.perform(effects.filter { if case .findRoute = $0 { true } else { false } })
        BlockingBridge.run { await runtime.waitForRoute() }
        for action in runtime.takeActions() { _ = MapReducer.reduce(&state, action) }
        let frame = FrameComposer().compose(
            state, map: map.renderLayers(camera: state.camera, viewport: state.mapViewport))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        frameChecksum &+= frame.cols
        return (elapsed, state.route?.plan != nil)
    }
}
