import GeoCore
import Places
import TestSupport
import Testing

@Suite struct InMemoryPlaceIndexTests {
    func bruteForce(_ places: [Place], _ region: GeoBounds) -> Set<Int> {
        Set(places.indices.filter { region.contains(places[$0].coordinate) })
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func matchesBruteForceOnRandomQueries(seed: UInt64) {
        let places = PlacesRandom.places(count: 3000, seed: seed)
        for nodeSize in [2, 16, 64] {
            let index = InMemoryPlaceIndex(places, nodeSize: nodeSize)
            var generator = SeededGenerator(seed: seed &* 1000 &+ UInt64(nodeSize))
            var crossing = 0
            for _ in 0..<150 {
                let region = PlacesRandom.region(using: &generator)
                if region.crossesAntimeridian { crossing += 1 }
                let got = index.indices(in: region)
                #expect(got.count == Set(got).count, "no duplicates")
                #expect(Set(got) == bruteForce(places, region), "\(region)")
            }
            #expect(crossing > 5, "some regions cross the antimeridian")
        }
    }

    @Test func denseClusterWithDuplicatesAndAntimeridian() {
        let area = GeoBounds(south: -20, west: 170, north: -10, east: -170)
        let places = PlacesRandom.places(count: 2000, in: area, seed: 9)
        let index = InMemoryPlaceIndex(places, nodeSize: 8)
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            let region = PlacesRandom.region(in: area, minSpan: 0.01, maxSpan: 12, using: &generator)
            #expect(Set(index.indices(in: region)) == bruteForce(places, region), "\(region)")
        }
        #expect(Set(index.indices(in: area)) == Set(places.indices))
    }

    @Test func rankedQueriesMatchTheRankingRule() {
        let places = PlacesRandom.places(count: 1500, seed: 4)
        let index = InMemoryPlaceIndex(places)
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<50 {
            let region = PlacesRandom.region(using: &generator)
            let limit = Int.random(in: 1...40, using: &generator)
            let got = index.places(in: region, filter: PlaceFilter(kinds: [.restroom]), limit: limit)
            let want = PlacesContract.expected(
                places, in: region, filter: PlaceFilter(kinds: [.restroom]), limit: limit)
            #expect(got.map(\.id) == want.map(\.id))
        }
    }

    @Test func edgesInvalidPointsAndEmptyInput() {
        let onEdge = Place(id: "a", kind: .restroom, name: "a", coordinate: LatLon(lat: 10, lon: 20))
        let invalid = Place(id: "b", kind: .restroom, name: "b", coordinate: LatLon(lat: 95, lon: 20))
        let index = InMemoryPlaceIndex([onEdge, invalid])
        #expect(index.count == 1)
        #expect(index.indices(in: GeoBounds(south: 10, west: 20, north: 11, east: 21)) == [0])
        #expect(index.indices(in: GeoBounds(south: 11, west: 20, north: 10, east: 21)).isEmpty, "inverted region")
        #expect(InMemoryPlaceIndex([]).indices(in: .world).isEmpty)
    }
}
