import GeoCore
import Places
import Synchronization
import TestSupport
import Testing

/// The live part of the default source: asks about a region, keeps the answer, reuses a recent one.
@Suite struct LivePlaceFeedTests {
    /// A keeper in memory that records what it was given.
    final class MemoryKeeper: PlaceKeeper {
        struct Kept {
            var places: [String: Place] = [:]
            var calls = 0
        }
        let kept = Mutex(Kept())
        let failure: (any Error)?

        init(failure: (any Error)? = nil) { self.failure = failure }

        func keep(_ places: [Place], fetchedAt: Double) throws -> Int {
            if let failure { throw failure }
            return kept.withLock { kept in
                kept.calls += 1
                var changed = 0
                for place in places where kept.places[place.id] != place {
                    kept.places[place.id] = place
                    changed += 1
                }
                return changed
            }
        }
    }

    struct KeeperBroken: Error {}

    static let city = GeoBounds(south: 37.70, west: -122.50, north: 37.80, east: -122.40)
    static let restrooms = (0..<5).map { n in
        Place(
            id: "rr:\(n)", kind: .restroom, name: "Restroom \(n)",
            coordinate: LatLon(lat: 37.71 + 0.01 * Double(n), lon: -122.45),
            details: .restroom(RestroomDetails(accessible: n.isMultiple(of: 2))))
    }

    /// A wall clock the test sets, in seconds since 1970.
    final class WallClock: Sendable {
        let time = Mutex(1_000_000.0)
        func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
    }

    let clock = WallClock()
    func feed(_ live: PlacesStubSource, _ keeper: MemoryKeeper) -> LivePlaceFeed {
        let clock = self.clock
        return LivePlaceFeed(name: "Refuge Restrooms", live: live, keeper: keeper) { clock.time.withLock { $0 } }
    }

    @Test func asksKeepsAndCountsWhatChanged() async throws {
        let live = PlacesStubSource(places: Self.restrooms)
        let keeper = MemoryKeeper()
        let feed = feed(live, keeper)
        let first = try await feed.refresh(Self.city, filter: .standard)
        #expect(first == .init(fetched: 5, changed: 5, reused: false))
        #expect(live.queries.count == 1 && live.queries[0].filter.kinds == [.restroom])
        #expect(keeper.kept.withLock { $0.places.count } == 5)
    }

    @Test func aRecentRegionIsReusedUntilItAges() async throws {
        let live = PlacesStubSource(places: Self.restrooms)
        let feed = feed(live, MemoryKeeper())
        _ = try await feed.refresh(Self.city, filter: .standard)
        let inside = GeoBounds(south: 37.72, west: -122.48, north: 37.78, east: -122.42)
        #expect(try await feed.refresh(inside, filter: .standard).reused)
        // Requiring an amenity is answered by the wider question; the reverse is not.
        #expect(try await feed.refresh(inside, filter: PlaceFilter(amenities: .accessible)).reused)
        #expect(live.queries.count == 1)
        let beyond = GeoBounds(south: 37.72, west: -122.60, north: 37.78, east: -122.42)
        #expect(try await !feed.refresh(beyond, filter: .standard).reused)
        #expect(live.queries.count == 2)
        clock.advance(LivePlaceFeed.freshSeconds)
        #expect(try await !feed.refresh(inside, filter: .standard).reused, "ten minutes later it is asked again")
        #expect(try await !feed.refresh(inside, filter: .standard, reuse: false).reused, "r asks again at once")
        #expect(live.queries.count == 4)
    }

    @Test func anAmenityFilterGoesToTheSourceAndIsNotCoveredByANarrowerAnswer() async throws {
        let live = PlacesStubSource(places: Self.restrooms)
        let feed = feed(live, MemoryKeeper())
        let accessible = try await feed.refresh(Self.city, filter: PlaceFilter(amenities: .accessible))
        #expect(accessible.fetched == 3)
        #expect(live.queries.last?.filter.amenities == .accessible)
        #expect(try await !feed.refresh(Self.city, filter: .standard).reused)
    }

    @Test func aFilterWithoutRestroomsAsksNothing() async throws {
        let live = PlacesStubSource(places: Self.restrooms)
        let feed = feed(live, MemoryKeeper())
        #expect(try await feed.refresh(Self.city, filter: PlaceFilter(kinds: [.airport])).reused)
        #expect(live.queries.isEmpty)
    }

    @Test func failuresArePassedOnAndNothingIsRemembered() async throws {
        let live = PlacesStubSource(places: Self.restrooms, error: PlaceSourceError.httpStatus(500))
        let keeper = MemoryKeeper()
        let feed = feed(live, keeper)
        await #expect(throws: PlaceSourceError.httpStatus(500)) { try await feed.refresh(Self.city, filter: .standard) }
        live.answer(with: Self.restrooms)
        #expect(try await !feed.refresh(Self.city, filter: .standard).reused, "a failed question is asked again")
        let broken = self.feed(PlacesStubSource(places: Self.restrooms), MemoryKeeper(failure: KeeperBroken()))
        await #expect {
            try await broken.refresh(Self.city, filter: .standard)
        } throws: { error in
            guard case .unavailable(let reason) = error as? PlaceSourceError else { return false }
            return reason.contains("cannot keep what Refuge Restrooms sent")
        }
    }
}
