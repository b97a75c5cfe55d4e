import Foundation
import GeoCore
import Places
import Synchronization

/// A `PlaceSource` for runtime and view-model tests: answers from a list of places by the
/// `PlaceSource` rules, or fails with a chosen error, and records every query.
public final class PlacesStubSource: PlaceSource, Sendable {
    /// One call of `places(in:filter:limit:)` (`limit` 0 and `zoom` set for `markers`).
    public struct Query: Sendable, Hashable {
        public var region: GeoBounds
        public var filter: PlaceFilter
        public var limit: Int
        public var zoom: Int?
    }

    private struct Stub {
        var places: [Place]
        var error: (any Error)?
        var recorded: [Query] = []
    }

    private let stub: Mutex<Stub>

    /// A stub answering from `places`, or throwing `error` when it is set.
    public init(places: [Place] = [], error: (any Error)? = nil) {
        stub = Mutex(Stub(places: places, error: error))
    }

    /// Every query so far, in order.
    public var queries: [Query] {
        stub.withLock { $0.recorded }
    }

    /// Changes the answer of later queries: these places, or this error when it is not nil.
    public func answer(with places: [Place], error: (any Error)? = nil) {
        stub.withLock { stub in
            stub.places = places
            stub.error = error
        }
    }

    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        let (places, error) = stub.withLock { stub in
            stub.recorded.append(Query(region: region, filter: filter, limit: limit))
            return (stub.places, stub.error)
        }
        if let error { throw error }
        return PlaceRanking.select(places, in: region, filter: filter, limit: limit)
    }

    /// The markers of `PlaceClusters` over the current places.
    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        let (places, error) = stub.withLock { stub in
            stub.recorded.append(Query(region: region, filter: filter, limit: 0, zoom: zoom))
            return (stub.places, stub.error)
        }
        if let error { throw error }
        return MarkerBatch(markers: PlaceClusters(places: places).markers(in: region, zoom: zoom, filter: filter))
    }

    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        let places = stub.withLock { $0.places }
        return PlaceClusters(places: places).mostImportant(in: cluster, filter: filter, limit: limit)
    }
}
