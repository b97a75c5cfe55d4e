import GeoCore
import MapFeature
import Places
import Synchronization
import TestSupport
import Testing

/// The runtime asks the live source one question at a time: a question asked meanwhile waits, and a
/// newer one replaces it; each answer comes back as `.liveAnswered`.
@Suite struct LiveRuntimeTests {
    /// A live source whose answers wait until the test lets them go.
    final class GatedSource: PlaceSource {
        struct Gate {
            var asked: [GeoBounds] = []
            var released = 0
        }
        let gate = Mutex(Gate())

        func release(_ count: Int) { gate.withLock { $0.released += count } }
        var asked: [GeoBounds] { gate.withLock { $0.asked } }

        func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
            let number = gate.withLock { gate in
                gate.asked.append(region)
                return gate.asked.count
            }
            while gate.withLock({ $0.released < number }) { try await Task.sleep(nanoseconds: 1_000_000) }
            return [
                Place(
                    id: "rr:\(number)", kind: .restroom, name: "Restroom \(number)",
                    coordinate: LatLon(lat: (region.south + region.north) / 2, lon: (region.west + region.east) / 2))
            ]
        }

        func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
            MarkerBatch(markers: [])
        }

        func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] { [] }
    }

    /// Keeps nothing; every place counts as new.
    struct CountingKeeper: PlaceKeeper {
        func keep(_ places: [Place], fetchedAt: Double) throws -> Int { places.count }
    }

    static func question(_ n: Int) -> LiveRequest {
        let south = 37 + Double(n) / 10
        return LiveRequest(
            region: GeoBounds(south: south, west: -123, north: south + 0.05, east: -122.9), filter: .standard,
            generation: n)
    }

    @Test func oneQuestionAtATimeAndTheNewestWaits() async throws {
        let source = GatedSource()
        let feed = LivePlaceFeed(name: "Refuge Restrooms", live: source, keeper: CountingKeeper()) { 0 }
        let runtime = MapRuntime(source: PlacesStubSource(), live: feed, clock: ManualClock())
        #expect(runtime.perform([.refreshLive(Self.question(1))]))
        while source.asked.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(runtime.perform([.refreshLive(Self.question(2)), .refreshLive(Self.question(3))]))
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(source.asked == [Self.question(1).region], "the second question waits for the first")
        source.release(2)
        await runtime.waitForLive()
        #expect(source.asked == [Self.question(1).region, Self.question(3).region], "question 2 was replaced")
        let answers = runtime.takeActions().compactMap { action -> Int? in
            if case .liveAnswered(let request, .refreshed(1)) = action { request.generation } else { nil }
        }
        #expect(answers == [1, 3])
    }

    @Test func aFailureComesBackWithItsReasonAndTheRetryIsATimer() async throws {
        let clock = ManualClock()
        let failing = PlacesStubSource(error: PlaceSourceError.timeout)
        let feed = LivePlaceFeed(name: "Refuge Restrooms", live: failing, keeper: CountingKeeper()) { 0 }
        let runtime = MapRuntime(source: PlacesStubSource(), live: feed, clock: clock)
        #expect(runtime.perform([.refreshLive(Self.question(1)), .retryLive(attempt: 1, afterSeconds: 1)]))
        await runtime.waitForLive()
        let failed = runtime.takeActions()
        guard case .liveAnswered(let request, .failed(let reason)) = try #require(failed.first) else {
            Issue.record("\(failed)")
            return
        }
        #expect(failed.count == 1 && request == Self.question(1) && reason == PlaceSourceError.timeout.description)
        clock.advance(by: 1)
        let due = runtime.takeActions()
        guard due.count == 1, case .liveRetryDue(1) = try #require(due.first) else {
            Issue.record("\(due)")
            return
        }
    }
}
