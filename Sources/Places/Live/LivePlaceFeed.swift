import GeoCore
import Synchronization

/// The live part of the default place source: asks a live source (the Refuge Restrooms API) for the
/// places of a region and keeps what it answers in a `PlaceKeeper` (the places database), so the map,
/// which draws from the keeper, shows them beside the shipped places now and offline next time.
///
/// Good manners towards the live source:
/// - A region asked for less than `freshSeconds` ago (inside a region asked for then, with no more
///   amenities required) is not asked again: `refresh` answers `reused`.
/// - Only restrooms are asked for (the one kind the API knows); a filter without them asks nothing.
/// - One request at a time is the caller's rule (`MapRuntime` queues the newest region).
///
/// Thread-safe.
public final class LivePlaceFeed: Sendable {
    /// What one `refresh` did.
    public struct Refresh: Sendable, Hashable {
        /// Places the live source answered inside the region.
        public var fetched: Int
        /// Of those, places new to the keeper or changed there (0: what is shown stays right).
        public var changed: Int
        /// True when nothing was asked: the region was asked for recently, or the filter wants no restroom.
        public var reused: Bool

        public init(fetched: Int, changed: Int, reused: Bool) {
            self.fetched = fetched
            self.changed = changed
            self.reused = reused
        }
    }

    /// Seconds a region's answer is reused (10 minutes).
    public static let freshSeconds = 600.0
    /// Regions remembered for reuse, newest first.
    static let rememberedRegions = 64

    /// The name of the live source, for notes ("Refuge Restrooms").
    public let name: String
    private let live: any PlaceSource
    private let keeper: any PlaceKeeper
    private let now: @Sendable () -> Double
    private let limit: Int
    private let asked = Mutex<[(region: GeoBounds, amenities: RestroomAmenities, at: Double)]>([])

    /// `now` is the wall clock in seconds since 1970 (UTC): it dates what is kept and ages what was
    /// asked. `limit` is the most places asked for one region.
    public init(
        name: String, live: any PlaceSource, keeper: any PlaceKeeper, limit: Int = 500,
        now: @escaping @Sendable () -> Double
    ) {
        self.name = name
        self.live = live
        self.keeper = keeper
        self.limit = max(1, limit)
        self.now = now
    }

    /// Asks the live source for the restrooms of `region` passing `filter` (its amenities go to the
    /// server) and keeps them, unless the region was asked for recently and `reuse` is true.
    /// - Throws: the live source's `PlaceSourceError`, `PlaceSourceError.unavailable` when the keeper
    ///   cannot store them, `CancellationError`.
    public func refresh(_ region: GeoBounds, filter: PlaceFilter, reuse: Bool = true) async throws -> Refresh {
        guard filter.kinds.contains(.restroom), region.south <= region.north else {
            return Refresh(fetched: 0, changed: 0, reused: true)
        }
        let started = now()
        if reuse, isFresh(region, amenities: filter.amenities, at: started) {
            return Refresh(fetched: 0, changed: 0, reused: true)
        }
        let restrooms = PlaceFilter(kinds: [.restroom], amenities: filter.amenities)
        let places = try await live.places(in: region, filter: restrooms, limit: limit)
        try Task.checkCancellation()
        let changed: Int
        do {
            changed = try keeper.keep(places, fetchedAt: started)
        } catch {
            throw PlaceSourceError.unavailable("cannot keep what \(name) sent: \(error)")
        }
        asked.withLock { list in
            list.insert((region, filter.amenities, started), at: 0)
            if list.count > Self.rememberedRegions { list.removeLast(list.count - Self.rememberedRegions) }
        }
        return Refresh(fetched: places.count, changed: changed, reused: false)
    }

    /// True when a region holding `region` was asked for less than `freshSeconds` before `time`, with
    /// no amenity required that `amenities` does not require (its answer holds every place wanted now).
    private func isFresh(_ region: GeoBounds, amenities: RestroomAmenities, at time: Double) -> Bool {
        asked.withLock { list in
            list.contains { entry in
                time - entry.at < Self.freshSeconds && time >= entry.at && amenities.isSuperset(of: entry.amenities)
                    && entry.region.holds(region)
            }
        }
    }
}

extension GeoBounds {
    /// True when `other` lies inside this box; boxes crossing the antimeridian never hold another.
    fileprivate func holds(_ other: GeoBounds) -> Bool {
        west <= east && other.west <= other.east && west <= other.west && east >= other.east
            && south <= other.south && north >= other.north
    }
}
