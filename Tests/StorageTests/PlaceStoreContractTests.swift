import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

@Suite struct PlaceStoreContractTests {
    /// The shared contract, against the store's full-place view (the contract compares whole values).
    @Test func detailedStorePassesTheContract() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        try await checkPlaceSourceContract { places in try folder.store(with: places).detailed }
    }

    /// The store itself answers the contract's queries with the same ids in the same order, without
    /// details, and `details(for:)` restores each full place.
    @Test func lightStoreAgreesWithTheContractAndDetailsRestoreThePlace() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let seeded = PlacesContract.places
        let store = try folder.store(with: seeded)
        let regions = [PlacesContract.sanFrancisco, PlacesContract.fiji, PlacesContract.empty, GeoBounds.world]
        for region in regions {
            for limit in [1, 3, 100] {
                let got = try await store.places(in: region, kinds: PlaceKind.all, limit: limit)
                let want = PlacesContract.expected(seeded, in: region, filter: .standard, limit: limit)
                #expect(got == want.map(light), "\(region) limit \(limit)")
                for (place, full) in zip(got, want) {
                    #expect(try await store.details(for: place) == full)
                }
            }
        }
    }

    /// A place the store does not hold comes back from `details(for:)` unchanged.
    @Test func detailsOfAForeignPlaceAreLeftAlone() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: PlacesContract.places)
        let foreign = Place(id: "zz:1", kind: .restroom, name: "Elsewhere", coordinate: LatLon(lat: 1, lon: 2))
        #expect(try await store.details(for: foreign) == foreign)
    }
}
