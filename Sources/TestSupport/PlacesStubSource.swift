import Foundation
import GeoCore
import Places

/// A `PlaceSource` for runtime and view-model tests: answers from a list of places by the
/// `PlaceSource` rules, or fails with a chosen error, and records every query.
public final class PlacesStubSource: PlaceSource, @unchecked Sendable {
    /// One call of `places(in:kinds:limit:)`.
    public struct Query: Sendable, Hashable {
        public var region: GeoBounds
        public var kinds: Set<PlaceKind>
        public var limit: Int
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var places: [Place]
    private var error: (any Error)?
    private var recorded: [Query] = []

    /// A stub answering from `places`, or throwing `error` when it is set.
    public init(places: [Place] = [], error: (any Error)? = nil) {
        self.places = places
        self.error = error
    }

    /// Every query so far, in order.
    public var queries: [Query] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Changes the answer of later queries: these places, or this error when it is not nil.
    public func answer(with places: [Place], error: (any Error)? = nil) {
        lock.lock()
        self.places = places
        self.error = error
        lock.unlock()
    }

    public func places(in region: GeoBounds, kinds: Set<PlaceKind>, limit: Int) async throws -> [Place] {
        let (places, error) = lock.withLock {
            recorded.append(Query(region: region, kinds: kinds, limit: limit))
            return (self.places, self.error)
        }
        if let error { throw error }
        return PlaceRanking.select(places, in: region, kinds: kinds, limit: limit)
    }
}
