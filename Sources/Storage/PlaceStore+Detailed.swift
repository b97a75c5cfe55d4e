import GeoCore
import Places

extension PlaceStore {
    /// A `PlaceSource` over this store whose places come with their full details: the viewport query
    /// followed by one lookup by id per result. For lists and exports (`mapterm places --json`, the
    /// shared contract tests); the map uses the store itself and `details(for:)`.
    package var detailed: DetailedPlaceStore { DetailedPlaceStore(store: self) }
}

/// The places of a `PlaceStore` with their details; see `PlaceStore.detailed`.
package struct DetailedPlaceStore: PlaceSource {
    /// The store answering.
    package let store: PlaceStore

    package func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        var result = try await store.places(in: region, filter: filter, limit: limit)
        for index in result.indices {
            let id = result[index].id
            if let full = try PlaceStore.asSourceError({ try store.place(id: id) }) { result[index] = full }
        }
        return result
    }

    package func details(for place: Place) async throws -> Place {
        try await store.details(for: place)
    }

    package func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        try await store.markers(in: region, zoom: zoom, filter: filter)
    }

    package func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        try await store.mostImportant(in: cluster, filter: filter, limit: limit)
    }
}
