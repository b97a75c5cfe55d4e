import GeoCore
import Synchronization

/// Markers for a source that can only list the places of a region (an HTTP API): every place it has
/// returned is kept (up to `capacity`, the oldest forgotten first) and clustered with `PlaceClusters`,
/// so markers stay the same when the user pans back and forth. Thread-safe.
public final class PlaceAccumulator: Sendable {
    /// Most places kept.
    public let capacity: Int

    private struct State {
        var places: [String: Place] = [:]
        var order: [String] = []
        var clusters = PlaceClusters(places: [])
        var stale = false
    }

    private let state = Mutex(State())

    public init(capacity: Int = 50_000) { self.capacity = max(capacity, 1) }

    /// Adds (or replaces, by id) places.
    public func add(_ places: [Place]) {
        state.withLock { state in
            for place in places {
                if state.places.updateValue(place, forKey: place.id) == nil { state.order.append(place.id) }
            }
            if state.order.count > capacity {
                for id in state.order.prefix(state.order.count - capacity) { state.places[id] = nil }
                state.order.removeFirst(state.order.count - capacity)
            }
            state.stale = state.stale || !places.isEmpty
        }
    }

    /// The markers of the places kept; see `PlaceClusters.markers`.
    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) -> [PlaceMarker] {
        current().markers(in: region, zoom: zoom, filter: filter)
    }

    /// See `PlaceClusters.mostImportant`.
    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) -> [Place] {
        current().mostImportant(in: cluster, filter: filter, limit: limit)
    }

    private func current() -> PlaceClusters {
        state.withLock { state in
            if state.stale {
                state.clusters = PlaceClusters(places: state.order.compactMap { state.places[$0] })
                state.stale = false
            }
            return state.clusters
        }
    }
}
