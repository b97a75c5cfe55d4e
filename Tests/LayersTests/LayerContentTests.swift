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

/// Dropping the oldest features at the cap when they all share one place (a tracker at rest).
@Suite struct LayerContentCapTests {
    /// Unlabelled points at one position, `n` of them.
    static func stationary(_ n: Int) -> [LayerFeature] {
        [LayerFeature](repeating: LayerFeature(geometries: [.point(LatLon(lat: 37.78, lon: -122.41))]), count: n)
    }

    @Test func pointsAtOnePlaceBeyondTheCapDropTheOldest() throws {
        let capacity = 5_000
        let content = try #require(
            Deadline.run(seconds: 60) {
                var content = LayerContent(streamIdentity: 1, trail: 0)
                content.capacity = capacity
                // Deliveries as a stream makes them: the cap is reached, then every arrival drops the oldest.
                for _ in 0..<3 { content.add(Self.stationary(capacity)) }
                content.add([LayerFeature(name: "last", geometries: [.point(LatLon(lat: 37.78, lon: -122.41))])])
                return content
            }, "adding 15 001 points at one place to a layer capped at 5 000 took over a minute")
        #expect(content.count == capacity && content.points.count == capacity)
        #expect(content.features.compactMap { $0 }.count == capacity)
        #expect(content.features.contains { $0?.name == "last" })
        var clusters: [LayerPointIndex.Cluster] = []
        content.points.forEach(level: 12, minX: 0, minY: 0, maxX: 1, maxY: 1) { clusters.append($0) }
        #expect(clusters.count == 1 && clusters.first?.count == capacity)
    }

    @Test func linesBeyondTheCapLeaveInOnePassPerDelivery() throws {
        let capacity = 5_000
        let content = try #require(
            Deadline.run(seconds: 60) {
                var content = LayerContent(streamIdentity: 1, trail: 0)
                content.capacity = capacity
                for delivery in 0..<5 {
                    content.add(
                        (0..<capacity).map { i in
                            let lon = Double(i % 100) / 100
                            return LayerFeature(
                                name: "\(delivery)/\(i)",
                                geometries: [.line([LatLon(lat: 1, lon: lon), LatLon(lat: 2, lon: lon)])])
                        })
                }
                return content
            }, "adding 25 000 lines to a layer capped at 5 000 took over a minute")
        #expect(content.count == capacity && content.paths.count == capacity)
        // The last delivery, each feature with its own path.
        let kept = Set(content.features.indices.filter { content.features[$0]?.name?.hasPrefix("4/") == true })
        #expect(kept.count == capacity && Set(content.paths.map(\.slot)) == kept)
    }

    @Test func aTrackerMovedTwiceInOneDeliveryKeepsOnlyItsLatestTrail() {
        var content = LayerContent(streamIdentity: 1, trail: 3)
        let at = { (lon: Double) in LayerFeature(id: "bus", geometries: [.point(LatLon(lat: 0, lon: lon))]) }
        content.add([at(0), at(1), at(2)])
        content.add([at(3), at(4)])
        #expect(content.paths.count == 1 && content.count == 1)
        #expect(content.paths.first?.slot == 0)
        #expect(
            content.features[0]?.geometries == [
                .line((2...4).map { LatLon(lat: 0, lon: Double($0)) }), .point(LatLon(lat: 0, lon: 4)),
            ])
    }
}
