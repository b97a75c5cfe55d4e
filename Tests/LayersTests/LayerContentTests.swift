import GeoCore
import Layers
import TestSupport
import Testing

/// A seeded stream of moves, new features and overflow against a plain model of what should be shown.
@Suite struct LayerContentTests {
    @Test func aSeededStreamShowsExactlyTheLatestOfEachFeature() {
        var random = SeededGenerator(seed: 21)
        var content = LayerContent(streamIdentity: 1, trail: 3)
        content.capacity = 50
        // The model: the latest position of each id, and the arrival order for dropping the oldest.
        var latest: [String: LatLon] = [:]
        var arrival: [String] = []
        for _ in 0..<200 {
            var batch: [LayerFeature] = []
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                let id = "t\(Int.random(in: 0..<80, using: &random))"
                let p = LatLon(lat: .random(in: -60...60, using: &random), lon: .random(in: -180..<180, using: &random))
                batch.append(LayerFeature(id: id, name: id, geometries: [.point(p)]))
                if latest[id] == nil {
                    if latest.count == content.capacity { latest[arrival.removeFirst()] = nil }
                    arrival.append(id)
                }
                latest[id] = p
            }
            content.add(batch)
            let shown = content.features.compactMap { $0 }
            #expect(shown.count == latest.count && content.count == latest.count)
            #expect(content.points.count == latest.count)
            for feature in shown { #expect(LayerContent.firstPoint(feature) == latest[feature.id!]) }
            var total = 0
            content.points.forEach(level: 3, minX: 0, minY: 0, maxX: 1, maxY: 1) { total += $0.count }
            #expect(total == latest.count)
        }
    }
}
