import GeoCore
import Places
import Testing

@Suite struct PlaceRankingTests {
    @Test func centers() {
        #expect(
            PlaceRanking.center(of: GeoBounds(south: 10, west: 20, north: 30, east: 40)) == LatLon(lat: 20, lon: 30))
        #expect(
            PlaceRanking.center(of: GeoBounds(south: -18, west: 179, north: -16, east: -179))
                == LatLon(lat: -17, lon: -180))
        #expect(
            PlaceRanking.center(of: GeoBounds(south: 0, west: 170, north: 0, east: -150)) == LatLon(lat: 0, lon: -170))
        #expect(PlaceRanking.center(of: .world) == LatLon(lat: 0, lon: 0))
        #expect(PlaceRanking.lonSpan(of: GeoBounds(south: 0, west: 170, north: 0, east: -170)) == 20)
    }

    @Test func radiusCoversTheCorners() {
        let region = GeoBounds(south: 37.7, west: -122.52, north: 37.82, east: -122.35)
        let radius = PlaceRanking.radiusKm(of: region)
        let center = PlaceRanking.center(of: region)
        let corner = Geodesy.sphericalDistance(center, LatLon(lat: 37.82, lon: -122.52))
        #expect(radius >= corner && radius < corner * 1.01)
    }

    @Test func selectRanksFiltersAndDeduplicates() {
        let region = GeoBounds(south: 0, west: 0, north: 10, east: 10)
        func place(_ id: String, _ lat: Double, _ lon: Double, _ kind: PlaceKind = .restroom) -> Place {
            Place(id: id, kind: kind, name: id, coordinate: LatLon(lat: lat, lon: lon))
        }
        let candidates = [
            place("far", 1, 1), place("b", 5, 5), place("a", 5, 5), place("out", 11, 5), place("plane", 5, 6, .airport),
            place("a", 9, 9),
        ]
        #expect(
            PlaceRanking.select(candidates, in: region, filter: PlaceFilter(kinds: PlaceKind.all), limit: 10).map(\.id)
                == [
                    "a", "b", "plane", "far",
                ])
        #expect(
            PlaceRanking.select(candidates, in: region, filter: PlaceFilter(kinds: [.restroom]), limit: 2).map(\.id)
                == ["a", "b"])
        #expect(PlaceRanking.select(candidates, in: region, filter: PlaceFilter(kinds: []), limit: 2).isEmpty)
        #expect(
            PlaceRanking.select(candidates, in: region, filter: PlaceFilter(kinds: PlaceKind.all), limit: 0).isEmpty)
    }
}
