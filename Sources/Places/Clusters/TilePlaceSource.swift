import GeoCore
import Synchronization

/// One place source for the map, `render` and `mapterm places`: the configured source (`base`) and the
/// points of interest of the map's tiles seen so far (`add`), clustered in memory by a
/// `PlaceAccumulator`. A tile's toilet that is a restroom `base` has (`TilePlaceMerge`) is not a place of
/// its own: the stored restroom is shown once, with what the tile says joined to its details.
/// Thread-safe.
public final class TilePlaceSource: PlaceSource {
    /// The configured source.
    public let base: any PlaceSource
    /// Whether a tile's toilets are matched with `base`'s restrooms (false for a source that would be
    /// asked over the network for every tile read: the Refuge Restrooms API alone).
    public let matchesBase: Bool
    private let accumulator: PlaceAccumulator
    private let state = Mutex(State())

    private struct State {
        /// The ids of every tile place added, merged ones included.
        var seen = Set<String>()
        /// The tile places kept as places of their own, by id.
        var own: [String: Place] = [:]
        /// What the tiles say about stored restrooms, by the stored restroom's id.
        var twins: [String: OpenStreetMapDetails] = [:]
    }

    /// Added to the node of a cluster of the tile places, so that a `ClusterRef` names its source.
    static let tileNodeOffset: Int64 = 1 << 56

    /// The most tile places asked of `base` for restrooms at once, per tile.
    static let storedRestroomLimit = 2000

    /// - Parameters:
    ///   - base: the configured source.
    ///   - matchesBase: match a tile's toilets with `base`'s restrooms (`base` is asked for those around
    ///     each tile read); false leaves every toilet a place of its own.
    ///   - capacity: the most tile places kept (the oldest forgotten first).
    public init(base: any PlaceSource, matchesBase: Bool = true, capacity: Int = 50_000) {
        self.base = base
        self.matchesBase = matchesBase
        accumulator = PlaceAccumulator(capacity: capacity)
    }

    /// The number of tile places that are places of their own.
    public var tilePlaceCount: Int { state.withLock { $0.own.count } }

    /// Adds the places read from one tile covering `bounds`. Toilets are first matched with the
    /// restrooms `base` has around them (a failing `base` joins nothing). Returns true when the map
    /// changed: a new place, or a stored restroom that gained what a tile says.
    @discardableResult
    public func add(_ places: [Place], in bounds: GeoBounds) async -> Bool {
        let fresh = state.withLock { state in places.filter { !state.seen.contains($0.id) } }
        guard !fresh.isEmpty else { return false }
        var stored: [Place] = []
        if matchesBase, fresh.contains(where: { $0.kind == .restroom }) {
            let region = TilePlaceMerge.grown(bounds)
            stored =
                (try? await base.places(
                    in: region, filter: PlaceFilter(kinds: [.restroom]), limit: Self.storedRestroomLimit)) ?? []
        }
        let (own, twins) = TilePlaceMerge.split(fresh, stored: stored)
        let added = state.withLock { state in
            var added: [Place] = []
            for place in fresh { state.seen.insert(place.id) }
            for place in own where state.own.updateValue(place, forKey: place.id) == nil { added.append(place) }
            for (id, toilet) in twins where state.twins[id] == nil {
                state.twins[id] = toilet.openStreetMap ?? OpenStreetMapDetails(schema: "", tags: [])
            }
            return added
        }
        accumulator.add(added)
        return !added.isEmpty || !twins.isEmpty
    }

    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        let stored = try await base.places(in: region, filter: filter, limit: limit).map(joined)
        let own = state.withLock { Array($0.own.values) }
        return PlaceRanking.select(stored + own, in: region, filter: filter, limit: limit)
    }

    public func details(for place: Place) async throws -> Place {
        if state.withLock({ $0.own[place.id] != nil }) { return place }
        return joined(try await base.details(for: place))
    }

    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        var batch = try await base.markers(in: region, zoom: zoom, filter: filter)
        batch.markers = batch.markers.map { marker in
            guard let place = marker.place else { return marker }
            var copy = marker
            copy.content = .place(joined(place))
            return copy
        }
        for var marker in accumulator.markers(in: region, zoom: zoom, filter: filter) {
            if let ref = marker.cluster {
                marker.content = .cluster(ClusterRef(group: ref.group, node: ref.node + Self.tileNodeOffset))
            }
            batch.markers.append(marker)
        }
        return batch
    }

    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        guard cluster.node >= Self.tileNodeOffset else {
            return try await base.mostImportant(in: cluster, filter: filter, limit: limit).map(joined)
        }
        let own = ClusterRef(group: cluster.group, node: cluster.node - Self.tileNodeOffset)
        return accumulator.mostImportant(in: own, filter: filter, limit: limit)
    }

    /// A stored restroom with what a tile says about it joined to its details (when they are loaded).
    private func joined(_ place: Place) -> Place {
        guard place.kind == .restroom, case .restroom(var details) = place.details,
            let tile = state.withLock({ $0.twins[place.id] })
        else { return place }
        details.openStreetMap = tile
        var copy = place
        copy.details = .restroom(details)
        return copy
    }
}
